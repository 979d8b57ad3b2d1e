//! The Unity package tarball (`scripts/dist.sh unity`): its layout (what "Add package from tarball"
//! takes), a `.meta` for every file and folder with unique GUIDs, each native library's import settings
//! selecting its platform and CPU, the C# layer's library name per platform matching the libraries
//! (static ones through `__Internal`), and a `package.json` that names the six families. Built here from
//! the Linux and Windows libraries of the tests; `LPHINT_UNITY_TGZ=dist/com.lphint.engine-….tgz cargo test
//! --test it unity::` checks a full `scripts/dist.sh` tarball the same way.
#![cfg(feature = "std")]

use crate::common;

use common::native::{library_dir, root, windows_library_dir};
use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs `scripts/dist.sh` with `args`; its standard output.
fn dist(args: &[&std::ffi::OsStr]) -> String {
    let out = Command::new("bash").arg(root().join("scripts/dist.sh")).args(args).output().unwrap();
    assert!(out.status.success(), "scripts/dist.sh {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The tarball built from the tests' Linux and Windows libraries, and the platforms it holds.
fn tarball() -> (PathBuf, String) {
    let version = env!("CARGO_PKG_VERSION");
    let dir = root().join("target/unity-test");
    let _ = std::fs::remove_dir_all(&dir);
    for (platform, libraries) in [("linux-x86_64", library_dir()), ("windows-x86_64", windows_library_dir())] {
        let tree = dir.join(format!("lphint-{version}-{platform}"));
        dist(&["stage".as_ref(), platform.as_ref(), libraries.as_os_str(), tree.as_os_str()]);
    }
    let out = dir.join(format!("com.lphint.engine-{version}.tgz"));
    let held = dist(&["unity".as_ref(), dir.as_os_str(), out.as_os_str()]);
    (out, held.trim().to_string())
}

/// A native library of the package and the platforms (Unity's names) its importer must enable.
struct Plugin {
    path: &'static str,
    enabled: &'static [&'static str],
    cpu: Option<(&'static str, &'static str)>,
    static_library: bool,
}

const PLUGINS: &[Plugin] = &[
    Plugin {
        path: "Plugins/x86_64/lphint.dll",
        enabled: &["Editor", "Win64"],
        cpu: Some(("Win64", "x86_64")),
        static_library: false,
    },
    Plugin {
        path: "Plugins/x86_64/liblphint.so",
        enabled: &["Editor", "Linux64"],
        cpu: Some(("Linux64", "x86_64")),
        static_library: false,
    },
    Plugin {
        path: "Plugins/macOS/liblphint.dylib",
        enabled: &["Editor", "OSXUniversal"],
        cpu: Some(("OSXUniversal", "AnyCPU")),
        static_library: false,
    },
    Plugin { path: "Plugins/iOS/liblphint.a", enabled: &["iOS"], cpu: None, static_library: true },
    Plugin {
        path: "Plugins/Android/arm64-v8a/liblphint.a",
        enabled: &["Android"],
        cpu: Some(("Android", "ARM64")),
        static_library: true,
    },
    Plugin {
        path: "Plugins/Android/armeabi-v7a/liblphint.a",
        enabled: &["Android"],
        cpu: Some(("Android", "ARMv7")),
        static_library: true,
    },
    Plugin {
        path: "Plugins/Android/x86_64/liblphint.a",
        enabled: &["Android"],
        cpu: Some(("Android", "X86_64")),
        static_library: true,
    },
    Plugin { path: "Plugins/WebGL/liblphint.a", enabled: &["WebGL"], cpu: None, static_library: true },
];

/// The platforms a PluginImporter `.meta` enables (`first:` entries with `enabled: 1`), with their CPU
/// settings.
fn enabled_platforms(meta: &str) -> BTreeMap<String, Option<String>> {
    let lines: Vec<&str> = meta.lines().collect();
    let mut out = BTreeMap::new();
    for (i, line) in lines.iter().enumerate() {
        if line.trim() != "- first:" {
            continue;
        }
        let name = lines[i + 1].trim().split(':').nth(1).unwrap_or("").trim().to_string();
        let enabled = lines[i + 3].trim() == "enabled: 1";
        let cpu = lines[i + 4..]
            .iter()
            .take_while(|l| !l.trim().starts_with("- first:") && !l.starts_with("  userData"))
            .find_map(|l| l.trim().strip_prefix("CPU: ").map(str::to_string));
        if enabled && !name.is_empty() {
            out.insert(name, cpu);
        }
    }
    out
}

/// Checks an unpacked package under `package`; the native libraries it holds.
fn check_package(package: &Path) -> Vec<&'static str> {
    // Every asset (file or folder, outside the `~` folders Unity skips) has a .meta, every .meta an asset.
    let mut guids = HashSet::new();
    let mut stack = vec![package.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if name.ends_with(".meta") {
                let asset = path.with_file_name(name.trim_end_matches(".meta"));
                assert!(asset.exists(), "{}: a .meta without its asset", path.display());
                let meta = std::fs::read_to_string(&path).unwrap();
                let guid = meta.lines().find_map(|l| l.strip_prefix("guid: ")).expect("a guid");
                assert!(
                    guid.len() == 32 && guid.chars().all(|c| c.is_ascii_hexdigit()),
                    "{}: guid {guid}",
                    path.display()
                );
                assert!(guids.insert(guid.to_string()), "{}: guid {guid} used twice", path.display());
                assert!(meta.starts_with("fileFormatVersion: 2\n"), "{}", path.display());
                continue;
            }
            if name.ends_with('~') {
                continue;
            }
            if dir != package || name != "package" {
                assert!(path.with_file_name(format!("{name}.meta")).exists(), "{}: no .meta", path.display());
            }
            if path.is_dir() {
                stack.push(path);
            }
        }
    }
    // The native libraries: each where the C# layer's name finds it, with its platform's settings.
    let raw = std::fs::read_to_string(package.join("Runtime/NativeMethods.g.cs")).unwrap();
    let condition = raw.lines().find(|l| l.starts_with("#if ")).expect("a condition on the library name");
    for symbol in ["UNITY_IOS", "UNITY_WEBGL", "UNITY_ANDROID"] {
        assert!(condition.contains(symbol), "{condition}: the static libraries of {symbol} need __Internal");
    }
    assert!(
        raw.contains("const string __DllName = \"__Internal\";")
            && raw.contains("const string __DllName = \"lphint\";")
    );
    let mut held = Vec::new();
    for plugin in PLUGINS {
        let file = package.join(plugin.path);
        if !file.exists() {
            continue;
        }
        held.push(plugin.path);
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        match plugin.static_library {
            true => assert!(name.ends_with(".a"), "{}", plugin.path),
            false => {
                assert!(["lphint.dll", "liblphint.so", "liblphint.dylib"].contains(&name.as_str()), "{}", plugin.path)
            }
        }
        let meta = std::fs::read_to_string(format!("{}.meta", file.display())).unwrap();
        assert!(meta.contains("\nPluginImporter:\n"), "{}", plugin.path);
        let enabled = enabled_platforms(&meta);
        let names: Vec<&str> = enabled.keys().map(String::as_str).collect();
        let mut expected = plugin.enabled.to_vec();
        expected.sort();
        assert_eq!(names, expected, "{}: the platforms enabled", plugin.path);
        if let Some((platform, cpu)) = plugin.cpu {
            assert_eq!(enabled[platform].as_deref(), Some(cpu), "{}: CPU on {platform}", plugin.path);
        }
        for platform in ["Android", "Editor", "Linux64", "OSXUniversal", "WebGL", "Win64", "iOS"] {
            let excluded = meta.contains(&format!("Exclude {platform}: 1"));
            assert_eq!(excluded, !plugin.enabled.contains(&platform), "{}: Exclude {platform}", plugin.path);
        }
    }
    // The package's description names every family of the registry.
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(package.join("package.json")).unwrap()).unwrap();
    assert_eq!(manifest["name"], "com.lphint.engine");
    assert_eq!(manifest["version"], env!("CARGO_PKG_VERSION"));
    let description = manifest["description"].as_str().unwrap().to_lowercase();
    for family in lphint::registry::families() {
        assert!(description.contains(family.name), "package.json does not name {}: {description}", family.name);
    }
    for file in
        ["README.md", "CHANGELOG.md", "LICENSE.md", "Runtime/LpHint.cs", "Samples~/HintEveryFrame/HintEveryFrame.cs"]
    {
        assert!(package.join(file).exists(), "the package has no {file}");
    }
    held
}

/// Unpacks `tarball` and checks it: its top folder is `package/` (npm's layout, which Unity takes).
fn check_tarball(tarball: &Path) -> Vec<&'static str> {
    let into = tarball.with_extension("unpacked");
    let _ = std::fs::remove_dir_all(&into);
    std::fs::create_dir_all(&into).unwrap();
    let status = Command::new("tar").arg("-xzf").arg(tarball).arg("-C").arg(&into).status().unwrap();
    assert!(status.success());
    let top: Vec<String> =
        std::fs::read_dir(&into).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert_eq!(top, ["package"], "{}", tarball.display());
    check_package(&into.join("package"))
}

#[test]
fn the_unity_tarball_holds_every_library_with_its_platform_settings() {
    let (tarball, held) = tarball();
    assert_eq!(held, "windows-x86_64 linux-x86_64");
    let plugins = check_tarball(&tarball);
    assert_eq!(plugins, ["Plugins/x86_64/lphint.dll", "Plugins/x86_64/liblphint.so"]);
    if let Some(full) = std::env::var_os("LPHINT_UNITY_TGZ") {
        let plugins = check_tarball(Path::new(&full));
        println!("{} checked: {plugins:?}", Path::new(&full).display());
    }
}

#[test]
fn a_platform_asked_for_and_not_built_fails_the_packaging() {
    // A mobile platform whose Rust target this machine lacks (a fresh machine has none of them): named on
    // the command line, it is not built, and the script says so and fails instead of writing an empty
    // Unity package.
    let installed = std::process::Command::new("rustup").args(["target", "list", "--installed"]).output().unwrap();
    let installed = String::from_utf8_lossy(&installed.stdout).into_owned();
    let (platform, target) = [
        ("ios-arm64", "aarch64-apple-ios"),
        ("android-arm64-v8a", "aarch64-linux-android"),
        ("android-x86_64", "x86_64-linux-android"),
    ]
    .into_iter()
    .find(|(_, t)| !installed.lines().any(|l| l == *t))
    .expect("a mobile target this machine has not installed");
    let out = root().join("target/dist-missing");
    let _ = std::fs::remove_dir_all(&out);
    let run = std::process::Command::new("bash")
        .arg(root().join("scripts/dist.sh"))
        .arg(platform)
        .env("LPHINT_DIST_DIR", &out)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&run.stderr);
    assert!(!run.status.success(), "{said}");
    assert!(said.contains("no platform was built") && said.contains(target), "{said}");
    let written: Vec<_> =
        std::fs::read_dir(&out).map(|d| d.flatten().map(|e| e.file_name()).collect()).unwrap_or_default();
    assert!(written.iter().all(|n| !n.to_string_lossy().ends_with(".tgz")), "{written:?}");
}

#[test]
fn a_unity_package_without_every_platform_says_which_it_holds_in_its_name() {
    let version = env!("CARGO_PKG_VERSION");
    let name = |platforms: &[&str]| {
        let mut args: Vec<&std::ffi::OsStr> = vec!["name".as_ref()];
        args.extend(platforms.iter().map(|p| std::ffi::OsStr::new(*p)));
        dist(&args).trim().to_string()
    };
    assert_eq!(
        name(&["linux-x86_64", "windows-x86_64"]),
        format!("com.lphint.engine-{version}-linux-x86_64+windows-x86_64")
    );
    let all = [
        "linux-x86_64",
        "windows-x86_64",
        "macos-universal",
        "ios-arm64",
        "android-arm64-v8a",
        "android-armeabi-v7a",
        "android-x86_64",
        "webgl",
    ];
    assert_eq!(name(&all), format!("com.lphint.engine-{version}"));
}
