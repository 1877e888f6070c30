//! What a run may take of the machine, asked before any work: memory (what the kernel says is
//! available, less where `ulimit -v` or a data limit binds), disk (the free space of the output's
//! file system), and the one memory cap of the engines that hold a whole table in memory.
//!
//! A refusal is one line that says what is needed, what there is, and which quantity to lower
//! ("ask for a smaller side N"): the library names the quantity, the command line knows its flag.
//!
//! Cost: a read of `/proc/meminfo` and `/proc/self/status`, and one `statvfs`.

use std::path::Path;
use wythoff_core::error::{Error, Result};

/// The most memory an engine that holds its whole table (or box, or terms) in memory may take:
/// 12 GiB, so that the largest runs fit a 16 GB machine beside the system.  The limits of the
/// catalogue's entries are derived from it (and tied to it by unit tests).
pub const MEMORY_CAP: u64 = 12 << 30;

/// A size in words, for messages only: GiB, or MiB below a GiB, or bytes below a MiB.
pub fn size(b: u64) -> String {
    match b {
        0..0x10_0000 => format!("{b} bytes"),
        0x10_0000..0x4000_0000 => format!("{:.1} MiB", b as f64 / (1u64 << 20) as f64),
        _ => format!("{:.1} GiB", b as f64 / (1u64 << 30) as f64),
    }
}

/// Refuses (status 2) a run whose memory or disk needs exceed what the machine has.  `disk` is
/// the bytes the output will take in `dir`; `smaller` names what the user can lower ("the side
/// N", "the number of terms").
pub fn check(memory: u64, disk: u64, dir: Option<&Path>, smaller: &str) -> Result<()> {
    if let Some(avail) = available_memory()
        && memory > avail
    {
        return Err(Error::usage(format!(
            "this computation needs {} of memory and {} are available; ask for a smaller {smaller}",
            size(memory),
            size(avail)
        )));
    }
    if let Some(dir) = dir {
        check_disk(disk, dir, smaller)?;
    }
    Ok(())
}

/// Refuses (status 2) an output of `bytes` bytes in `dir` when its file system has less free.
pub fn check_disk(bytes: u64, dir: &Path, smaller: &str) -> Result<()> {
    match free_disk(dir) {
        Some(free) if bytes > free => Err(Error::usage(format!(
            "this output needs {} of disk in '{}' and {} are free; ask for a smaller {smaller}",
            size(bytes),
            dir.display(),
            size(free)
        ))),
        _ => Ok(()),
    }
}

/// Refuses (status 2) more than [`MEMORY_CAP`] bytes, saying what they were for.
pub fn check_cap(bytes: Option<u64>, what: &str) -> Result<u64> {
    match bytes {
        Some(b) if b <= MEMORY_CAP => Ok(b),
        _ => Err(Error::usage(format!(
            "{what} would take more than the {} memory cap",
            size(MEMORY_CAP)
        ))),
    }
}

/// The memory a run may still take, in bytes: MemAvailable from /proc/meminfo, or less where
/// `ulimit -v` (or a data limit) allows less.
pub fn available_memory() -> Option<u64> {
    let meminfo = (|| {
        let s = std::fs::read_to_string("/proc/meminfo").ok()?;
        let line = s.lines().find(|l| l.starts_with("MemAvailable:"))?;
        let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        kb.checked_mul(1024)
    })();
    // a limit on this process's address space (`ulimit -v`) or data segment, less what it
    // already maps, binds before the machine's memory does
    use rustix::process::{Resource, getrlimit};
    let limit = [Resource::As, Resource::Data]
        .into_iter()
        .filter_map(|r| getrlimit(r).current)
        .min()
        .map(|l| l.saturating_sub(mapped_bytes().unwrap_or(0)));
    match (meminfo, limit) {
        (Some(m), Some(l)) => Some(m.min(l)),
        (m, l) => m.or(l),
    }
}

/// The virtual memory this process maps now (VmSize of /proc/self/status), in bytes.
fn mapped_bytes() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = s.lines().find(|l| l.starts_with("VmSize:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kb.checked_mul(1024)
}

/// The bytes an unprivileged process may still write on the file system holding `dir`.
pub fn free_disk(dir: &Path) -> Option<u64> {
    let st = rustix::fs::statvfs(dir).ok()?;
    st.f_bavail.checked_mul(st.f_frsize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_name_what_to_lower() {
        let e = check(u64::MAX, 0, None, "side N").unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.to_string().ends_with("ask for a smaller side N"), "{e}");
        let e = check(0, u64::MAX, Some(Path::new(".")), "bound").unwrap_err();
        assert!(e.to_string().contains("of disk in '.'"), "{e}");
        assert!(check(0, 0, Some(Path::new(".")), "x").is_ok());
        assert_eq!(check_cap(Some(MEMORY_CAP), "t").unwrap(), MEMORY_CAP);
        assert!(check_cap(Some(MEMORY_CAP + 1), "t").is_err());
        assert!(check_cap(None, "t").is_err());
        assert_eq!(
            (size(5), size(3 << 20), size(3 << 30)),
            ("5 bytes".into(), "3.0 MiB".into(), "3.0 GiB".into())
        );
    }

    #[test]
    fn the_probes_answer_here() {
        assert!(available_memory().is_some_and(|m| m > 0));
        assert!(free_disk(Path::new(".")).is_some());
    }
}
