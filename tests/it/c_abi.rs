//! Builds the static library, then compiles and runs the C ABI tests and the C and C++ examples against
//! `include/lphint.h`: gcc/g++ with `-Wall -Wextra -Werror`, and the C tests once more under
//! AddressSanitizer and UndefinedBehaviorSanitizer.
#![cfg(feature = "std")]

use crate::common;

use common::native::{library_dir, root, work_dir};
use std::process::Command;

/// Compiles `source` with `compiler` and `flags`, links the static library and runs the program.
fn build_and_run(compiler: &str, flags: &[&str], source: &str, name: &str) -> String {
    build_and_run_with(compiler, flags, source, name, &[])
}

/// [`build_and_run`], passing `args` to the program.
fn build_and_run_with(compiler: &str, flags: &[&str], source: &str, name: &str, args: &[&str]) -> String {
    let lib = library_dir().join("liblphint.a");
    let exe = work_dir().join(name);
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
    let run = Command::new(&exe).args(args).env("ASAN_OPTIONS", "allocator_may_return_null=1").output().unwrap();
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
fn the_c_quick_start_plays_rush_hour_to_the_goal() {
    let out = build_and_run("gcc", &["-std=c11"], "examples/c/quickstart.c", "quickstart_c");
    assert_eq!(out.lines().filter(|l| l.starts_with("slide the ")).count(), 51, "{out}");
    assert!(out.contains("\nsolved: rush:"), "{out}");
}

#[test]
fn c_abi_tests_pass_under_sanitizers() {
    let flags = ["-std=c11", "-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"];
    let out = build_and_run("gcc", &flags, "tests/c/abi_test.c", "abi_test_sanitized");
    assert!(out.contains(" passed, 0 failed"), "{out}");
}

#[test]
fn custom_puzzles_defined_in_c_equal_the_built_in_families() {
    let out = build_and_run("gcc", &["-std=c11"], "tests/c/custom_test.c", "custom_test");
    assert!(out.contains(" passed, 0 failed"), "{out}");
    assert!(out.contains("custom 8-puzzle: 300 of 300 boards hinted to the goal in the built-in optimum"), "{out}");
    assert!(out.contains("custom Lights Out: 100 of 100 boards in flip's minimum presses"), "{out}");
}

#[test]
fn custom_puzzle_tests_pass_under_sanitizers() {
    let flags = ["-std=c11", "-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"];
    let out = build_and_run_with("gcc", &flags, "tests/c/custom_test.c", "custom_test_sanitized", &["--fewer"]);
    assert!(out.contains(" passed, 0 failed"), "{out}");
}

#[test]
fn custom_puzzles_defined_in_c_generate_pack_and_hint_like_built_in_ones() {
    for (flags, name) in [
        (&["-std=c11"][..], "custom_generate_test"),
        (
            &["-std=c11", "-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"][..],
            "custom_generate_test_sanitized",
        ),
    ] {
        let out = build_and_run("gcc", flags, "tests/c/custom_generate_test.c", name);
        assert!(out.contains(" passed, 0 failed"), "{out}");
        assert!(out.contains("generated (min=20,max=24,method=draw): 20 boards rated as the built-in optimum, 20 in the band, 20 distinct"), "{out}");
        assert!(
            out.contains(
                "custom pack: 20 of 20 levels read back with the game's callbacks, 20 hinted along their answers"
            ),
            "{out}"
        );
    }
}

#[test]
fn the_c_callback_bench_runs_and_its_lengths_agree() {
    // A smoke run: 20 boards, one round (scripts/bench-custom-c.sh measures 1,000 on the release library).
    let out = build_and_run_with("gcc", &["-std=c11", "-O2"], "benches/c/custom_bench.c", "custom_bench", &["20", "1"]);
    assert!(out.contains("every length equal"), "{out}");
    assert!(out.contains("IDA*"), "{out}");
}

#[test]
fn c_custom_example_opens_the_lock_by_hints() {
    let out = build_and_run("gcc", &["-std=c11"], "examples/c/custom.c", "custom_c");
    // The C++ example proves 12 turns optimal (A* against breadth-first) from the same start.
    assert!(out.contains("the lock opened in 12 turns"), "{out}");
    assert!(out.contains("turn wheel 3 up (12 to go, optimal)"), "{out}");
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
    assert!(out.contains("blocks: the classic's cluster holds 25955 states, 964 solved"), "{out}");
    assert!(out.contains("blocks: generated blocks:4x4:"), "{out}");
    assert!(out.contains("linjat: Only the 3 at row 3, column 2 can reach the dot at row 3, column 1"), "{out}");
    assert!(out.contains("parse error as expected: LP_ERR_PARSE: column 11"), "{out}");
    assert!(out.contains("pack: 1 level"), "{out}");
    assert!(out.contains("timed hints: 31 moves"), "{out}");
}

#[test]
fn the_cpp_wrapper_refuses_bad_budgets_and_carries_a_games_exception_text() {
    for (flags, name) in [
        (&["-std=c++17"][..], "wrapper_test"),
        (
            &["-std=c++17", "-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"][..],
            "wrapper_test_sanitized",
        ),
    ] {
        let out = build_and_run("g++", flags, "tests/cpp/wrapper_test.cpp", name);
        assert!(out.contains(" passed, 0 failed"), "{out}");
    }
}

/// Compiles `body` (inside `main`, after the wrapper and a small custom game) with g++: whether it
/// compiled, and the compiler's messages.
fn cpp_compile(body: &str) -> (bool, String) {
    let source = format!(
        "#include \"lphint.hpp\"\n#include <array>\n\
         struct Game {{\n  using State = std::array<std::uint8_t, 2>;\n\
           static constexpr std::uint32_t max_successors = 1;\n  static constexpr bool admissible = true;\n\
           template <class Emit> void moves(const State&, Emit&&) const {{}}\n\
           bool is_goal(const State& s) const {{ return s[0] == 0; }}\n\
           std::uint32_t estimate(const State&) const {{ return 0; }}\n}};\n\
         int main() {{\n{body}\n  return 0;\n}}\n"
    );
    let path = work_dir().join(format!("misuse_{:x}.cpp", source.len() * 31 + body.len()));
    std::fs::write(&path, source).unwrap();
    let output = Command::new("g++")
        .args(["-std=c++17", "-Wall", "-Wextra", "-Werror", "-fsyntax-only", "-I"])
        .arg(root().join("include"))
        .arg("-I")
        .arg(root().join("bindings/cpp"))
        .arg(&path)
        .output()
        .unwrap();
    (output.status.success(), String::from_utf8_lossy(&output.stderr).into_owned())
}

/// The compiler's messages for `body`, which must not compile.
fn cpp_compile_error(body: &str) -> String {
    let (compiled, said) = cpp_compile(body);
    assert!(!compiled, "compiled, but must not:\n{body}");
    said
}

#[test]
fn the_cpp_wrapper_does_not_compile_a_temporary_game_or_a_budget_that_is_not_a_whole_number() {
    // The control: the same program with a game that outlives the puzzle compiles.
    let fine = "  Game game;\n  lphint::Puzzle p = lphint::Puzzle::custom(game, Game::State{1, 0});\n  LpHint h{};\n  \
                (void)p.next_hint(50, h);\n  return 1;";
    let (compiled, said) = cpp_compile(fine);
    assert!(compiled, "the control program does not compile, so the checks below prove nothing:\n{said}");
    // A temporary game: the puzzle would keep a reference to a dead object.
    let said = cpp_compile_error("  lphint::Puzzle p = lphint::Puzzle::custom(Game{}, Game::State{1, 0});");
    assert!(said.contains("deleted"), "{said}");
    // A budget that is not a whole number of nodes.
    let said = cpp_compile_error(
        "  lphint::Puzzle p = lphint::Puzzle::parse(\"tiles:2x2:1,2,3,0\");\n  LpHint h{};\n  \
         (void)p.next_hint(2.5, h);",
    );
    assert!(said.contains("a budget is a whole number of nodes"), "{said}");
}

#[test]
fn cpp_custom_puzzle_example_opens_the_lock_by_hints_in_the_optimal_number_of_turns() {
    let out = build_and_run("g++", &["-std=c++17"], "examples/cpp/custom.cpp", "custom_cpp");
    let turns = |prefix: &str| -> u32 {
        let at = out.find(prefix).unwrap_or_else(|| panic!("{prefix}: {out}")) + prefix.len();
        out[at..].split_whitespace().next().unwrap().parse().unwrap()
    };
    let (astar, bfs, hinted) = (turns("lock: A* "), turns("breadth-first "), turns("opened in "));
    assert!(out.contains("(optimal,"), "{out}");
    assert_eq!((astar, hinted), (bfs, bfs), "{out}");
    assert!(out.contains("first hint: turn wheel "), "{out}");
    assert!(out.contains("new locks: 3 of 3 rated as breadth-first finds"), "{out}");
}

/// `scripts/install.sh` of the library built for the tests (no build of its own) into a prefix that
/// already holds another package: the install tree every consumer build here uses (made once per test
/// binary).
fn staged() -> &'static std::path::Path {
    static STAGED: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    STAGED.get_or_init(|| {
        let out = work_dir().join("prefix-linux-x86_64");
        let _ = std::fs::remove_dir_all(&out);
        let other = out.join("lib/pkgconfig/other.pc");
        std::fs::create_dir_all(other.parent().unwrap()).unwrap();
        std::fs::write(&other, "Name: other\n").unwrap();
        let run =
            Command::new("bash").arg(root().join("scripts/install.sh")).arg(&out).arg(library_dir()).output().unwrap();
        let said = String::from_utf8_lossy(&run.stdout);
        assert!(
            run.status.success() && said.contains("installed lphint"),
            "{said}{}",
            String::from_utf8_lossy(&run.stderr)
        );
        assert!(other.exists(), "the prefix's other packages stay");
        out
    })
}

#[test]
fn the_cmake_package_builds_the_cpp_example_statically_and_shared() {
    let prefix = staged();
    // The SONAME carries the ABI version, and the package finds the library by it.
    let readelf = Command::new("readelf").arg("-d").arg(prefix.join("lib/liblphint.so.3")).output().unwrap();
    assert!(String::from_utf8_lossy(&readelf.stdout).contains("Library soname: [liblphint.so.3]"));
    let build = cmake_build("examples/cmake", "cmake-example");
    for program in ["game", "game_shared"] {
        let run = Command::new(build.join(program)).output().unwrap();
        let out = String::from_utf8_lossy(&run.stdout);
        assert!(run.status.success() && out.contains("solved in 46 moves"), "{program}: {out}");
    }
    // A version the package is not: its version file refuses it.
    let project = work_dir().join("cmake-version");
    std::fs::create_dir_all(&project).unwrap();
    std::fs::write(
        project.join("CMakeLists.txt"),
        "cmake_minimum_required(VERSION 3.16)\nproject(v NONE)\nfind_package(lphint 9.0 CONFIG)\n\
         if(lphint_FOUND)\n  message(FATAL_ERROR \"lphint 9.0 found\")\nendif()\n",
    )
    .unwrap();
    let check = Command::new("cmake")
        .arg("-S")
        .arg(&project)
        .arg("-B")
        .arg(project.join("build"))
        .arg(format!("-DCMAKE_PREFIX_PATH={}", prefix.display()))
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&check.stderr);
    assert!(check.status.success() && said.contains("version: 0.1.0"), "{said}");
}

/// Configures and builds the CMake project `project` (a folder of the repository) against the staged
/// package, in `work_dir()/build`; returns the build folder.
fn cmake_build(project: &str, build: &str) -> std::path::PathBuf {
    let prefix = staged();
    let build = work_dir().join(build);
    let _ = std::fs::remove_dir_all(&build);
    let configure = Command::new("cmake")
        .arg("-S")
        .arg(root().join(project))
        .arg("-B")
        .arg(&build)
        .arg(format!("-DCMAKE_PREFIX_PATH={}", prefix.display()))
        .output()
        .unwrap_or_else(|e| panic!("cmake is needed for the package test (scripts/test.sh installs it): {e}"));
    assert!(configure.status.success(), "{}", String::from_utf8_lossy(&configure.stderr));
    let compile = Command::new("cmake").arg("--build").arg(&build).output().unwrap();
    assert!(compile.status.success(), "{}", String::from_utf8_lossy(&compile.stdout));
    build
}

#[test]
fn a_cpp14_project_builds_the_integration_and_the_quick_start_with_cmake() {
    // tests/cmake asks for C++14; the package's targets raise it to the wrapper's C++17.
    let build = cmake_build("tests/cmake", "cmake-integration");
    let run = Command::new(build.join("integration")).output().unwrap();
    let out = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success() && out.contains("integration: 0 failures"),
        "{out}{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let run = Command::new(build.join("quickstart")).output().unwrap();
    let out = String::from_utf8_lossy(&run.stdout);
    assert!(run.status.success(), "{out}");
    assert_eq!(out.lines().filter(|l| l.starts_with("slide the ")).count(), 51, "{out}");
    assert!(out.contains("\nsolved: rush:"), "{out}");
}

/// `pkg-config ARGS` against the staged tree's `.pc` files: the flags it prints.
fn pkg_config(prefix: &std::path::Path, args: &[&str]) -> String {
    let flags = Command::new("pkg-config")
        .args(args)
        .env("PKG_CONFIG_PATH", prefix.join("lib/pkgconfig"))
        .output()
        .unwrap_or_else(|e| panic!("pkg-config is needed (scripts/test.sh installs it): {e}"));
    assert!(flags.status.success(), "{}", String::from_utf8_lossy(&flags.stderr));
    String::from_utf8_lossy(&flags.stdout).into_owned()
}

#[test]
fn pkg_config_gives_the_flags_that_build_the_c_example() {
    let prefix = staged();
    // lphint-static's flags, as they are: the archive itself, never the shared library beside it.
    let flags = pkg_config(prefix, &["--cflags", "--libs", "lphint-static"]);
    let exe = work_dir().join("game_pkg_config_static");
    let compile = Command::new("gcc")
        .args(["-std=c11", "-Wall", "-Wextra", "-Werror"])
        .arg(root().join("examples/c/game.c"))
        .args(flags.split_whitespace())
        .arg("-o")
        .arg(&exe)
        .output()
        .unwrap();
    assert!(compile.status.success(), "{flags}: {}", String::from_utf8_lossy(&compile.stderr));
    let needed = Command::new("readelf").arg("-d").arg(&exe).output().unwrap();
    assert!(!String::from_utf8_lossy(&needed.stdout).contains("liblphint"), "linked statically");
    let run = Command::new(&exe).env_remove("LD_LIBRARY_PATH").output().unwrap();
    assert!(String::from_utf8_lossy(&run.stdout).contains("solved in 46 moves"));
    // lphint's own flags: the shared library, with the system libraries a static link would need.
    let flags = pkg_config(prefix, &["--cflags", "--libs", "--static", "lphint"]);
    assert!(flags.contains("-llphint") && flags.contains("-lpthread") && flags.contains("/include"), "{flags}");
}

/// The functions `include/lphint.h` declares, by name (cbindgen writes each declaration's first line as
/// `RETURN_TYPE lp_name(`).
fn header_functions() -> Vec<String> {
    let header = std::fs::read_to_string(root().join("include/lphint.h")).unwrap();
    let mut names: Vec<String> = header
        .lines()
        .filter(|l| !l.starts_with("//") && !l.starts_with(' ') && !l.starts_with("typedef"))
        .filter_map(|l| {
            let at = l.find("lp_")?;
            let name: String = l[at..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
            l[at + name.len()..].starts_with('(').then_some(name)
        })
        .collect();
    names.sort();
    names.dedup();
    names
}

/// `source` with its `//` comments taken out, so that a function named only in a comment does not count.
fn code_of(source: &str) -> String {
    source.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n")
}

/// The header's functions a wrapper's code (comments taken out) does not name, but for `exempt`.
fn unreached(wrapper: &str, exempt: &[&str]) -> Vec<String> {
    let code = code_of(wrapper);
    let named = |name: &str| {
        code.match_indices(name).any(|(at, _)| {
            let after = code[at + name.len()..].chars().next();
            let before = code[..at].chars().next_back();
            !after.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
                && !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        })
    };
    header_functions().into_iter().filter(|f| !named(f) && !exempt.contains(&f.as_str())).collect()
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap()
}

#[test]
fn every_function_of_the_header_is_reachable_through_every_wrapper() {
    let functions = header_functions();
    assert!(functions.len() >= 78 && functions.iter().any(|f| f == "lp_next_hint"), "{functions:?}");
    let cpp = read("bindings/cpp/lphint.hpp");
    let missing = unreached(&cpp, &[]);
    assert!(missing.is_empty(), "the C++ wrapper does not reach {missing:?}");
    let csharp = read("bindings/unity/Runtime/LpHint.cs") + &read("bindings/unity/Runtime/CustomPuzzle.cs");
    // The C# layer hands a game's successors over with their scores (lp_custom_emit_scored), never
    // without.
    let missing = unreached(&csharp, &["lp_custom_emit_all"]);
    assert!(missing.is_empty(), "the C# layer does not reach {missing:?}");
    // The WebAssembly build has no clock (no timed hints), makes a game's puzzle through its own imports
    // (lp_js_custom_create) rather than a table of C function pointers, and names statuses from the
    // package's own table (`statusName`, the same names, with no call into the module), and hands a
    // game's successors over without their scores (lp_custom_emit_scored measured no faster there).
    let js = read("bindings/js/index.js");
    let missing = unreached(&js, &["lp_next_hint_timed", "lp_custom_create", "lp_status_str", "lp_custom_emit_scored"]);
    assert!(missing.is_empty(), "the JavaScript package does not reach {missing:?}");
}
