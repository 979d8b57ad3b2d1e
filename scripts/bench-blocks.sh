#!/bin/sh
# Sliding blocks against the npm package klotski on its 40 Huarong Dao layouts (step count): installs
# klotski into a scratch folder, prints both sets of move counts, then times both whole runs with
# farm-bench when it is on the PATH (lp: one process per layout).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
work=${TMPDIR:-/tmp}/lphint-klotski
mkdir -p "$work"
cp "$root/benches/peers/klotski.js" "$work/"
(cd "$work" && [ -d node_modules/klotski ] || npm install --silent klotski@4.0.0)
cargo build --release --features cli --bin lp --manifest-path "$root/Cargo.toml"
lp="$root/target/release/lp"
node "$work/klotski.js" descs > "$work/descs.txt"
printf 'klotski: '; node "$work/klotski.js" peer
printf 'lphint:  '
while read -r d; do "$lp" solve "$d" --json | sed 's/.*"length":\([-0-9]*\).*/\1/;s/.*"status":"unsolvable".*/-1/'; done < "$work/descs.txt" | tr '\n' ' '
echo
cat > "$work/ours.sh" <<EOS
while read -r d; do "$lp" solve "\$d" --json > /dev/null; done < "$work/descs.txt"
EOS
if command -v farm-bench > /dev/null; then
  farm-bench -n 3 --vs "node $work/klotski.js peer" -- sh "$work/ours.sh"
fi
