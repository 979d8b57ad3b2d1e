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

case "${1:-}" in
    unity)
        [ $# -eq 3 ] || { echo "usage: scripts/dist.sh unity DIST OUT" >&2; exit 1; }
        unity "$2" "$3"
        exit 0 ;;
    stage)
        [ $# -eq 4 ] || { echo "usage: scripts/dist.sh stage PLATFORM LIBDIR OUT" >&2; exit 1; }
        stage "$2" "$3" "$4"
        exit 0 ;;
esac

echo "scripts/dist.sh: building the platforms is not written yet; 'stage' is" >&2
exit 1
