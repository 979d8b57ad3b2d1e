#!/usr/bin/env bash
# The one test command: formatting, lints, every test (Rust, C, C++, C# under Mono, JavaScript under Node and
# headless Chromium), and the no_std builds.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step's wall-clock and CPU time, for the summary: the user and system time of the processes it ran
# and waited for, and the whole machine's busy time. The second also counts what no one waits for (the
# browser's renderers and workers, wineserver) and anything else running on the machine: on a CI machine
# running this alone, it is what the run costs.
step_names=() step_times=()
step_started=$SECONDS step_cpu=0 cpu=0 step_machine=0 machine=0
times_file=$(mktemp)
trap 'rm -f "$times_file"' EXIT
ticks=$(getconf CLK_TCK 2>/dev/null || echo 100)
read_cpu() {
    # Sets `cpu` to the user and system seconds of every process this shell has waited for: `times` run
    # in this shell (in a subshell it would count only the subshell's children), its second line.
    times > "$times_file"
    cpu=$(awk 'NR == 2 { t = 0; for (i = 1; i <= 2; i++) { split($i, p, "m"); t += p[1] * 60 + p[2] } printf "%d", t }' "$times_file")
    # And `machine` to the seconds every core has been busy since boot (user, nice, system, irq, softirq
    # in /proc/stat; 0 where there is none).
    machine=$(awk -v tck="$ticks" '$1 == "cpu" { printf "%d", ($2 + $3 + $4 + $7 + $8) / tck }' /proc/stat 2>/dev/null || echo 0)
}
end_step() {
    if [ ${#step_names[@]} -gt ${#step_times[@]} ]; then
        read_cpu
        step_times+=("$((SECONDS - step_started)) s wall, $((cpu - step_cpu)) s CPU, machine $((machine - step_machine)) s")
    fi
}
step() {
    end_step
    printf '\n== %s\n' "$*"
    read_cpu
    step_names+=("$*") step_started=$SECONDS step_cpu=$cpu step_machine=$machine
}
read_cpu
started_machine=$machine

# What the tests need from Debian, installed in one go without recommended packages (a Windows
# cross-compiler for x86-64 only): 78 packages instead of 249, 44 CPU-s instead of 71 on a fresh machine.
apt_packages=()
# The C# tests: Mono's compiler and runtime.
command -v mcs >/dev/null 2>&1 || apt_packages+=(mono-mcs)
command -v mono >/dev/null 2>&1 || apt_packages+=(mono-runtime)
# The JavaScript tests (tests/it/js.rs) need Node.js and npm, Debian's chromium for the web example, the
# wasm32 target, and TypeScript and playwright-core from npm (tests/js/package-lock.json).
command -v node >/dev/null 2>&1 || apt_packages+=(nodejs)
command -v npm >/dev/null 2>&1 || apt_packages+=(npm)
[ -x /usr/bin/chromium ] || apt_packages+=(chromium)
# The CMake package and lphint.pc are tested by building the examples with them (tests/it/c_abi.rs).
command -v cmake >/dev/null 2>&1 || apt_packages+=(cmake)
command -v pkg-config >/dev/null 2>&1 || apt_packages+=(pkg-config)
# doc-lint and the Dask test run Python 3 (the test fills a venv with pip: --python, pip 22.3 or later).
command -v python3 >/dev/null 2>&1 || apt_packages+=(python3 python3-venv)
python3 -m pip --version >/dev/null 2>&1 || apt_packages+=(python3-pip)
# The Windows build is compiled with mingw-w64 and its tests run under Wine (tests/it/windows.rs).
command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1 || apt_packages+=(gcc-mingw-w64-x86-64)
command -v x86_64-w64-mingw32-g++ >/dev/null 2>&1 || apt_packages+=(g++-mingw-w64-x86-64)
command -v wine >/dev/null 2>&1 || apt_packages+=(wine wine64)
if [ ${#apt_packages[@]} -gt 0 ]; then
    step "installing ${apt_packages[*]}"
    sudo=()
    [ "$(id -u)" -eq 0 ] || sudo=(sudo)
    "${sudo[@]}" apt-get update -qq
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -qq --no-install-recommends "${apt_packages[@]}" >/dev/null
fi
step "rustup target add wasm32-unknown-unknown x86_64-pc-windows-gnu; npm ci in tests/js"
rustup target add wasm32-unknown-unknown x86_64-pc-windows-gnu >/dev/null
npm ci --prefix tests/js --no-audit --no-fund --loglevel=error

step "cargo fmt --check"
cargo fmt --all -- --check

# --workspace: the Rust quick start (examples/rust, a package of its own) is checked with the library.
step "cargo clippy --workspace --all-targets --all-features -- -D warnings"
cargo clippy --workspace --all-targets --all-features -- -D warnings

step "scripts/doc-lint (no paragraph of the docs starts or ends mid-sentence)"
python3 scripts/doc-lint

step "cargo doc --no-deps --all-features (warnings are errors)"
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --all-features --quiet

# The library's unit tests (seconds of running) are built without optimisation: building the library a
# second time at level 1, for them alone, took 54 CPU-s on a fresh machine, at level 0 15 (the test
# profile is at level 3 now). The next step names the integration tests (`--test '*'`) rather than
# `--tests`, which takes in the library's unit tests too: that built them again optimised and ran them
# twice.
step "cargo test --all-features --profile dev --lib (the library's unit tests, unoptimised)"
cargo test --all-features --profile dev --lib

step "cargo test --all-features --bins --test '*' --examples; cargo test --doc"
cargo test --all-features --bins --test '*' --examples
cargo test --all-features --doc

# The no_std core is checked as an rlib: the staticlib and cdylib are final artifacts, which need a panic
# handler and a global allocator that only the game's own no_std binary can provide. A bare-metal target
# has no std at all, so checking the library for it proves the core no_std; where that target cannot be
# added, the library is built without default features on the host instead.
if rustup target add thumbv7em-none-eabihf >/dev/null 2>&1; then
    step "no_std check (thumbv7em-none-eabihf): cargo rustc --lib --profile check --crate-type rlib"
    cargo rustc --lib --profile check --crate-type rlib --no-default-features --target thumbv7em-none-eabihf
    no_std="checked for thumbv7em-none-eabihf"
else
    step "no_std build (host; thumbv7em-none-eabihf could not be added): cargo rustc --lib --crate-type rlib"
    cargo rustc --lib --no-default-features --crate-type rlib
    no_std="built on the host without default features (rustup could not add thumbv7em-none-eabihf)"
fi
end_step

printf '\n== summary\n'
echo "installed: ${apt_packages[*]:-nothing from apt}; wasm32 target and tests/js npm packages: ran"
echo "fmt: ran; clippy: ran; doc-lint: ran; doc: ran; tests (Rust, C, C++, C#, JavaScript under Node, the web example in Chromium, the Windows build under Wine, the CMake package and pkg-config, lp enumerate on a local Dask cluster with Dask from PyPI in target/dask-venv): ran"
echo "no_std: $no_std"
echo "time of each step:"
for i in "${!step_names[@]}"; do
    printf '  %-70s %s\n' "${step_names[$i]}" "${step_times[$i]}"
done
read_cpu
echo "  all: $SECONDS s wall, $cpu s CPU ($((cpu / 60)) CPU-minutes), the machine busy $((machine - started_machine)) s ($(((machine - started_machine) / 60)) CPU-minutes)"
