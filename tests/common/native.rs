//! The native libraries the C, C++ and C# tests link: `liblphint.a` and `liblphint.so` as `cargo test` built
//! them for the tests themselves (the library's crate types include both), and the Windows and wasm
//! builds, each in its own target directory (so as not to wait on the outer cargo's lock).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The repository root.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The directory holding `liblphint.a` and `liblphint.so`: the directory of the running test binary
/// (`target/<profile>/deps`), where `cargo test` put them when it built the library for this test — fresh,
/// and no second build of the library (33 CPU-seconds on a fresh machine when it had a target directory of
/// its own). Cargo copies them up to `target/<profile>` only on `cargo build`, so the copies there may be
/// stale and are never used.
pub fn library_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let exe = std::env::current_exe().expect("the test binary's path");
        let dir = exe.parent().expect("target/<profile>/deps/<test>").to_path_buf();
        for name in ["liblphint.a", "liblphint.so"] {
            assert!(
                dir.join(name).is_file(),
                "{} missing: cargo test builds it with the tests",
                dir.join(name).display()
            );
        }
        dir
    })
}

/// Where the native tests put what they build (programs, CMake builds, install prefixes):
/// `target/<profile>/native-tests`, beside the library's directory.
pub fn work_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = library_dir().parent().expect("target/<profile>").join("native-tests");
        std::fs::create_dir_all(&dir).expect("the native tests' directory");
        dir
    })
}

/// `bindings/js/lphint.wasm`, freshly built for `wasm32-unknown-unknown` (release, no debug info) in its
/// own target directory, as `scripts/build-wasm.sh` builds it but without LTO (the same code, less
/// optimised across its parts: 57 CPU-s to build from clean instead of 71), once for all the tests; the
/// package copied into `studio/lphint/` as well.
pub fn wasm_module() -> &'static Path {
    static MODULE: OnceLock<PathBuf> = OnceLock::new();
    MODULE.get_or_init(|| {
        let target = root().join("target/js-wasm");
        let status = Command::new(env!("CARGO"))
            .args(["build", "--release", "--lib", "--quiet", "--target", "wasm32-unknown-unknown", "--manifest-path"])
            .arg(root().join("Cargo.toml"))
            .env("CARGO_TARGET_DIR", &target)
            .env("CARGO_PROFILE_RELEASE_DEBUG", "0")
            .env("CARGO_PROFILE_RELEASE_STRIP", "true")
            .env("CARGO_PROFILE_RELEASE_LTO", "off")
            .status()
            .expect("cargo runs");
        assert!(
            status.success(),
            "building lphint.wasm failed (is the target there? rustup target add wasm32-unknown-unknown)"
        );
        let module = root().join("bindings/js/lphint.wasm");
        std::fs::copy(target.join("wasm32-unknown-unknown/release/lphint.wasm"), &module).unwrap();
        // The studio serves its own copy of the package (studio/lphint/), as scripts/build-wasm.sh makes it.
        let studio = root().join("studio/lphint");
        std::fs::create_dir_all(&studio).unwrap();
        for file in ["index.js", "index.d.ts", "lphint.wasm"] {
            std::fs::copy(root().join("bindings/js").join(file), studio.join(file)).unwrap();
        }
        module
    })
}

/// The directory holding `lphint.dll`, its import library `liblphint.dll.a` and `liblphint.a`, built
/// for `x86_64-pc-windows-gnu` (a debug build, in its own target directory), once for all the tests.
pub fn windows_library_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let target = root().join("target/windows");
        let status = Command::new(env!("CARGO"))
            .args(["build", "--lib", "--quiet", "--target", "x86_64-pc-windows-gnu", "--manifest-path"])
            .arg(root().join("Cargo.toml"))
            .env("CARGO_TARGET_DIR", &target)
            .status()
            .expect("cargo runs");
        assert!(
            status.success(),
            "building the Windows library failed (rustup target add x86_64-pc-windows-gnu; mingw-w64 installed?)"
        );
        target.join("x86_64-pc-windows-gnu/debug")
    })
}

/// The functions `include/lphint.h` declares, sorted.
pub fn header_functions() -> Vec<String> {
    let header = std::fs::read_to_string(root().join("include/lphint.h")).unwrap();
    let mut names: Vec<String> = header
        .lines()
        .filter(|l| !l.trim_start().starts_with("//") && !l.trim_start().starts_with('*'))
        .flat_map(|l| l.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '(')))
        .filter(|w| w.starts_with("lp_") && w.contains('('))
        .map(|w| w[..w.find('(').unwrap()].to_string())
        .collect();
    names.sort();
    names.dedup();
    names
}
