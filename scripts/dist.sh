#!/usr/bin/env bash
# Native packages of lphint, the way game developers install a plugin.
#
#   scripts/dist.sh [PLATFORM ...]
#       Builds (release, stripped) every platform this machine can build — or those named: linux-x86_64,
#       windows-x86_64, macos-universal, ios-arm64, android-arm64-v8a, android-armeabi-v7a,
#       android-x86_64, webgl — checks each (exported functions equal to the header's, no absolute
#       install names, minimum OS versions, SONAME), stages it as an install tree (include/, lib/, bin/,
#       the CMake package and lphint.pc) and archives it in dist/; then the Unity package tarball
#       dist/com.lphint.engine-VERSION[-PLATFORM+PLATFORM...].tgz from every binary built (the name lists
#       the platforms it holds unless it holds all). Prints a table of what was built, its size, what was
#       checked and what ran. Missing tools are reported; a platform named on the command line and not
#       built makes the script fail (exit 1), as does a run that builds nothing.
#
#   scripts/dist.sh stage PLATFORM LIBDIR OUT
#       Stages one platform's install tree from libraries already built in LIBDIR (the tests use it).
#
#   scripts/dist.sh name PLATFORM...
#       Prints the Unity package's file name (without .tgz) for a package holding those platforms.
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
        windows-*) echo "-lkernel32 -lntdll -luserenv -lws2_32 -ldbghelp" ;;
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
    fill "$root/packaging/lphint-static.pc.in" "$out/lib/pkgconfig/lphint-static.pc" \
        PLATFORM="$platform" VERSION="$version" PC_LIBS="$libs"
}

# A deterministic GUID for a file of the Unity package (its path in the package), as Unity writes them.
guid_of() { printf 'lphint-unity:%s' "$1" | md5sum | cut -c1-32; }

# The .meta of a folder of the Unity package.
folder_meta() {
    printf 'fileFormatVersion: 2\nguid: %s\nfolderAsset: yes\nDefaultImporter:\n  externalObjects: {}\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n' "$(guid_of "$1")"
}

# The PluginImporter .meta of a native library of the Unity package (`path` in it) for `kind`: windows,
# linux, macos (Editor and Standalone), ios, webgl, or android-CPU (ARM64, ARMv7, X86_64).
plugin_meta() {
    local path=$1 kind=$2
    local editor=0 os=AnyOS editor_cpu=None win64=0 linux=0 osx=0 android=0 android_cpu=None ios=0 webgl=0
    case "$kind" in
        windows) editor=1 os=Windows editor_cpu=x86_64 win64=1 ;;
        linux) editor=1 os=Linux editor_cpu=x86_64 linux=1 ;;
        macos) editor=1 os=OSX editor_cpu=AnyCPU osx=1 ;;
        ios) ios=1 ;;
        webgl) webgl=1 ;;
        android-*) android=1 android_cpu=${kind#android-} ;;
        *) echo "unknown plugin kind $kind" >&2; exit 1 ;;
    esac
    local cpu_of
    cpu_of() { if [ "$1" = 1 ]; then echo "$2"; else echo None; fi; }
    cat <<META
fileFormatVersion: 2
guid: $(guid_of "$path")
PluginImporter:
  externalObjects: {}
  serializedVersion: 2
  iconMap: {}
  executionOrder: {}
  defineConstraints: []
  isPreloaded: 0
  isOverridable: 0
  isExplicitlyReferenced: 0
  validateReferences: 1
  platformData:
  - first:
      : Any
    second:
      enabled: 0
      settings:
        Exclude Android: $((1 - android))
        Exclude Editor: $((1 - editor))
        Exclude Linux64: $((1 - linux))
        Exclude OSXUniversal: $((1 - osx))
        Exclude WebGL: $((1 - webgl))
        Exclude Win: 1
        Exclude Win64: $((1 - win64))
        Exclude iOS: $((1 - ios))
  - first:
      Android: Android
    second:
      enabled: $android
      settings:
        CPU: $android_cpu
  - first:
      Any: 
    second:
      enabled: 0
      settings: {}
  - first:
      Editor: Editor
    second:
      enabled: $editor
      settings:
        CPU: $editor_cpu
        DefaultValueInitialized: true
        OS: $os
  - first:
      Standalone: Linux64
    second:
      enabled: $linux
      settings:
        CPU: $(cpu_of "$linux" x86_64)
  - first:
      Standalone: OSXUniversal
    second:
      enabled: $osx
      settings:
        CPU: $(cpu_of "$osx" AnyCPU)
  - first:
      Standalone: Win
    second:
      enabled: 0
      settings:
        CPU: None
  - first:
      Standalone: Win64
    second:
      enabled: $win64
      settings:
        CPU: $(cpu_of "$win64" x86_64)
  - first:
      WebGL: WebGL
    second:
      enabled: $webgl
      settings: {}
  - first:
      iPhone: iOS
    second:
      enabled: $ios
      settings:
        AddToEmbeddedBinaries: false
        CPU: AnyCPU
        CompileFlags: 
        FrameworkDependencies: 
  userData: 
  assetBundleName: 
  assetBundleVariant: 
META
}

# unity DIST OUT: the Unity package (bindings/unity with every binary staged under DIST in Plugins/, a
# .meta for each) as the tarball OUT that "Add package from tarball" takes; the platforms it holds.
unity() {
    local dist=$1 out=$2
    local work
    work=$(mktemp -d)
    local package="$work/package"
    cp -R "$root/bindings/unity" "$package"
    rm -f "$package/Plugins/README.md" "$package/Plugins/README.md.meta"
    local held=()
    # platform, file in its tree, folder and name in Plugins/, importer kind
    while read -r platform file folder name kind; do
        local tree="$dist/lphint-$version-$platform"
        [ -f "$tree/$file" ] || continue
        mkdir -p "$package/Plugins/$folder"
        cp "$tree/$file" "$package/Plugins/$folder/$name"
        plugin_meta "Plugins/$folder/$name" "$kind" > "$package/Plugins/$folder/$name.meta"
        held+=("$platform")
    done <<LIST
windows-x86_64 bin/lphint.dll x86_64 lphint.dll windows
linux-x86_64 lib/liblphint.so.$abi x86_64 liblphint.so linux
macos-universal lib/liblphint.dylib macOS liblphint.dylib macos
ios-arm64 lib/liblphint.a iOS liblphint.a ios
android-arm64-v8a lib/liblphint.a Android/arm64-v8a liblphint.a android-ARM64
android-armeabi-v7a lib/liblphint.a Android/armeabi-v7a liblphint.a android-ARMv7
android-x86_64 lib/liblphint.a Android/x86_64 liblphint.a android-X86_64
webgl lib/liblphint.a WebGL liblphint.a webgl
LIST
    # Every folder under Plugins/ needs its .meta too.
    (cd "$package" && find Plugins -mindepth 1 -type d) | while read -r folder; do
        folder_meta "$folder" > "$package/$folder.meta"
    done
    mkdir -p "$(dirname "$out")"
    tar --sort=name --owner=0 --group=0 --numeric-owner --mtime='2026-01-01 00:00:00' -czf "$out" -C "$work" package
    rm -rf "$work"
    echo "${held[*]}"
}

# Every platform the script builds, in the order it builds them.
all_platforms=(linux-x86_64 windows-x86_64 macos-universal ios-arm64 android-arm64-v8a android-armeabi-v7a
    android-x86_64 webgl)

# package_name PLATFORM...: the Unity package's file name (no extension) for the platforms it holds:
# com.lphint.engine-VERSION when it holds all of them, else the platforms joined by '+' after it.
package_name() {
    local name="com.lphint.engine-$version" held
    held=$(printf '%s\n' "$@" | sort -u | wc -l)
    if [ "$held" -ne ${#all_platforms[@]} ]; then
        name="$name-$(IFS=+; echo "$*")"
    fi
    echo "$name"
}

case "${1:-}" in
    name)
        shift
        package_name "$@"
        exit 0 ;;
    unity)
        [ $# -eq 3 ] || { echo "usage: scripts/dist.sh unity DIST OUT" >&2; exit 1; }
        unity "$2" "$3"
        exit 0 ;;
    stage)
        [ $# -eq 4 ] || { echo "usage: scripts/dist.sh stage PLATFORM LIBDIR OUT" >&2; exit 1; }
        stage "$2" "$3" "$4"
        exit 0 ;;
esac

# ---- building every platform ----

out_dir="${LPHINT_DIST_DIR:-$root/dist}"
build_dir="$root/target/dist"
llvm_bin="$(rustc --print sysroot)/lib/rustlib/$(rustc -vV | sed -n 's/^host: //p')/bin"

# fat OUT ARM64 X86_64: a universal Mach-O file (a dylib or an archive) of the two architectures' files,
# as lipo -create makes it: the fat header, then each file at a 16 KiB boundary.
fat() {
    python3 - "$@" <<'PY'
import struct, sys
out, parts = sys.argv[1], [(0x0100000C, 0, sys.argv[2]), (0x01000007, 3, sys.argv[3])]
datas = [open(path, "rb").read() for _, _, path in parts]
align = 14
offset, entries = 1 << align, []
for (cputype, subtype, _), data in zip(parts, datas):
    entries.append((cputype, subtype, offset, len(data), align))
    offset = (offset + len(data) + (1 << align) - 1) // (1 << align) * (1 << align)
with open(out, "wb") as f:
    f.write(struct.pack(">II", 0xCAFEBABE, len(parts)))
    for entry in entries:
        f.write(struct.pack(">iiIII", *entry))
    for (_, _, start, size, _), data in zip(entries, datas):
        f.write(b"\0" * (start - f.tell()))
        f.write(data)
PY
}
results=()

# The Rust target of a platform.
target_of() {
    case "$1" in
        linux-x86_64) echo x86_64-unknown-linux-gnu ;;
        windows-x86_64) echo x86_64-pc-windows-gnu ;;
        macos-universal) echo universal2-apple-darwin ;;
        ios-arm64) echo aarch64-apple-ios ;;
        android-arm64-v8a) echo aarch64-linux-android ;;
        android-armeabi-v7a) echo armv7-linux-androideabi ;;
        android-x86_64) echo x86_64-linux-android ;;
        webgl) echo wasm32-unknown-emscripten ;;
    esac
}

# What a platform's build needs that this machine may lack: a message, or nothing.
missing_tools() {
    local target=$1 need=()
    local targets=("$target")
    [ "$target" = universal2-apple-darwin ] && targets=(aarch64-apple-darwin x86_64-apple-darwin)
    for t in "${targets[@]}"; do
        rustup target list --installed | grep -qx "$t" || need+=("rustup target add $t")
    done
    case "$1" in
        x86_64-pc-windows-gnu) command -v x86_64-w64-mingw32-gcc >/dev/null || need+=("apt-get install mingw-w64") ;;
        universal2-apple-darwin)
            command -v cargo-zigbuild >/dev/null || need+=("cargo install cargo-zigbuild")
            python3 -m ziglang version >/dev/null 2>&1 || command -v zig >/dev/null || need+=("pip install ziglang") ;;
        wasm32-unknown-emscripten) command -v emcc >/dev/null || need+=("apt-get install emscripten") ;;
    esac
    # The Linux and Windows builds are checked with binutils; the others with LLVM's tools.
    case "$1" in
        x86_64-unknown-linux-gnu | x86_64-pc-windows-gnu) ;;
        *) [ -x "$llvm_bin/llvm-nm" ] || need+=("rustup component add llvm-tools") ;;
    esac
    (IFS=';'; echo "${need[*]}")
}

# The functions the header declares, one a line, sorted.
header_functions() {
    grep -v '^ *//' "$root/include/lphint.h" | grep -o 'lp_[a-z0-9_]*(' | tr -d '(' | sort -u
}

# Compares the functions `symbols` (one a line) defines with the header's: "ok" or what differs.
against_header() {
    local symbols=$1 diff
    diff=$(comm -3 <(header_functions) <(sort -u <<< "$symbols") | tr -d '\t' | tr '\n' ' ')
    if [ -z "$diff" ]; then echo ok; else echo "differ: $diff"; fi
}

size_of() { du -k "$1" | cut -f1 | awk '{ printf "%.1f MB", $1 / 1024 }'; }

# build PLATFORM: builds, checks and stages one platform; appends its line to `results`.
build() {
    local platform=$1 target libs checks=() ran=() files=()
    target=$(target_of "$platform")
    local need
    need=$(missing_tools "$target")
    if [ -n "$need" ]; then
        results+=("$platform|not built|-|needs: $need|-")
        return
    fi
    local lib="$build_dir/$platform"
    rm -rf "$lib"
    mkdir -p "$lib"
    local cargo_env=(CARGO_TARGET_DIR="$build_dir/cargo" CARGO_PROFILE_RELEASE_DEBUG=0 CARGO_PROFILE_RELEASE_LTO=true
        CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1)
    local release="$build_dir/cargo/$target/release"
    echo "== $platform ($target)" >&2
    case "$platform" in
        linux-x86_64 | windows-x86_64)
            env "${cargo_env[@]}" cargo build --release --lib --target "$target" >&2
            cp "$release/liblphint.a" "$lib/" ;;&
        linux-x86_64)
            cp "$release/liblphint.so" "$lib/"
            strip --strip-unneeded "$lib/liblphint.so"
            strip --strip-debug "$lib/liblphint.a" 2>/dev/null || true
            checks+=("exports $(against_header "$(nm -D --defined-only "$lib/liblphint.so" | awk '$2 == "T" && $3 ~ /^lp_/ { print $3 }')")")
            local others
            others=$(nm -D --defined-only "$lib/liblphint.so" | awk '$3 !~ /^lp_/' | wc -l)
            checks+=("$others other symbols exported")
            checks+=("SONAME $(readelf -d "$lib/liblphint.so" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')")
            gcc -std=c11 -O2 -I"$root/include" "$root/examples/c/game.c" "$lib/liblphint.a" $(native_libs linux-x86_64) -o "$lib/game"
            ran+=("C example: $("$lib/game" | grep "solved in")") ;;
        windows-x86_64)
            cp "$release/lphint.dll" "$release/liblphint.dll.a" "$lib/"
            x86_64-w64-mingw32-strip --strip-unneeded "$lib/lphint.dll"
            x86_64-w64-mingw32-strip --strip-debug "$lib/liblphint.a" 2>/dev/null || true
            local exports
            exports=$(x86_64-w64-mingw32-objdump -p "$lib/lphint.dll" | sed -n '/\[Ordinal\/Name Pointer\] Table/,/^$/p' | grep -o 'lp_[a-z0-9_]*')
            checks+=("exports $(against_header "$exports")")
            { echo "LIBRARY lphint.dll"; echo "EXPORTS"; echo "$exports"; } > "$lib/lphint.def"
            x86_64-w64-mingw32-dlltool -m i386:x86-64 -d "$lib/lphint.def" -l "$lib/lphint.lib" -D lphint.dll
            checks+=("MSVC import library lphint.lib from lphint.def")
            if command -v wine >/dev/null; then
                x86_64-w64-mingw32-gcc -std=c11 -O2 -static -I"$root/include" "$root/examples/c/game.c" "$lib/liblphint.dll.a" -o "$lib/game.exe"
                x86_64-w64-mingw32-gcc -shared -O2 -o "$lib/bcryptprimitives.dll" "$root/tests/c/wine/bcryptprimitives.c" -lbcrypt
                ran+=("C example with the DLL under Wine: $(cd "$lib" && WINEPREFIX="$build_dir/wine" WINEDEBUG=-all wine game.exe 2>/dev/null | grep "solved in" | tr -d '\r')")
                rm -f "$lib/game.exe" "$lib/bcryptprimitives.dll"
            fi ;;
        macos-universal)
            # Each architecture on its own, the dylib alone (so that only the C ABI is exported, not the
            # Rust symbols a combined build keeps), install name @rpath (not the build path), macOS 11 at
            # least; joined in universal files.
            local arch fat=()
            for arch in aarch64 x86_64; do
                local upper=${arch^^}
                env "${cargo_env[@]}" MACOSX_DEPLOYMENT_TARGET=11.0 \
                    "CARGO_TARGET_${upper}_APPLE_DARWIN_RUSTFLAGS=-C link-arg=-Wl,-install_name,@rpath/liblphint.dylib" \
                    cargo-zigbuild rustc --release --lib --target "$arch-apple-darwin" --crate-type cdylib >&2
                env "${cargo_env[@]}" MACOSX_DEPLOYMENT_TARGET=11.0 \
                    cargo rustc --release --lib --target "$arch-apple-darwin" --crate-type staticlib >&2
                fat+=("$build_dir/cargo/$arch-apple-darwin/release")
            done
            fat "$lib/liblphint.dylib" "${fat[0]}/liblphint.dylib" "${fat[1]}/liblphint.dylib"
            fat "$lib/liblphint.a" "${fat[0]}/liblphint.a" "${fat[1]}/liblphint.a"
            "$llvm_bin/llvm-strip" -x "$lib/liblphint.dylib"
            local archs id minos absolute others
            archs=$("$llvm_bin/llvm-objdump" --macho --universal-headers "$lib/liblphint.dylib" | sed -n 's/^ *cputype CPU_TYPE_\(.*\)/\1/p' | tr '\n' ' ')
            checks+=("architectures: $archs")
            for arch in arm64 x86_64; do
                checks+=("$arch exports $(against_header "$("$llvm_bin/llvm-nm" --arch="$arch" -gU "$lib/liblphint.dylib" | awk '{ print $3 }' | sed -n 's/^_\(lp_.*\)/\1/p')")")
                others=$("$llvm_bin/llvm-nm" --arch="$arch" -gU "$lib/liblphint.dylib" | awk '$3 !~ /^_lp_/' | wc -l)
                checks+=("$others other symbols exported")
                checks+=("$arch archive defines $(against_header "$("$llvm_bin/llvm-nm" --arch="$arch" --defined-only "$lib/liblphint.a" 2>/dev/null | awk '$2 == "T" { print $3 }' | sed -n 's/^_\(lp_.*\)/\1/p')")")
            done
            id=$("$llvm_bin/llvm-objdump" --macho --dylib-id --arch=arm64 "$lib/liblphint.dylib" | tail -n 1)
            checks+=("install name $id")
            minos=$("$llvm_bin/llvm-objdump" --macho --private-headers --arch=arm64 "$lib/liblphint.dylib" | awk '$1 == "minos" { print $2; exit }' || true)
            checks+=("minimum macOS $minos")
            absolute=$("$llvm_bin/llvm-objdump" --macho --dylibs-used --arch=arm64 "$lib/liblphint.dylib" | tail -n +2 | grep -v -c -e '^\s*/usr/lib/' -e '^\s*/System/' -e '@rpath' || true)
            checks+=("$absolute libraries outside /usr/lib and /System") ;;
        ios-arm64 | android-* | webgl)
            local extra=()
            [ "$platform" = ios-arm64 ] && extra=(IPHONEOS_DEPLOYMENT_TARGET=13.0)
            env "${cargo_env[@]}" "${extra[@]}" cargo rustc --release --lib --target "$target" --crate-type staticlib >&2
            cp "$release/liblphint.a" "$lib/"
            "$llvm_bin/llvm-strip" --strip-debug "$lib/liblphint.a" 2>/dev/null || true
            local defined undefined
            defined=$("$llvm_bin/llvm-nm" --defined-only "$lib/liblphint.a" 2>/dev/null | awk '$2 == "T" { print $3 }' | sed -e 's/^_lp_/lp_/' | grep '^lp_')
            checks+=("defines $(against_header "$defined")")
            if [ "$platform" = ios-arm64 ]; then
                undefined=$("$llvm_bin/llvm-nm" -u "$lib/liblphint.a" 2>/dev/null | awk 'NF { print $NF }' | sort -u || true)
                local foreign
                foreign=$(comm -23 <(echo "$undefined") <("$llvm_bin/llvm-nm" --defined-only "$lib/liblphint.a" 2>/dev/null | awk '{ print $NF }' | sort -u) | wc -l)
                checks+=("$foreign symbols from the system (libSystem)")
                minos=$("$llvm_bin/llvm-objdump" --macho --private-headers "$lib/liblphint.a" 2>/dev/null | awk '$1 == "minos" { print $2; exit }' || true)
                checks+=("minimum iOS ${minos:-?}")
            fi
            if [ "$platform" = webgl ]; then
                # Debian's emscripten finds its Node modules (acorn) under /usr/share/nodejs; one file
                # (the module inlined) because its loader fetches a path, which Node 18+'s fetch refuses.
                NODE_PATH=/usr/share/nodejs emcc -O2 -fwasm-exceptions -sSINGLE_FILE=1 -sENVIRONMENT=node \
                    -I"$root/include" "$root/tests/c/webgl_hint.c" "$lib/liblphint.a" -o "$lib/webgl_hint.js" >&2
                ran+=("emcc $(emcc --version | head -n 1 | grep -o '[0-9][0-9.]*' | head -n 1) -fwasm-exceptions, under Node: $(node "$lib/webgl_hint.js" 2>&1 | tail -n 1)")
                rm -f "$lib/webgl_hint.js"
            fi ;;
    esac
    rm -f "$lib/game"
    local tree="$out_dir/lphint-$version-$platform"
    stage "$platform" "$lib" "$tree"
    tar --sort=name --owner=0 --group=0 --numeric-owner -czf "$tree.tar.gz" -C "$out_dir" "lphint-$version-$platform"
    for f in "$lib"/*; do case "$f" in *.a | *.so | *.dll | *.dylib | *.lib) files+=("$(basename "$f") $(size_of "$f")") ;; esac; done
    local IFS=';'
    results+=("$platform|${files[*]}|$(size_of "$tree.tar.gz")|${checks[*]:-}|${ran[*]:-static checks only}")
}

platforms=("$@")
asked=${#platforms[@]}
[ ${#platforms[@]} -gt 0 ] || platforms=("${all_platforms[@]}")
mkdir -p "$out_dir"
for platform in "${platforms[@]}"; do
    [ -n "$(target_of "$platform")" ] || { echo "unknown platform $platform (known: ${all_platforms[*]})" >&2; exit 1; }
    build "$platform"
done
# The platforms built: a Unity package holds only those, and its name says which unless it holds all.
built=()
for line in "${results[@]}"; do
    IFS='|' read -r platform files _ <<< "$line"
    [ "$files" = "not built" ] || built+=("$platform")
done
if [ ${#built[@]} -eq 0 ]; then
    printf '%s\n' "${results[@]}" >&2
    echo "no platform was built: nothing to package (see what each needs above)" >&2
    exit 1
fi
unity_name=$(package_name "${built[@]}")
rm -f "$out_dir"/com.lphint.engine-*.tgz
held=$(unity "$out_dir" "$out_dir/$unity_name.tgz")
echo
echo "| platform | libraries | archive | checked | ran |"
echo "|---|---|---|---|---|"
for line in "${results[@]}"; do
    IFS='|' read -r platform files archive checks ran <<< "$line"
    echo "| $platform | ${files//;/, } | $archive | ${checks//;/; } | ${ran//;/; } |"
done
echo
echo "Unity package: dist/$unity_name.tgz ($(size_of "$out_dir/$unity_name.tgz")), libraries of: $held"
# A platform named on the command line and not built is an error (all of them: the table says why).
if [ "$asked" -gt 0 ] && [ ${#built[@]} -ne ${#platforms[@]} ]; then
    echo "error: asked for ${platforms[*]}, built ${built[*]}: the others are not built (see the table)" >&2
    exit 1
fi
