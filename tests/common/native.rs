//! The native library built once per test binary for the C, C++ and C# tests, in its own target directory
//! (so as not to wait on the outer cargo's lock): `liblphint.a` and `liblphint.so`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The repository root.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The directory holding the freshly built `liblphint.a` and `liblphint.so`.
pub fn library_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let target = root().join("target/c-abi");
        let status = Command::new(env!("CARGO"))
            .args(["build", "--lib", "--quiet", "--manifest-path"])
            .arg(root().join("Cargo.toml"))
            .env("CARGO_TARGET_DIR", &target)
            .status()
            .expect("cargo runs");
        assert!(status.success(), "building the native library failed");
        target.join("debug")
    })
}

/// `bindings/js/lphint.wasm`, freshly built for `wasm32-unknown-unknown` (release, no debug info) in its
/// own target directory, as `scripts/build-wasm.sh` builds it, once per test binary; the package copied
/// into `studio/lphint/` as well.
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
