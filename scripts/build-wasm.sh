#!/usr/bin/env bash
# Builds the library for WebAssembly and puts it beside the JavaScript package, bindings/js/lphint.wasm, and
# copies the package into the studio (studio/lphint/, which `lp studio` serves). Neither is committed; the
# tests (tests/it/js.rs) make the same. Debug info is left out of this build only.
set -euo pipefail
cd "$(dirname "$0")/.."
rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || true
CARGO_PROFILE_RELEASE_DEBUG=0 CARGO_PROFILE_RELEASE_STRIP=true \
    cargo build --release --lib --target wasm32-unknown-unknown
cp target/wasm32-unknown-unknown/release/lphint.wasm bindings/js/lphint.wasm
mkdir -p studio/lphint
cp bindings/js/index.js bindings/js/index.d.ts bindings/js/lphint.wasm studio/lphint/
echo "bindings/js/lphint.wasm: $(stat -c %s bindings/js/lphint.wasm) bytes"
