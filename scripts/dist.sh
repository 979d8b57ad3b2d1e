#!/usr/bin/env bash
# Native packages of lphint, the way game developers install a plugin.
#
#   scripts/dist.sh [PLATFORM ...]
#       Builds (release, stripped) every platform this machine can build — or those named: linux-x86_64,
#       windows-x86_64, macos-universal, ios-arm64, android-arm64-v8a, android-armeabi-v7a,
#       android-x86_64, webgl — checks each (exported functions equal to the header's, no absolute
#       install names, minimum OS versions, SONAME), stages it as an install tree (include/, lib/, bin/,
#       the CMake package and lphint.pc) and archives it in dist/; then the Unity package tarball
#       dist/com.lphint.engine-VERSION.tgz from every binary built. Prints a table of what was built,
#       its size, what was checked and what ran. Missing tools are reported and their platforms skipped.
#
#   scripts/dist.sh stage PLATFORM LIBDIR OUT
#       Stages one platform's install tree from libraries already built in LIBDIR (the tests use it).
#
#   scripts/dist.sh unity DIST OUT
#       Builds the Unity package from the staged trees under DIST into the tarball OUT.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
version=$(sed -n 's/^version = "\(.*\)"/\1/p' "$root/Cargo.toml" | head -n 1)
abi=$(sed -n 's/^pub const LP_ABI_VERSION: u32 = \([0-9]*\);/\1/p' "$root/src/ffi/glue.rs")

# The system libraries a static lphint needs on each platform (what `--print native-static-libs`
# says for its Rust target), as linker flags.
native_libs() {
    case "$1" in
        linux-*) echo "-lgcc_s -lutil -lrt -lpthread -lm -ldl -lc" ;;
        windows-*) echo "-lkernel32 -ladvapi32 -lntdll -luserenv -lws2_32 -lbcrypt -ldbghelp" ;;
        macos-* | ios-*) echo "-lSystem -lc -lm" ;;
        android-*) echo "-ldl -llog -lunwind -lm -lc" ;;
        webgl) echo "" ;;
        *) echo "unknown platform $1" >&2; exit 1 ;;
    esac
}

# The files of a platform's libraries inside its tree: static, shared, import library, SONAME.
library_files() {
    case "$1" in
        linux-*) echo "lib/liblphint.a lib/liblphint.so.$abi - liblphint.so.$abi" ;;
        windows-*) echo "lib/liblphint.a bin/lphint.dll lib/liblphint.dll.a -" ;;
        macos-*) echo "lib/liblphint.a lib/liblphint.dylib - -" ;;
        *) echo "lib/liblphint.a - - -" ;;
    esac
}

# Writes `template` to `out` with @KEY@ replaced by the values given as KEY=VALUE.
fill() {
    local template=$1 out=$2
    shift 2
    local script=()
    for pair in "$@"; do
        local key=${pair%%=*} value=${pair#*=}
        value=${value//\\/\\\\}
        value=${value//|/\\|}
        value=${value//&/\\&}
        script+=(-e "s|@$key@|$value|g")
    done
    sed "${script[@]}" "$template" > "$out"
}

# stage PLATFORM LIBDIR OUT: the install tree of one platform from the libraries in LIBDIR (named as
# cargo names them: liblphint.a, liblphint.so, lphint.dll, liblphint.dll.a, lphint.lib, liblphint.dylib).
stage() {
    local platform=$1 libdir=$2 out=$3
    read -r static shared implib soname <<< "$(library_files "$platform")"
    rm -rf "$out"
    mkdir -p "$out/include" "$out/lib/cmake/lphint" "$out/lib/pkgconfig"
    cp "$root/include/lphint.h" "$root/bindings/cpp/lphint.hpp" "$out/include/"
    cp "$libdir/liblphint.a" "$out/$static"
    case "$platform" in
        linux-*)
            cp "$libdir/liblphint.so" "$out/$shared"
            ln -sf "liblphint.so.$abi" "$out/lib/liblphint.so" ;;
        windows-*)
            mkdir -p "$out/bin"
            cp "$libdir/lphint.dll" "$out/$shared"
            cp "$libdir/liblphint.dll.a" "$out/$implib"
            [ -f "$libdir/lphint.lib" ] && cp "$libdir/lphint.lib" "$out/lib/lphint.lib"
            [ -f "$libdir/lphint.def" ] && cp "$libdir/lphint.def" "$out/lib/lphint.def"
            soname=- ;;
        macos-*)
            cp "$libdir/liblphint.dylib" "$out/$shared" ;;
    esac
    [ "$shared" = "-" ] && shared=""
    [ "$implib" = "-" ] && implib=""
    [ "$soname" = "-" ] && soname=""
    local libs pointer=8
    libs=$(native_libs "$platform")
    case "$platform" in *armeabi-v7a | webgl) pointer=4 ;; esac
    local cmake_libs=""
    for flag in $libs; do cmake_libs="$cmake_libs;${flag#-l}"; done
    fill "$root/packaging/cmake/lphintConfig.cmake.in" "$out/lib/cmake/lphint/lphintConfig.cmake" \
        PLATFORM="$platform" STATIC="$static" SHARED="$shared" IMPLIB="$implib" SONAME="$soname" \
        LIBS="${cmake_libs#;}"
    fill "$root/packaging/cmake/lphintConfigVersion.cmake.in" "$out/lib/cmake/lphint/lphintConfigVersion.cmake" \
        VERSION="$version" POINTER_BYTES="$pointer"
    fill "$root/packaging/lphint.pc.in" "$out/lib/pkgconfig/lphint.pc" \
        PLATFORM="$platform" VERSION="$version" PC_LIBS="$libs"
}

case "${1:-}" in
    stage)
        [ $# -eq 4 ] || { echo "usage: scripts/dist.sh stage PLATFORM LIBDIR OUT" >&2; exit 1; }
        stage "$2" "$3" "$4"
        exit 0 ;;
esac

echo "scripts/dist.sh: building the platforms is not written yet; 'stage' is" >&2
exit 1
