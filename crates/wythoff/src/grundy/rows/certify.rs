//! Certified rows as one call ([`certify`]): the search of rows 0..X−1 ([`search_from`]) with
//! its progress, and, with an output, the row certificate file (doc/formats.md) — opened before
//! any work, checkpointed while the search runs (CERT.ckpt, [`resume`]), continued, restarted or
//! refused as the caller says of an interrupted run's files, and written whole
//! ([`Certificate::from_periods`]) under its name only when complete.  What `wythoff rows X
//! [-o CERT]` and the Python package's `write_certificate` run.
//!
//! Cost: that of the search ([`super`]), plus the certificate's encoding (its bytes) and a
//! checkpoint every [`Checkpoints::every`].

use super::resume::{self, Journal, Saved};
use super::{Periods, Prefixes, RowsError, Search, Stage, first_state, search_from};
use crate::context::Context;
use crate::error::{Error, Refusal, Refuses};
use crate::files::certificate::{Certificate, HEADER_LEN};
use crate::files::{AtomicFile, Partial};
use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

/// The input of [`certify`] that a refusal concerns, so that a caller can name its own argument
/// for it (the library names quantities, never flags).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// The number of rows X.
    Rows,
    /// The parameter a.
    A,
    /// The checkpoints beside the certificate: an interrupted run's files, continued, discarded
    /// or refused as [`Checkpoints::partial`] says.
    Checkpoints,
}

/// Why rows were not certified.
#[derive(Debug, thiserror::Error)]
pub enum CertifyError {
    /// An input refused before any work.
    #[error(transparent)]
    Refused(#[from] Refusal<Input>),
    /// The certificate's path cannot be written (the files layer's refusal of the path, bad
    /// input, or a failure to create the file there), before any work.
    #[error(transparent)]
    Output(Error),
    /// No state repeated within the column budget: nothing is certified.
    #[error(
        "no repeat within {columns} columns: the rows are not certified (no preperiod or period \
         is claimed for any of them); raise the column budget"
    )]
    NoPeriod {
        /// The column budget.
        columns: u64,
    },
    /// The search or the writing failed, or was cancelled.
    #[error(transparent)]
    Failed(#[from] Error),
}

impl From<CertifyError> for Error {
    fn from(e: CertifyError) -> Self {
        match e {
            CertifyError::Refused(r) => Error::usage(r.message),
            CertifyError::Output(e) | CertifyError::Failed(e) => e,
            e @ CertifyError::NoPeriod { .. } => Error::Inconclusive(e.to_string()),
        }
    }
}

/// Checkpoints of a run that writes a certificate (doc/rows.md, "Stopping and continuing").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checkpoints {
    /// What to do with the files of an interrupted run on the same certificate.
    pub partial: Partial,
    /// Time between checkpoints.
    pub every: Duration,
}

/// The certificate file a [`Request`] writes.
#[derive(Clone, Copy, Debug)]
pub struct Output<'a> {
    /// Its path (a regular file, written whole and renamed into place).
    pub path: &'a Path,
    /// Bytes it may spend on the values below the preperiods (rows in order; a row whose values
    /// do not fit is stored without them).
    pub prefix_budget: u64,
    /// Checkpoints beside it while the search runs, or `None` for none (a stopped run leaves
    /// nothing behind).
    pub checkpoints: Option<Checkpoints>,
}

/// What [`certify`] certifies and where it writes it.
#[derive(Clone, Copy, Debug)]
pub struct Request<'a> {
    /// Parameter a, 1 ≤ a ≤ [`super::MAX_A`], with 2a·X below 2^15.
    pub a: u64,
    /// The number of rows X (rows 0..X−1), 1 ≤ X ≤ [`super::MAX_ROWS`].
    pub rows: usize,
    /// The column budget: give up when no state has repeated within this many columns.
    pub max_columns: u64,
    /// A multiple of the joint period to assume ([`Search::period`]); it decides only the cost.
    pub period: Option<u64>,
    /// The certificate to write, or `None` for the periods alone.
    pub output: Option<Output<'a>>,
}

/// What [`certify`] reports while it runs.
#[derive(Clone, Copy, Debug)]
pub enum Event<'a> {
    /// An interrupted run is continued ([`Partial::Resume`]) from where its checkpoint stands.
    Resumed(&'a Saved),
    /// The search reached `column` in `stage`.
    Progress {
        /// What the search is doing.
        stage: Stage,
        /// The column reached.
        column: u64,
    },
    /// The rows are certified; the certificate, if any, is not written yet.
    Certified(&'a Periods),
}

/// Certified rows, and the certificate written.
#[derive(Clone, Debug)]
pub struct Certified {
    /// The rows' preperiods and periods, and the joint ones.
    pub periods: Periods,
    /// The certificate, complete under its name, when the request had an output.
    pub certificate: Option<Certificate>,
    /// Seconds of the search, from its inputs' checks to the certified rows.
    pub seconds: f64,
}

/// Certifies rows 0..X−1 of [`Request`] and writes their certificate when it has an output: the
/// output is opened first (its path, or a disk without room for the certificate's least size,
/// refused before any work), then the inputs are checked ([`Input::Rows`], [`Input::A`]) and the
/// checkpoints opened ([`Input::Checkpoints`]); the search reports through `event` (its progress
/// as [`Event::Progress`], the column reached in each stage), runs the walks for a = 1 on
/// `ctx`'s workers (the result does not depend on them), and stops within 2^12 columns once
/// `ctx`'s flag is set ([`Error::Cancelled`], the checkpoints keep what they hold).  The
/// certificate appears under its name only when complete, and the checkpoints are removed once
/// it does.
pub fn certify(
    req: &Request<'_>,
    event: &dyn Fn(Event<'_>),
    ctx: &Context,
) -> Result<Certified, CertifyError> {
    let out = req.output.as_ref();
    let file = out
        .map(|o| AtomicFile::create_regular(o.path))
        .transpose()
        .map_err(CertifyError::Output)?;
    if let Some(f) = &file {
        // the certificate holds at least its header and three numbers a row: a disk without room
        // for those (a full one) is refused now, not after the search
        let least = (HEADER_LEN as u64).saturating_add((req.rows as u64).saturating_mul(24));
        let dir = f.target().parent().filter(|d| !d.as_os_str().is_empty());
        crate::files::resources::check_disk(least, dir.unwrap_or(Path::new(".")), "X")
            .map_err(CertifyError::Output)?;
    }
    let t0 = Instant::now();
    let mut cfg = Search::new(req.a, req.rows, req.max_columns);
    cfg.period = req.period;
    cfg.threads = ctx.threads();
    // the values below the preperiods only go into a certificate
    cfg.prefixes = Prefixes::Budget(out.map_or(0, |o| o.prefix_budget));
    let first = first_state(&cfg).map_err(refused)?;
    let (mut journal, saved) = match (out, &file) {
        (Some(o), Some(f)) => match o.checkpoints {
            Some(c) => open_journal(&cfg, o, f.target(), c, &first, event)?,
            None => (None, Saved::Fresh),
        },
        _ => (None, Saved::Fresh),
    };
    let progress = |stage, column| event(Event::Progress { stage, column });
    let periods = search_from(&cfg, saved, journal.as_mut(), &progress, ctx.cancel()).map_err(
        |e| match e {
            RowsError::NoPeriod(columns) => CertifyError::NoPeriod { columns },
            e => refused(e),
        },
    )?;
    let seconds = t0.elapsed().as_secs_f64();
    event(Event::Certified(&periods));
    let certificate = match (out, file) {
        (Some(o), Some(mut f)) => {
            let c = Certificate::from_periods(&periods, req.a, o.prefix_budget)?;
            f.write_all(c.to_bytes())
                .map_err(|e| Error::file(o.path, e))?;
            f.commit()?;
            if let Some(j) = journal.take() {
                j.finish()?;
            }
            Some(c)
        }
        _ => None,
    };
    Ok(Certified {
        periods,
        certificate,
        seconds,
    })
}

/// The checkpoints of a run writing the certificate `target` (its final name), with where the
/// run continues from, reported when continued.
fn open_journal(
    cfg: &Search,
    out: &Output<'_>,
    target: &Path,
    c: Checkpoints,
    first: &super::Sweep,
    event: &dyn Fn(Event<'_>),
) -> Result<(Option<Journal>, Saved), CertifyError> {
    let params = resume::params(cfg, out.prefix_budget);
    let (j, saved) =
        Journal::open(target, &params, c.every, first, c.partial).map_err(
            |e| match Error::from(e) {
                Error::Usage(m) => CertifyError::refused(Input::Checkpoints, m),
                e => CertifyError::Failed(e),
            },
        )?;
    if c.partial == Partial::Resume {
        event(Event::Resumed(&saved));
    }
    Ok((Some(j), saved))
}

/// A refusal of the number of rows or of the parameter, as such; any other error carried on.
fn refused(e: RowsError) -> CertifyError {
    match e {
        RowsError::Rows(_) => CertifyError::refused(Input::Rows, e.to_string()),
        RowsError::Parameter(_) => CertifyError::refused(Input::A, e.to_string()),
        e => CertifyError::Failed(e.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cancel::Cancel;
    use crate::grundy::rows::check::plain_mex_rows;
    use rug::Integer;

    fn request(a: u64, rows: usize, output: Option<Output<'_>>) -> Request<'_> {
        Request {
            a,
            rows,
            max_columns: 1_000_000,
            period: None,
            output,
        }
    }

    fn output(path: &Path, checkpoints: Option<Checkpoints>) -> Output<'_> {
        Output {
            path,
            prefix_budget: u64::MAX,
            checkpoints,
        }
    }

    fn names(d: &Path) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn the_certificate_written_holds_the_plain_mex_of_the_rules() {
        let d = tempfile::tempdir().unwrap();
        for (a, x) in [(1, 8), (2, 6)] {
            let path = d.path().join(format!("a{a}.cert"));
            let every = Duration::ZERO;
            let ck = Checkpoints {
                partial: Partial::Refuse,
                every,
            };
            let req = request(a, x, Some(output(&path, Some(ck))));
            let done = certify(&req, &|_| {}, &Context::serial()).unwrap();
            let c = done.certificate.unwrap();
            // the file is the certificate returned, and nothing else is left beside it
            assert_eq!(std::fs::read(&path).unwrap(), c.to_bytes());
            let read = Certificate::read(&path).unwrap();
            let plain = plain_mex_rows(a, x, 400);
            for (i, row) in plain.iter().enumerate() {
                for (y, &g) in row.iter().enumerate() {
                    let (xi, yi) = (Integer::from(i), Integer::from(y));
                    assert_eq!(read.value(&xi, &yi).unwrap(), g, "a = {a}, ({i}, {y})");
                    assert_eq!(done.periods.value(i, &yi), g);
                }
            }
        }
        assert_eq!(names(d.path()), ["a1.cert", "a2.cert"]);
    }

    #[test]
    fn inputs_are_refused_as_quantities_and_no_file_is_left() {
        let d = tempfile::tempdir().unwrap();
        let path = d.path().join("c.cert");
        let refused = |a, x| {
            let req = request(a, x, Some(output(&path, None)));
            match certify(&req, &|_| {}, &Context::serial()) {
                Err(CertifyError::Refused(r)) => r,
                other => panic!("{other:?}"),
            }
        };
        let r = refused(1, 0);
        assert_eq!(r.input, Input::Rows);
        assert!(r.message.contains("number of rows"), "{}", r.message);
        let r = refused(0, 8);
        assert_eq!(r.input, Input::A);
        assert!(!r.message.contains('-'), "{}", r.message);
        let mut req = request(1, 8, Some(output(&path, None)));
        req.max_columns = 5;
        let e = certify(&req, &|_| {}, &Context::serial()).unwrap_err();
        assert!(matches!(e, CertifyError::NoPeriod { columns: 5 }), "{e:?}");
        assert_eq!(Error::from(e).exit_code(), 1);
        // the output is refused before any work, the path as given
        let req = request(1, 0, Some(output(d.path(), None)));
        let e = certify(&req, &|_| {}, &Context::serial()).unwrap_err();
        assert!(matches!(&e, CertifyError::Output(Error::Usage(m)) if m.contains("directory")));
        // nothing to resume
        let ck = Checkpoints {
            partial: Partial::Resume,
            every: Duration::ZERO,
        };
        let req = request(1, 8, Some(output(&path, Some(ck))));
        match certify(&req, &|_| {}, &Context::serial()) {
            Err(CertifyError::Refused(r)) => assert_eq!(r.input, Input::Checkpoints),
            other => panic!("{other:?}"),
        }
        assert!(names(d.path()).is_empty(), "{:?}", names(d.path()));
    }

    #[test]
    fn a_cancelled_run_leaves_no_certificate() {
        let d = tempfile::tempdir().unwrap();
        let path = d.path().join("c.cert");
        let cancel = Cancel::new();
        cancel.cancel();
        for checkpoints in [None, Some(Duration::ZERO)] {
            let ck = checkpoints.map(|every| Checkpoints {
                partial: Partial::Refuse,
                every,
            });
            // rows 0..63 repeat after about 46000 columns: the search sees the flag on the way
            let req = request(1, 64, Some(output(&path, ck)));
            let e = certify(&req, &|_| {}, &Context::serial().with_cancel(&cancel))
                .map(|_| ())
                .unwrap_err();
            assert!(matches!(e, CertifyError::Failed(Error::Cancelled)), "{e}");
            assert!(names(d.path()).is_empty(), "{:?}", names(d.path()));
        }
    }
}
