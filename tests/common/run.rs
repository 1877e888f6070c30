//! The binary as users run it, and what the tests read of a run: its output as text, its one
//! JSON object, its refusals; runs in the background (held by a test hook, killed), checkpoint
//! logs as documented, shard reports; paths as arguments.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};

/// The path of the binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_wythoff");

/// The binary under test, to be given arguments, a folder, pipes.
pub fn command() -> Command {
    Command::new(BIN)
}

/// The commands `wythoff --help` lists (the lines of its "Commands:" section), `help` included.
pub fn commands() -> Vec<String> {
    let o = wythoff(&["--help"]);
    assert!(o.status.success(), "{}", text(&o));
    stdout(&o)
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .map(str::to_string)
        .collect()
}

/// A scratch folder and the path of the file `name` in it, written by `wythoff ARGS -o FILE`
/// (which must succeed).
pub fn made(args: &[&str], name: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join(name).to_str().unwrap().to_string();
    let o = wythoff(&[args, &["-o", &file]].concat());
    assert!(o.status.success(), "{args:?}: {}", text(&o));
    (dir, file)
}

/// Runs the binary with `args` to the end.
pub fn wythoff(args: &[&str]) -> Output {
    command().args(args).output().unwrap()
}

/// Runs the binary with `args` and `input` on its standard input, to the end.
pub fn wythoff_with_input(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = command()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// Runs the binary with `args` in the folder `dir`, to the end.
pub fn wythoff_in(dir: &Path, args: &[&str]) -> Output {
    command().current_dir(dir).args(args).output().unwrap()
}

/// What a run printed on stdout, which must be UTF-8.
pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

/// What a run printed on stderr, which must be UTF-8.
pub fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// Everything a run printed, stdout then stderr (for messages of failed assertions).
pub fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// The one JSON object a run printed, on one line.
pub fn json(o: &Output) -> serde_json::Value {
    let s = stdout(o);
    assert_eq!(s.lines().count(), 1, "{s}");
    serde_json::from_str(&s).unwrap_or_else(|e| panic!("{e}: {s}"))
}

/// Asserts a refusal: status 2, nothing on stdout, one line `wythoff: …` on stderr containing
/// every `want`, and no panic; returns the line.
pub fn refusal(o: &Output, want: &[&str]) -> String {
    refusal_of("", o, want)
}

/// Runs `args` and asserts that they are refused ([`refusal`]); returns the line.
pub fn refused(args: &[&str], want: &[&str]) -> String {
    refusal_of(&format!("{args:?}: "), &wythoff(args), want)
}

/// [`refusal`], its messages starting with `what`.
fn refusal_of(what: &str, o: &Output, want: &[&str]) -> String {
    let e = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{what}{}", text(o));
    assert!(o.stdout.is_empty(), "{what}{}", text(o));
    assert_eq!(e.lines().count(), 1, "{what}{e}");
    assert!(e.starts_with("wythoff: "), "{what}{e}");
    assert!(!e.contains("panicked"), "{what}{e}");
    for w in want {
        assert!(e.contains(w), "{what}{e:?} lacks {w:?}");
    }
    e.into_owned()
}

/// The check `name` of a verification report.
pub fn check<'v>(report: &'v serde_json::Value, name: &str) -> &'v serde_json::Value {
    report["checks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == name)
        .unwrap_or_else(|| panic!("no check '{name}' in {report}"))
}

/// A path as an argument (the tests' paths are UTF-8).
pub fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// `p` with `suffix` appended to its name (`F.partial`, `F.ckpt`).
pub fn suffixed(p: &Path, suffix: &str) -> PathBuf {
    PathBuf::from(format!("{}{suffix}", p.display()))
}

/// The names in a folder, sorted.
pub fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// The number of records in a checkpoint log (its lines after the first; 0 without a log).
pub fn records(ckpt: &Path) -> usize {
    std::fs::read_to_string(ckpt).map_or(0, |t| t.lines().count().saturating_sub(1))
}

/// Starts the binary with `args` in the background, its output discarded.
pub fn spawn(args: &[&str]) -> Child {
    command()
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

/// Starts the binary with `args` and its test hook `var` (`WYTHOFF_TEST_HOLD`,
/// `WYTHOFF_TEST_TABLE_HOLD`) set to `hold`, and waits until the run holds: until `HOLD.held`
/// exists.  The run goes on once the test creates `HOLD.go`.
pub fn start_held(args: &[&str], var: &str, hold: &Path) -> Child {
    let child = command().args(args).env(var, hold).spawn().unwrap();
    wait_for(&suffixed(hold, ".held"));
    child
}

/// Waits (up to 60 s) until `p` exists.
pub fn wait_for(p: &Path) {
    let t0 = std::time::Instant::now();
    while !p.exists() {
        assert!(
            t0.elapsed().as_secs() < 60,
            "'{}' never appeared",
            p.display()
        );
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// A line of a checkpoint log as documented (doc/formats.md): 16 hex digits of XXH3-64 of the
/// body, a space, the body, a newline.
pub fn log_line(body: &str) -> String {
    format!(
        "{:016x} {body}\n",
        xxhash_rust::xxh3::xxh3_64(body.as_bytes())
    )
}

/// Rewrites the first line of the checkpoint log `ckpt` with `from` replaced by `to` in its
/// body, the line's hash recomputed; returns the new body.
pub fn edit_log_header(ckpt: &Path, from: &str, to: &str) -> String {
    let log = std::fs::read_to_string(ckpt).unwrap();
    let (first, rest) = log.split_once('\n').unwrap();
    let body = first[17..].replace(from, to);
    std::fs::write(ckpt, log_line(&body) + rest).unwrap();
    body
}

/// Runs `args` and asserts that they are refused ([`refused`]) and leave every file of `kept`
/// byte for byte as it was; returns the line.
pub fn refused_keeping(args: &[&str], kept: &[&Path], want: &[&str]) -> String {
    let read = || {
        kept.iter()
            .map(|p| std::fs::read(p).ok())
            .collect::<Vec<_>>()
    };
    let before = read();
    let e = refused(args, want);
    assert!(read() == before, "{args:?} changed one of {kept:?}");
    e
}

/// Runs the binary with `args` and asserts that it succeeds; its output.
pub fn run_ok(args: &[&str]) -> Output {
    let o = wythoff(args);
    assert!(o.status.success(), "{args:?}: {}", text(&o));
    o
}

/// Asserts that `text` (a run's output) contains `want`, showing the text otherwise.
pub fn says(text: &str, want: &str) {
    assert!(text.contains(want), "{want:?} not in: {text}");
}

/// The reports of shards 0..k of `verify ARGS --shard I/K -o DIR/sIofK.json` (each run passing
/// or failing: status 0 or 1), no checkpoint log left beside them.
pub fn shard_reports(dir: &Path, args: &[&str], k: u64) -> Vec<PathBuf> {
    (0..k)
        .map(|i| {
            let p = dir.join(format!("s{i}of{k}.json"));
            let shard = format!("{i}/{k}");
            let mut all = vec!["verify", "--shard", &shard, "-o", s(&p)];
            all.extend_from_slice(args);
            let o = wythoff(&all);
            assert!(
                o.status.code().is_some_and(|c| c <= 1),
                "{all:?}: {}",
                text(&o)
            );
            assert!(!suffixed(&p, ".ckpt").exists());
            p
        })
        .collect()
}

/// Makes a FIFO at `p` (with mkfifo(1)).
pub fn mkfifo(p: &Path) {
    assert!(Command::new("mkfifo").arg(p).status().unwrap().success());
}

/// Kills `c` with SIGKILL once the checkpoint log holds a record of `kind` after `after` records
/// of it; false if the run ended first.
pub fn kill_at(mut c: Child, log: &Path, kind: &str, after: usize) -> bool {
    let t = std::time::Instant::now();
    while t.elapsed() < std::time::Duration::from_secs(300) {
        if c.try_wait().unwrap().is_some() {
            return false;
        }
        let n = std::fs::read_to_string(log)
            .map(|l| {
                l.lines()
                    .filter(|r| r.get(17..).is_some_and(|b| b.starts_with(kind)))
                    .count()
            })
            .unwrap_or(0);
        if n > after {
            // SAFETY: signalling our own child by its id
            unsafe { libc::kill(c.id() as i32, libc::SIGKILL) };
            c.wait().unwrap();
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!("no {kind} record within 300 s");
}
