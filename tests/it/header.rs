//! The committed C header must be what cbindgen generates from the current source.
//! `UPDATE_HEADER=1 cargo test --test it header::` rewrites it. The doc comments' Rust links (`` [`lp_x`] ``,
//! `` [`lp_x`](path) ``) are written as plain code spans, as a C reader expects.

use std::path::Path;

#[test]
fn committed_header_is_fresh() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(root.join("cbindgen.toml")).unwrap();
    let mut generated = Vec::new();
    cbindgen::Builder::new().with_crate(root).with_config(config).generate().unwrap().write(&mut generated);
    let generated = plain_links(&String::from_utf8(generated).unwrap());
    let path = root.join("include/lphint.h");
    if std::env::var_os("UPDATE_HEADER").is_some() {
        std::fs::write(&path, &generated).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(committed == generated, "include/lphint.h is stale: run UPDATE_HEADER=1 cargo test --test it header::");
}

/// `text` with every Rust intra-doc link in its `//` comments written as the code span it names.
fn plain_links(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        if !line.trim_start().starts_with("//") {
            out.push_str(line);
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest.find("[`") {
            let Some(close) = rest[at..].find("`]").map(|c| at + c) else { break };
            out.push_str(&rest[..at]);
            out.push_str(&rest[at + 1..close + 1]);
            rest = &rest[close + 2..];
            // A link's target, `(path)`, goes too.
            if rest.starts_with('(') {
                if let Some(end) = rest.find(')') {
                    rest = &rest[end + 1..];
                }
            }
        }
        out.push_str(rest);
    }
    out
}

#[test]
fn the_header_s_comments_have_no_rust_links_and_functions_stand_by_topic() {
    let header = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("include/lphint.h")).unwrap();
    assert!(!header.contains("[`") && !header.contains("](super::"), "a Rust link in the header");
    // Declarations in name order: lp_pack_* together, lp_puzzle_* together.
    let names: Vec<&str> = header
        .lines()
        .filter(|l| !l.starts_with("//") && !l.starts_with(' ') && !l.starts_with("typedef"))
        .filter_map(|l| l.split_once(" lp_").or_else(|| l.split_once("*lp_")).map(|(_, rest)| rest))
        .filter_map(|rest| rest.split_once('(').map(|(name, _)| name))
        .collect();
    assert!(names.len() > 70, "{names:?}");
    assert!(names.windows(2).all(|w| w[0] <= w[1]), "{names:?}");
}
