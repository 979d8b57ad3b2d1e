//! The distributed recipe of `lp enumerate` (scripts/distributed/rush_dask.py) on a local Dask cluster
//! of two workers: the whole 5×5 space and a 6×6 slice (IDs 1,998,848–2,015,232) sharded into tasks, a worker killed in the middle of
//! a task (its part resumed from its last checkpoint), the parts merged into the file a single process
//! writes, byte for byte. The Python side is scripts/distributed/test_rush_dask.py; Dask is installed
//! into a virtual environment under target/ the first time (pinned versions).
#![cfg(feature = "cli")]

use std::path::{Path, PathBuf};
use std::process::Command;

const DASK: [&str; 2] = ["dask==2026.8.0", "distributed==2026.8.0"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The virtual environment's Python with Dask, made when missing.
fn python_with_dask() -> PathBuf {
    let venv = root().join("target").join("dask-venv");
    let python = venv.join("bin").join("python");
    let ready = |python: &Path| {
        Command::new(python).args(["-c", "import dask.distributed, psutil"]).output().is_ok_and(|o| o.status.success())
    };
    if !ready(&python) {
        // The venv without a pip of its own, filled by the system's pip (`--python`, pip 22.3 and later),
        // its files left uncompiled (Python compiles what it imports): 2.5 CPU-s instead of 8.5.
        let made =
            Command::new("python3").args(["-m", "venv", "--without-pip"]).arg(&venv).status().expect("python3 runs");
        assert!(made.success(), "python3 -m venv {} failed", venv.display());
        let pip = Command::new("python3")
            .args(["-m", "pip", "--python"])
            .arg(&python)
            .args(["install", "--quiet", "--no-compile", "--disable-pip-version-check"])
            .args(DASK)
            .output()
            .unwrap();
        assert!(pip.status.success(), "pip install {DASK:?} failed:\n{}", String::from_utf8_lossy(&pip.stderr));
    }
    python
}

#[test]
fn the_dask_recipe_merges_shards_into_the_single_runs_file_even_with_a_worker_killed() {
    let python = python_with_dask();
    let work = std::env::temp_dir().join(format!("lp-dask-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    let out = Command::new(python)
        .arg(root().join("scripts/distributed/test_rush_dask.py"))
        .args(["--lp", env!("CARGO_BIN_EXE_lp"), "--work"])
        .arg(&work)
        .output()
        .unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "the recipe's test failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains("5x5: 6 parts merged equal the single run"), "{stdout}");
    assert!(stdout.contains("resumed"), "{stdout}");
    println!("{stdout}");
    std::fs::remove_dir_all(&work).unwrap();
}

#[test]
fn the_slurm_array_script_run_task_by_task_merges_into_the_single_runs_file() {
    // No Slurm here: the array's tasks are run one by one with the variables Slurm sets, one of them cut
    // short first (a pre-empted task requeued), on the 4×4 space.
    let work = std::env::temp_dir().join(format!("lp-slurm-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work).unwrap();
    let script = root().join("scripts/distributed/rush_slurm.sh");
    let run = |task: Option<usize>| {
        let mut command = Command::new("bash");
        command.arg(&script).current_dir(&work);
        command.env("LP", env!("CARGO_BIN_EXE_lp")).env("SIZE", "4").env("WALLS", "0").env("SHARD", "300");
        command.env("PARTS", "parts").env("OUT", "merged.txt").env("SLURM_CPUS_PER_TASK", "1");
        match task {
            Some(i) => command.env("SLURM_ARRAY_TASK_ID", i.to_string()),
            None => command.arg("merge"),
        };
        let out = command.output().unwrap();
        assert!(out.status.success(), "task {task:?}: {}", String::from_utf8_lossy(&out.stderr));
    };
    // 1,349 IDs: five tasks of 300, the last to the end.
    (0..5).for_each(|i| run(Some(i)));
    let part = work.join("parts/part-300-600.txt");
    let text = std::fs::read_to_string(&part).unwrap();
    let cut = text.match_indices("# through").next().unwrap().0 + 20;
    std::fs::write(&part, &text[..cut]).unwrap();
    run(Some(1));
    assert_eq!(std::fs::read_to_string(&part).unwrap(), text, "the requeued task resumed its part");
    run(None);
    let single = Command::new(env!("CARGO_BIN_EXE_lp"))
        .args(["enumerate", "--size", "4", "--quiet", "-o"])
        .arg(work.join("single.txt"))
        .output()
        .unwrap();
    assert!(single.status.success());
    let read = |name: &str| std::fs::read(work.join(name)).unwrap();
    assert!(read("merged.txt") == read("single.txt"), "the merged parts are not the single run's file");
    std::fs::remove_dir_all(&work).unwrap();
}
