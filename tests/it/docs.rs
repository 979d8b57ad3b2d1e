//! The documentation says only what runs. Every fenced block of README.md and docs/ carries an info
//! string that says what it is, and is checked for it:
//! - `LANG file=PATH`: the block is the whole file (which another test builds and runs);
//! - `LANG part-of=PATH`: the block's lines stand together in that file;
//! - `sh`: commands, each run here from a scratch folder that sees the repository's sources, with the
//!   test's own builds standing in for the release builds the reader makes (`target/release` is the
//!   library the tests build, `cargo lp` the `lp` they build; `cargo build --release --lib` and
//!   `scripts/build-wasm.sh` are those builds);
//! - `text`: not run (output, illustrations, long runs).
//!
//! Relative links must lead to files; statements of fact the build can check (the ABI version, the
//! WebAssembly module's size) must agree with it; `docs/api.md` is generated from the header
//! (`UPDATE_DOCS=1 cargo test --test it docs::` rewrites it); the crate and the npm package pack cleanly.
#![cfg(all(feature = "std", feature = "cli"))]

use crate::common;

#[path = "../../examples/rust/quickstart.rs"]
mod quickstart;

use common::native::{library_dir, root, wasm_module};
use std::path::{Path, PathBuf};
use std::process::Command;

/// A fenced block: the file it is in, its first line's number, its info string and its text.
struct Block {
    file: String,
    line: usize,
    info: String,
    text: String,
}

/// Every Markdown file the docs consist of: README.md and docs/*.md.
fn documents() -> Vec<PathBuf> {
    let mut files = vec![root().join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
}

fn name_of(path: &Path) -> String {
    path.strip_prefix(root()).unwrap_or(path).display().to_string()
}

fn blocks() -> Vec<Block> {
    let mut out = Vec::new();
    for path in documents() {
        let text = std::fs::read_to_string(&path).unwrap();
        let mut open: Option<Block> = None;
        for (i, line) in text.lines().enumerate() {
            match (&mut open, line.strip_prefix("```")) {
                (None, Some(info)) => {
                    open =
                        Some(Block { file: name_of(&path), line: i + 1, info: info.trim().into(), text: String::new() })
                }
                (Some(_), Some("")) => out.push(open.take().unwrap()),
                (Some(block), _) => {
                    block.text.push_str(line);
                    block.text.push('\n');
                }
                (None, None) => {}
            }
        }
        assert!(open.is_none(), "{}: a block is not closed", name_of(&path));
    }
    out
}

/// The value of `key=` in an info string.
fn attribute<'a>(info: &'a str, key: &str) -> Option<&'a str> {
    info.split_whitespace().find_map(|w| w.strip_prefix(key).and_then(|w| w.strip_prefix('=')))
}

#[test]
fn every_block_is_what_its_info_string_says() {
    let blocks = blocks();
    assert!(blocks.len() > 30, "{} blocks", blocks.len());
    let (mut files, mut parts) = (0, 0);
    for b in &blocks {
        let at = format!("{}:{}", b.file, b.line);
        let lang = b.info.split_whitespace().next().unwrap_or("");
        assert!(!lang.is_empty(), "{at}: a block without an info string (`text` for one not run)");
        if let Some(path) = attribute(&b.info, "file") {
            let file = std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{at}: {path}: {e}"));
            assert_eq!(b.text.trim_end(), file.trim_end(), "{at}: the block is not {path} as it stands");
            files += 1;
        } else if let Some(path) = attribute(&b.info, "part-of") {
            let file = std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{at}: {path}: {e}"));
            assert!(file.contains(b.text.trim_end()), "{at}: the block's lines do not stand together in {path}");
            parts += 1;
        } else {
            assert!(
                ["sh", "text"].contains(&lang),
                "{at}: a `{lang}` block must say which file it is (file= or part-of=)"
            );
        }
    }
    // The README's quick starts are the example files themselves.
    assert!(files >= 6 && parts >= 5, "{files} whole files, {parts} parts");
}

#[test]
fn every_relative_link_leads_to_a_file() {
    for path in documents() {
        let text = std::fs::read_to_string(&path).unwrap();
        let dir = path.parent().unwrap();
        let mut rest = text.as_str();
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            let target: String =
                rest.chars().take_while(|&c| c != ')').collect::<String>().split_whitespace().collect();
            let target = target.split('#').next().unwrap_or("");
            if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            assert!(dir.join(target).exists(), "{}: the link {target} leads nowhere", name_of(&path));
        }
    }
}

#[test]
fn statements_of_fact_agree_with_the_build() {
    let header = std::fs::read_to_string(root().join("include/lphint.h")).unwrap();
    let abi: u32 =
        header.split("#define LP_ABI_VERSION ").nth(1).unwrap().lines().next().unwrap().trim().parse().unwrap();
    let module_mb = std::fs::metadata(wasm_module()).unwrap().len() as f64 / 1e6;
    for path in documents() {
        let text = std::fs::read_to_string(&path).unwrap();
        // "LP_ABI_VERSION` (now 3)", "ABI version 3": the version the header defines.
        for (at, _) in text.match_indices("LP_ABI_VERSION") {
            let after = &text[at..text.len().min(at + 40)];
            if let Some(now) = after.split("now ").nth(1) {
                let said: u32 = now.chars().take_while(char::is_ascii_digit).collect::<String>().parse().unwrap();
                assert_eq!(said, abi, "{}: LP_ABI_VERSION is {abi}", name_of(&path));
            }
        }
        // "The module is about N MB": within 15 % of the module the tests build.
        for (at, _) in text.match_indices("module is about ") {
            let said: f64 = text[at + 16..].split_whitespace().next().unwrap().parse().unwrap();
            assert!(
                (said - module_mb).abs() / module_mb < 0.15,
                "{}: {said} MB said, {module_mb:.2} built",
                name_of(&path)
            );
        }
    }
}

/// A scratch folder in which the docs' commands run: the repository's sources through links, and
/// `target/release` holding the library the tests build.
fn scratch() -> PathBuf {
    let dir = root().join("target/docs-run");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("target")).unwrap();
    for name in ["include", "bindings", "examples", "tests", "data", "scripts", "Cargo.toml", "src"] {
        std::os::unix::fs::symlink(root().join(name), dir.join(name)).unwrap();
    }
    std::os::unix::fs::symlink(library_dir(), dir.join("target/release")).unwrap();
    dir
}

#[test]
fn every_command_the_docs_give_runs() {
    let dir = scratch();
    wasm_module();
    let lp = env!("CARGO_BIN_EXE_lp");
    let mut ran = 0;
    for b in blocks().iter().filter(|b| b.info == "sh") {
        for (i, line) in b.text.lines().enumerate() {
            let command = line.split(" # ").next().unwrap_or("").trim();
            if command.is_empty() || command.starts_with('#') {
                continue;
            }
            // The builds the reader makes: the tests have made them (library_dir, wasm_module).
            if command == "cargo build --release --lib" || command == "scripts/build-wasm.sh" {
                continue;
            }
            let command = match command.strip_prefix("cargo lp ") {
                Some(args) => format!("{lp} {args}"),
                None => command.to_string(),
            };
            let output = Command::new("bash").arg("-c").arg(&command).current_dir(&dir).output().unwrap();
            assert!(
                output.status.success(),
                "{}:{}: `{command}` failed:\n{}\n{}",
                b.file,
                b.line + i + 1,
                String::from_utf8_lossy(&output.stdout),
                String::from_utf8_lossy(&output.stderr)
            );
            ran += 1;
        }
    }
    assert!(ran >= 20, "{ran} commands run");
}

#[test]
fn the_rust_quick_start_runs() {
    quickstart::main();
}

#[test]
fn the_crate_and_the_npm_package_pack_cleanly() {
    let list = Command::new(env!("CARGO"))
        .args(["package", "--list", "--allow-dirty", "--manifest-path"])
        .arg(root().join("Cargo.toml"))
        .output()
        .unwrap();
    let warnings = String::from_utf8_lossy(&list.stderr);
    assert!(list.status.success() && !warnings.contains("warning"), "{warnings}");
    let files = String::from_utf8_lossy(&list.stdout);
    for needed in ["LICENSE-MIT", "LICENSE-APACHE", "README.md", "CHANGELOG.md", "include/lphint.h"] {
        assert!(files.lines().any(|l| l == needed), "cargo package leaves out {needed}");
    }
    assert!(!files.lines().any(|l| l.starts_with("CMakeFiles/")), "build leftovers are packaged");
    wasm_module();
    let pack = Command::new("npm")
        .args(["pack", "--dry-run", "--json"])
        .current_dir(root().join("bindings/js"))
        .output()
        .unwrap_or_else(|e| panic!("npm is needed (scripts/test.sh installs it): {e}"));
    let json = String::from_utf8_lossy(&pack.stdout);
    assert!(pack.status.success(), "{json}{}", String::from_utf8_lossy(&pack.stderr));
    for needed in
        ["index.js", "index.d.ts", "lphint.wasm", "README.md", "LICENSE-MIT", "LICENSE-APACHE", "package.json"]
    {
        assert!(json.contains(&format!("\"path\": \"{needed}\"")), "npm pack leaves out {needed}: {json}");
    }
    for licence in ["LICENSE-MIT", "LICENSE-APACHE"] {
        let (ours, theirs) = (root().join(licence), root().join("bindings/js").join(licence));
        assert_eq!(std::fs::read(ours).unwrap(), std::fs::read(theirs).unwrap(), "bindings/js/{licence} is the root's");
    }
}

// ---- The API reference, generated from the header ------------------------------------------------

/// The topics of the reference, in order: a title, what it says of the handle and its threads, and
/// which functions belong to it (the first matching topic takes a function; prefixes end in `_`).
const TOPICS: &[(&str, &str, &[&str])] = &[
    (
        "Puzzles",
        "An `LpPuzzle` is a puzzle being played: the puzzle, the player's position, its hinter. Made by \
         parsing a description, by a family's creator, from a pack or a generator, or from a game's \
         callbacks; freed with `lp_puzzle_free`. **Threads:** one call at a time on a puzzle, from any \
         thread; different puzzles concurrently.",
        &[
            "lp_puzzle_parse",
            "lp_puzzle_parse_like",
            "lp_tiles_create",
            "lp_jugs_create",
            "lp_flip_create",
            "lp_blocks_create",
            "lp_blocks_create_locked",
            "lp_hargram_create",
            "lp_linjat_create",
            "lp_sokoban_create",
            "lp_sudoku_create",
            "lp_puzzle_free",
            "lp_puzzle_describe",
            "lp_puzzle_save",
            "lp_puzzle_family",
            "lp_puzzle_size",
            "lp_puzzle_cells",
            "lp_puzzle_moves",
            "lp_puzzle_move_text",
            "lp_puzzle_lost_text",
            "lp_puzzle_piece_name",
            "lp_puzzle_apply",
            "lp_puzzle_is_solved",
            "lp_puzzle_set_option",
            "lp_puzzle_set_node_limit",
            "lp_puzzle_set_memory_limit",
        ],
    ),
    (
        "History",
        "A puzzle keeps the player's moves (the last 100,000): undo and redo, the moves read back, a copy of \
         the game with its history, and saves (`lp_puzzle_save`) that carry them, so that a loaded game \
         undoes and checks as before. Undo, redo and a copy into a puzzle with room allocate nothing. \
         **Threads:** as the puzzle's; `lp_puzzle_copy_from` reads its source, which no other thread may \
         be changing.",
        &[
            "lp_puzzle_undo",
            "lp_puzzle_redo",
            "lp_puzzle_history_len",
            "lp_puzzle_history",
            "lp_puzzle_reserve_history",
            "lp_puzzle_clone",
            "lp_puzzle_copy_from",
        ],
    ),
    (
        "Hints",
        "Per frame, on a puzzle: the next hint within a budget, its sentence and cells, the work a call \
         spent, and the partial hint after `LP_OUT_OF_NODES`; then its tiers (where to look, what to move, \
         the move, the plan), all read off the plan the hint came from; \"check my board\" (the first wrong \
         move, the move that lost the puzzle, the parts no solution has); the trivial steps; the proof of a \
         pack's stored solution, after which hints along it say optimal. No allocation after the first call \
         (but for sentences). **Threads:** as the puzzle's; `lp_last_work` is per thread.",
        &[
            "lp_next_hint",
            "lp_next_hint_timed",
            "lp_partial_hint",
            "lp_puzzle_prove_plan",
            "lp_hint_text",
            "lp_hint_cells",
            "lp_hint_tier_cells",
            "lp_hint_tier_text",
            "lp_hint_plan",
            "lp_check_board",
            "lp_check_cells",
            "lp_trivial_steps",
            "lp_last_work",
        ],
    ),
    (
        "Solvers",
        "An `LpSolver` is a stepped search from a puzzle's position at its creation, independent of the \
         puzzle afterwards. **Threads:** one call at a time on a solver; solvers of one puzzle may run on \
         different threads.",
        &["lp_solver_"],
    ),
    (
        "Generators",
        "An `LpGenerator` hands out distinct puzzles rated exactly, stepped per frame; each puzzle it hands \
         out is a new `LpPuzzle` of its own. **Threads:** one call at a time on a generator.",
        &["lp_generator_", "lp_generate"],
    ),
    (
        "Packs",
        "An `LpPack` holds a game's levels with their stored answers, checked when loaded; an \
         `LpPackWriter` makes one. A level opens as a new `LpPuzzle`, independent of the pack. \
         **Threads:** a loaded pack is only read: one call at a time on it (its puzzles are free to go \
         anywhere); one call at a time on a writer.",
        &["lp_pack_"],
    ),
    (
        "Tables",
        "`LpTables` are precomputed tables (pattern databases) that puzzles and generators of the families \
         using them take; they keep what they need, so the tables may be freed after. **Threads:** only \
         read once loaded: one call at a time on the handle.",
        &["lp_tables_", "lp_puzzle_set_tables"],
    ),
    (
        "Analysis for tools",
        "Calls that run to their end in one call (a level editor's, a build step's, never a frame's).",
        &[
            "lp_puzzle_fingerprint",
            "lp_puzzle_fact",
            "lp_puzzle_count_solutions",
            "lp_puzzle_solution",
            "lp_puzzle_cluster",
            "lp_puzzle_deduction",
            "lp_puzzle_deduction_cells",
        ],
    ),
    (
        "Genetic algorithm and annealing",
        "An `LpGa` runs the earlier systems' genetic algorithm, or simulated annealing, on a Hargram \
         puzzle's genome, stepped by fitness evaluations. **Threads:** one call at a time on a run.",
        &["lp_ga_", "lp_anneal_"],
    ),
    (
        "Your own puzzle",
        "A game's puzzle from callbacks (see custom.md). The engine calls them on the thread that made the \
         call; a callback may not call the engine back on the puzzle that called it.",
        &["lp_custom_"],
    ),
    (
        "The registry",
        "Every family with its parameters, presets, options and hint reasons, for generic tools. Static \
         data: any thread, any time.",
        &["lp_family_"],
    ),
    (
        "Errors and versions",
        "Every call replaces the thread's last message as it begins: empty after `LP_OK` and \
         `LP_IN_PROGRESS`, a sentence after any other status; read it right after the call it explains.",
        &["lp_last_error", "lp_status_str", "lp_version"],
    ),
];

/// The header's function declarations: (name, comment lines, declaration).
fn header_items() -> Vec<(String, String, String)> {
    let header = std::fs::read_to_string(root().join("include/lphint.h")).unwrap();
    let lines: Vec<&str> = header.lines().collect();
    let mut items = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let is_fn =
            !line.starts_with("//") && !line.starts_with(' ') && !line.starts_with("typedef") && line.contains("lp_");
        let name = line.split("lp_").nth(1).map(|rest| rest.split('(').next().unwrap_or(""));
        if let (true, Some(name)) = (is_fn && line.contains('('), name) {
            let mut start = i;
            while start > 0 && lines[start - 1].starts_with("//") {
                start -= 1;
            }
            let comment: Vec<String> =
                lines[start..i].iter().map(|l| l.trim_start_matches("//").trim_start().to_string()).collect();
            let mut end = i;
            while !lines[end].ends_with(';') {
                end += 1;
            }
            items.push((format!("lp_{name}"), comment.join("\n"), lines[i..=end].join("\n")));
            i = end + 1;
        } else {
            i += 1;
        }
    }
    items
}

fn api_reference() -> String {
    let fence = "```";
    let mut out = String::from(
        "# The C ABI by topic\n\nGenerated from `include/lphint.h` by `tests/it/docs.rs` (`UPDATE_DOCS=1 cargo test --test \
         docs`): every function, grouped by what it serves, with its comment from the header. The rules every \
         function keeps (statuses, out-parameters, the last error, panics) are in [concepts.md](concepts.md); \
         C++, C# and JavaScript reach every one of them through their wrappers.\n",
    );
    let items = header_items();
    let mut placed = vec![false; items.len()];
    for (title, about, members) in TOPICS {
        out.push_str(&format!("\n## {title}\n\n{about}\n"));
        for (k, (name, comment, decl)) in items.iter().enumerate() {
            let belongs = members.iter().any(|m| if m.ends_with('_') { name.starts_with(m) } else { name == m });
            if placed[k] || !belongs {
                continue;
            }
            placed[k] = true;
            let comment = comment.replace("\n# Safety\n", "\n\n*Safety:* ").replace("\n\n\n", "\n\n");
            out.push_str(&format!(
                "\n### `{name}`\n\n{fence}c part-of=include/lphint.h\n{decl}\n{fence}\n\n{}\n",
                comment.trim()
            ));
        }
    }
    let left: Vec<&String> = items.iter().zip(&placed).filter(|(_, p)| !**p).map(|((n, ..), _)| n).collect();
    assert!(left.is_empty(), "functions in no topic of the reference: {left:?}");
    out
}

#[test]
fn the_api_reference_is_fresh_and_covers_every_function() {
    let generated = api_reference();
    let path = root().join("docs/api.md");
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(&path, &generated).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(committed == generated, "docs/api.md is stale: run UPDATE_DOCS=1 cargo test --test it docs::");
}
