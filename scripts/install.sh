#!/usr/bin/env bash
# Installs the already built native library under a prefix, without building anything: the header and
# C++ wrapper (include/), the static and shared libraries (lib/), the CMake package (lib/cmake/lphint/)
# and the pkg-config files (lib/pkgconfig/), as scripts/dist.sh stages them. Takes a second or two.
#
#   cargo build --release --lib          # once: the libraries this script installs
#   scripts/install.sh PREFIX [LIBDIR]    # LIBDIR: where they are (default target/release)
#
# Files already under PREFIX stay (its other packages); lphint's own are replaced. The platform is this
# machine's (Linux x86_64 or aarch64, macOS, or Windows under MSYS2/MinGW).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: scripts/install.sh PREFIX [LIBDIR]" >&2
    exit 2
fi
prefix=$1
libdir=${2:-$root/target/release}
case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) platform=linux-x86_64 ;;
    Linux-aarch64) platform=linux-aarch64 ;;
    Darwin-*) platform=macos-universal ;;
    MINGW*-* | MSYS*-*) platform=windows-x86_64 ;;
    *) echo "scripts/install.sh: no install layout for $(uname -s) $(uname -m)" >&2; exit 1 ;;
esac
if [ ! -f "$libdir/liblphint.a" ]; then
    echo "scripts/install.sh: no liblphint.a in $libdir: build it first (cargo build --release --lib)" >&2
    exit 1
fi
staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
bash "$root/scripts/dist.sh" stage "$platform" "$libdir" "$staging/tree"
mkdir -p "$prefix"
cp -a "$staging/tree/." "$prefix/"
echo "installed lphint ($platform) under $prefix: include/lphint.h, lib/, lib/cmake/lphint, lib/pkgconfig"
