#!/usr/bin/env bash
# WebAssembly against native, in one run on the same inputs through the same C ABI calls: Korf's 100 solved
# with the 4x4 pattern databases, and 50,000 random 8-puzzles played to the goal by table hints (in wasm
# twice: the same two ABI calls a hint as native.c, and through the package's objects).
# scripts/bench-wasm/native.c (linked with liblphint.a) and scripts/bench-wasm/wasm.mjs (the JS package on
# lphint.wasm under Node) each print the time of the work itself; farm-bench, when installed, times both
# whole processes alternately and prints the ratio (wasm/native).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p target/bench
cargo build --release --features cli -q
scripts/build-wasm.sh >/dev/null
gcc -O2 -std=c11 -Wall -Wextra -Werror -Iinclude scripts/bench-wasm/native.c target/release/liblphint.a \
    -lpthread -ldl -lm -o target/bench/native
# Made again whenever `lp` is newer than them: tables from an older format version are refused.
[ target/bench/korf.bin -nt target/release/lp ] ||
    target/release/lp tables build --kind pdb --param blank=0 -o target/bench/korf.bin
[ target/bench/eight.bin -nt target/release/lp ] ||
    target/release/lp tables build --kind eight -o target/bench/eight.bin
echo "lphint.wasm: $(stat -c %s bindings/js/lphint.wasm) bytes"
korf=(korf target/bench/korf.bin data/korf100.txt)
eight=(eight target/bench/eight.bin 50000)
eight_abi=(eight-abi target/bench/eight.bin 50000)
for work in korf eight_abi eight; do
    declare -n args=$work
    # native.c makes the same calls for both forms of eight.
    target/bench/native "${args[0]%-abi}" "${args[@]:1}" | sed 's/^/native /'
    node scripts/bench-wasm/wasm.mjs "${args[@]}" | sed 's/^/wasm   /'
    if command -v farm-bench >/dev/null 2>&1; then
        farm-bench -n 5 --vs "target/bench/native ${args[0]%-abi} ${args[*]:1}" -- \
            node scripts/bench-wasm/wasm.mjs "${args[@]}" | grep -E "^(A|B) (wall|peak)|^A/B wall"
    fi
done
