//! The command line's crates stay in the binary's package: the library crates and the Python
//! package depend on none of them (read from every package's manifest, its `[dependencies]`
//! and the target-specific ones; the dev- and build-dependencies are not the library's).

use std::path::{Path, PathBuf};

/// The crates only the command line uses.
const CLI_CRATES: [&str; 4] = ["clap", "clap_complete", "clap_mangen", "indicatif"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The names of the normal dependencies a manifest declares, `[dependencies]` tables and
/// `[dependencies.NAME]` tables alike.
fn normal_dependencies(manifest: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(manifest).expect("read a manifest");
    let mut out = Vec::new();
    let mut in_table = false;
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            let name = line.trim_matches(|c| c == '[' || c == ']');
            in_table = name == "dependencies" || name.ends_with(".dependencies");
            if let Some(dep) = name.strip_prefix("dependencies.") {
                out.push(dep.to_string());
            }
            continue;
        }
        if in_table
            && !line.starts_with('#')
            && let Some((key, _)) = line.split_once('=')
        {
            out.push(key.trim().split('.').next().unwrap_or("").to_string());
        }
    }
    out
}

#[test]
fn the_library_crates_and_the_python_package_carry_no_command_line_crate() {
    let mut manifests: Vec<PathBuf> = std::fs::read_dir(root().join("crates"))
        .expect("read crates/")
        .map(|e| e.expect("an entry").path().join("Cargo.toml"))
        .filter(|p| p.exists())
        .collect();
    manifests.push(root().join("python/Cargo.toml"));
    assert!(
        manifests.len() >= 5,
        "crates/ lost its library crates: {manifests:?}"
    );
    for m in &manifests {
        let deps = normal_dependencies(m);
        assert!(!deps.is_empty(), "{} declares no dependency", m.display());
        for c in CLI_CRATES {
            assert!(
                !deps.iter().any(|d| d == c),
                "{} depends on the command line's crate {c}",
                m.display()
            );
        }
    }
    // The binary's package does declare them: the scan reads what it is meant to.
    let cli = normal_dependencies(&root().join("Cargo.toml"));
    for c in CLI_CRATES {
        assert!(cli.iter().any(|d| d == c), "the root package lacks {c}");
    }
}
