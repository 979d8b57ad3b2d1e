//! The committed C header must be what cbindgen generates from the current source.
//! `UPDATE_HEADER=1 cargo test --test header` rewrites it.

use std::path::Path;

#[test]
fn committed_header_is_fresh() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(root.join("cbindgen.toml")).unwrap();
    let mut generated = Vec::new();
    cbindgen::Builder::new().with_crate(root).with_config(config).generate().unwrap().write(&mut generated);
    let generated = String::from_utf8(generated).unwrap();
    let path = root.join("include/lphint.h");
    if std::env::var_os("UPDATE_HEADER").is_some() {
        std::fs::write(&path, &generated).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(committed == generated, "include/lphint.h is stale: run UPDATE_HEADER=1 cargo test --test header");
}
