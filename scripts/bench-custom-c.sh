#!/usr/bin/env bash
# The callback boundary from C (benches/c/custom_bench.c): the release library, the bench built with
# gcc -O2, run on BOARDS random 8-puzzles for ROUNDS alternated rounds (defaults 1000 and 5).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
target="$root/target/c-bench"
CARGO_TARGET_DIR="$target" cargo build --release --lib --quiet --manifest-path "$root/Cargo.toml"
gcc -std=c11 -O2 -Wall -Wextra -Werror -I "$root/include" "$root/benches/c/custom_bench.c" \
    "$target/release/liblphint.a" -lgcc_s -lutil -lrt -lpthread -lm -ldl -lc -o "$target/custom_bench"
"$target/custom_bench" "${1:-1000}" "${2:-5}"
