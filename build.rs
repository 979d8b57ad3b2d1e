//! Gives the Linux shared library its SONAME, `liblphint.so.N` with N the C ABI version (so that a game
//! linked against one ABI never loads a library of another). Nothing else: the library builds the same
//! everywhere else.

fn main() {
    println!("cargo:rerun-if-changed=src/ffi/glue.rs");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("linux") {
        return;
    }
    let glue = std::fs::read_to_string("src/ffi/glue.rs").expect("src/ffi/glue.rs");
    let version = glue
        .lines()
        .find_map(|l| l.strip_prefix("pub const LP_ABI_VERSION: u32 = "))
        .and_then(|v| v.trim_end_matches(';').trim().parse::<u32>().ok())
        .expect("src/ffi/glue.rs defines LP_ABI_VERSION");
    println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,liblphint.so.{version}");
}
