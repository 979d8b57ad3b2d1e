#!/usr/bin/env bash
# Builds the library for WebAssembly and puts it beside the JavaScript package: bindings/js/lphint.wasm
# (not committed; made by this script and by scripts/test.sh). Debug info is left out of this build only.
set -euo pipefail
cd "$(dirname "$0")/.."
rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || true
CARGO_PROFILE_RELEASE_DEBUG=0 CARGO_PROFILE_RELEASE_STRIP=true \
    cargo build --release --lib --target wasm32-unknown-unknown
cp target/wasm32-unknown-unknown/release/lphint.wasm bindings/js/lphint.wasm
echo "bindings/js/lphint.wasm: $(stat -c %s bindings/js/lphint.wasm) bytes"
