#!/usr/bin/env bash
# The one test command: formatting, lints, every test (Rust, C, C++, C# under Mono, JavaScript under Node and
# headless Chromium), and the no_std builds.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }

# The C# tests need Mono's compiler and runtime (Debian packages mono-mcs and mono-runtime).
if ! command -v mcs >/dev/null 2>&1 || ! command -v mono >/dev/null 2>&1; then
    step "installing mono-mcs and mono-runtime"
    if [ "$(id -u)" -eq 0 ]; then
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq mono-mcs mono-runtime >/dev/null
    else
        sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq mono-mcs mono-runtime >/dev/null
    fi
fi

# The JavaScript tests (tests/js.rs) need Node.js and npm, Debian's chromium for the web example, the
# wasm32 target, and TypeScript and playwright-core from npm (tests/js/package-lock.json).
apt_packages=()
command -v node >/dev/null 2>&1 || apt_packages+=(nodejs)
command -v npm >/dev/null 2>&1 || apt_packages+=(npm)
[ -x /usr/bin/chromium ] || apt_packages+=(chromium)
if [ ${#apt_packages[@]} -gt 0 ]; then
    step "installing ${apt_packages[*]}"
    if [ "$(id -u)" -eq 0 ]; then
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${apt_packages[@]}" >/dev/null
    else
        sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${apt_packages[@]}" >/dev/null
    fi
fi
step "rustup target add wasm32-unknown-unknown; npm ci in tests/js"
rustup target add wasm32-unknown-unknown >/dev/null
npm ci --prefix tests/js --no-audit --no-fund --loglevel=error

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy --all-targets --all-features -- -D warnings"
cargo clippy --all-targets --all-features -- -D warnings

step "cargo test --all-features"
cargo test --all-features

# The no_std core is checked as an rlib: the staticlib and cdylib are final artifacts, which need a panic
# handler and a global allocator that only the game's own no_std binary can provide.
step "no_std build (host): cargo rustc --lib --no-default-features --crate-type rlib"
cargo rustc --lib --no-default-features --crate-type rlib
no_std_target="skipped (rustup could not add thumbv7em-none-eabihf)"
if rustup target add thumbv7em-none-eabihf >/dev/null 2>&1; then
    step "no_std build (thumbv7em-none-eabihf)"
    cargo rustc --lib --no-default-features --crate-type rlib --target thumbv7em-none-eabihf
    no_std_target="ran"
fi

step "summary"
echo "installed: ${apt_packages[*]:-nothing from apt}; wasm32 target and tests/js npm packages: ran"
echo "fmt: ran; clippy: ran; tests (Rust, C, C++, C#, JavaScript under Node, the web example in Chromium): ran"
echo "no_std host build: ran; no_std thumbv7em-none-eabihf build: $no_std_target"
