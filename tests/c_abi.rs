//! Builds the static library, then compiles and runs the C ABI tests and the C and C++ examples against
//! `include/lphint.h`: gcc/g++ with `-Wall -Wextra -Werror`, and the C tests once more under
//! AddressSanitizer and UndefinedBehaviorSanitizer.
#![cfg(feature = "std")]

mod common;

use common::native::{library_dir, root};
use std::process::Command;

/// Compiles `source` with `compiler` and `flags`, links the static library and runs the program.
fn build_and_run(compiler: &str, flags: &[&str], source: &str, name: &str) -> String {
    let lib = library_dir().join("liblphint.a");
    let exe = library_dir().join(name);
    let output = Command::new(compiler)
        .args(flags)
        .args(["-Wall", "-Wextra", "-Werror", "-g"])
        .arg("-I")
        .arg(root().join("include"))
        .arg("-I")
        .arg(root().join("bindings/cpp"))
        .arg(root().join(source))
        .arg(&lib)
        .args(["-lgcc_s", "-lutil", "-lrt", "-lpthread", "-lm", "-ldl", "-lc", "-o"])
        .arg(&exe)
        .output()
        .unwrap_or_else(|e| panic!("{compiler} is needed for the C ABI tests: {e}"));
    assert!(output.status.success(), "{compiler} {source} failed:\n{}", String::from_utf8_lossy(&output.stderr));
    // Under AddressSanitizer a failed allocation must return NULL as it does in a real build (the tests
    // ask for node caps no machine holds), not abort.
    let run = Command::new(&exe).env("ASAN_OPTIONS", "allocator_may_return_null=1").output().unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout).into_owned();
    assert!(run.status.success(), "{name} failed:\n{stdout}\n{}", String::from_utf8_lossy(&run.stderr));
    stdout
}

#[test]
fn c_abi_tests_pass() {
    let out = build_and_run("gcc", &["-std=c11"], "tests/c/abi_test.c", "abi_test");
    assert!(out.contains(" passed, 0 failed"), "{out}");
}

#[test]
fn c_abi_tests_pass_under_sanitizers() {
    let flags = ["-std=c11", "-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"];
    let out = build_and_run("gcc", &flags, "tests/c/abi_test.c", "abi_test_sanitized");
    assert!(out.contains(" passed, 0 failed"), "{out}");
}

#[test]
fn c_example_plays_the_fifteen_puzzle_to_the_end() {
    let out = build_and_run("gcc", &["-std=c11"], "examples/c/game.c", "game_c");
    assert!(out.contains("solved in 46 moves"), "{out}");
}

#[test]
fn cpp_example_plays_the_fifteen_puzzle_to_the_end() {
    let out = build_and_run("g++", &["-std=c++17"], "examples/cpp/game.cpp", "game_cpp");
    assert!(out.contains("solved in 46 moves"), "{out}");
    assert!(out.contains("solver: 31 moves"), "{out}");
    assert!(out.contains("blocks: the classic in 81 moves"), "{out}");
    assert!(out.contains("blocks: generated blocks:4x4:"), "{out}");
    assert!(out.contains("linjat: Only the 3 at row 3, column 2 can reach the dot at row 3, column 1"), "{out}");
    assert!(out.contains("parse error as expected: LP_ERR_PARSE: column 11"), "{out}");
    assert!(out.contains("pack: 1 level"), "{out}");
    assert!(out.contains("timed hints: 31 moves"), "{out}");
}
