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
