//! The Windows build, tested on Linux: the library built for `x86_64-pc-windows-gnu` with mingw-w64,
//! `lphint.dll` exporting exactly the header's functions, an MSVC import library made from its exports,
//! and the C ABI tests and the C and C++ examples compiled with mingw and run under Wine, against the
//! static library and against the DLL — with the pass count of the Linux run. (Wine 8 has no
//! `bcryptprimitives.dll`, whose `ProcessPrng` Rust's std imports: the tests put a stand-in forwarding to
//! `BCryptGenRandom` beside their programs; it is never shipped.)
#![cfg(feature = "std")]

use crate::common;

use common::native::{header_functions, root, windows_library_dir};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// Where the test programs are built and run: the DLL, the stand-in and a Wine prefix of their own.
fn work_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = root().join("target/windows/tests");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::copy(windows_library_dir().join("lphint.dll"), dir.join("lphint.dll")).unwrap();
        compile(
            "x86_64-w64-mingw32-gcc",
            &["-shared", "-O2"],
            "tests/c/wine/bcryptprimitives.c",
            &["-lbcrypt"],
            &dir.join("bcryptprimitives.dll"),
        );
        dir
    })
}

/// Runs a mingw compiler; panics with its messages when it fails.
fn compile(compiler: &str, flags: &[&str], source: &str, libraries: &[&str], out: &Path) {
    let output = Command::new(compiler)
        .args(flags)
        .arg("-I")
        .arg(root().join("include"))
        .arg("-I")
        .arg(root().join("bindings/cpp"))
        .arg(root().join(source))
        .args(libraries)
        .arg("-o")
        .arg(out)
        .output()
        .unwrap_or_else(|e| panic!("{compiler} is needed for the Windows tests (apt-get install mingw-w64): {e}"));
    assert!(output.status.success(), "{compiler} {source}:\n{}", String::from_utf8_lossy(&output.stderr));
}

/// The system libraries a static lphint needs on Windows (what `--print native-static-libs` says).
/// `-lpthread` is the test program's own (abi_test.c starts threads).
const SYSTEM: &[&str] = &["-lkernel32", "-lntdll", "-luserenv", "-lws2_32", "-ldbghelp", "-lpthread"];

/// Compiles `source` against the static library (`static_link`) or the DLL's import library, runs it
/// under Wine and returns what it printed.
fn build_and_run(compiler: &str, standard: &str, source: &str, name: &str, static_link: bool) -> String {
    let dir = work_dir();
    let exe = dir.join(format!("{name}.exe"));
    let library = if static_link { "liblphint.a" } else { "liblphint.dll.a" };
    let library = windows_library_dir().join(library);
    let mut libraries = vec![library.to_str().unwrap()];
    libraries.extend(SYSTEM);
    compile(compiler, &[standard, "-Wall", "-Wextra", "-Werror", "-static"], source, &libraries, &exe);
    let run = Command::new("wine")
        .arg(&exe)
        .current_dir(dir)
        .env("WINEPREFIX", root().join("target/windows/wine"))
        .env("WINEDEBUG", "-all")
        .env("WINEDLLOVERRIDES", "mscoree,mshtml=")
        .output()
        .unwrap_or_else(|e| panic!("wine is needed for the Windows tests (apt-get install wine64): {e}"));
    let stdout = String::from_utf8_lossy(&run.stdout).into_owned();
    assert!(run.status.success(), "{name} under Wine:\n{stdout}\n{}", String::from_utf8_lossy(&run.stderr));
    stdout
}

#[test]
fn the_dll_exports_exactly_the_header_s_functions_and_an_msvc_import_library_is_made_from_them() {
    let dump = Command::new("x86_64-w64-mingw32-objdump")
        .arg("-p")
        .arg(windows_library_dir().join("lphint.dll"))
        .output()
        .expect("x86_64-w64-mingw32-objdump (mingw-w64)");
    let dump = String::from_utf8_lossy(&dump.stdout);
    let table = dump.split("[Ordinal/Name Pointer] Table").nth(1).expect("an export table");
    let mut exported: Vec<String> = table
        .lines()
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split(']').nth(1).map(|n| n.trim().to_string()))
        .collect();
    exported.sort();
    // The wasm build's memory exports are not in the header, nor in a Windows build.
    assert_eq!(exported, header_functions(), "the DLL's exports against include/lphint.h");
    // An import library for MSVC's linker from a .def of those exports (what scripts/dist.sh ships).
    let dir = work_dir();
    let def = format!("LIBRARY lphint.dll\nEXPORTS\n{}\n", exported.join("\n"));
    std::fs::write(dir.join("lphint.def"), def).unwrap();
    let made = Command::new("x86_64-w64-mingw32-dlltool")
        .args(["-m", "i386:x86-64", "-d"])
        .arg(dir.join("lphint.def"))
        .arg("-l")
        .arg(dir.join("lphint.lib"))
        .args(["-D", "lphint.dll"])
        .output()
        .unwrap();
    assert!(made.status.success(), "{}", String::from_utf8_lossy(&made.stderr));
    let symbols = Command::new("x86_64-w64-mingw32-nm").arg(dir.join("lphint.lib")).output().unwrap();
    let symbols = String::from_utf8_lossy(&symbols.stdout);
    assert!(exported.iter().all(|f| symbols.contains(&format!("__imp_{f}"))), "{symbols}");
}

/// The pass count the C ABI tests print.
fn passed(out: &str) -> &str {
    out.lines().find(|l| l.ends_with(" passed, 0 failed")).unwrap_or_else(|| panic!("{out}"))
}

#[test]
fn the_c_abi_tests_pass_under_wine_against_the_static_library_and_the_dll() {
    let static_run = build_and_run("x86_64-w64-mingw32-gcc", "-std=c11", "tests/c/abi_test.c", "abi_test", true);
    let dll_run = build_and_run("x86_64-w64-mingw32-gcc", "-std=c11", "tests/c/abi_test.c", "abi_test_dll", false);
    assert_eq!(passed(&static_run), passed(&dll_run));
    // The same checks as on Linux.
    let exe = common::native::work_dir().join("abi_test_count");
    let output = Command::new("gcc")
        .args(["-std=c11", "-I"])
        .arg(root().join("include"))
        .arg(root().join("tests/c/abi_test.c"))
        .arg(common::native::library_dir().join("liblphint.a"))
        .args(["-lgcc_s", "-lutil", "-lrt", "-lpthread", "-lm", "-ldl", "-lc", "-o"])
        .arg(&exe)
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let native = Command::new(&exe).output().unwrap();
    assert_eq!(passed(&static_run), passed(&String::from_utf8_lossy(&native.stdout)));
}

#[test]
fn the_c_and_cpp_examples_run_under_wine() {
    let c = build_and_run("x86_64-w64-mingw32-gcc", "-std=c11", "examples/c/game.c", "game_c", true);
    assert!(c.contains("solved in 46 moves"), "{c}");
    let cpp = build_and_run("x86_64-w64-mingw32-g++", "-std=c++17", "examples/cpp/game.cpp", "game_cpp", false);
    assert!(cpp.contains("solved in 46 moves") && cpp.contains("timed hints: 31 moves"), "{cpp}");
}
