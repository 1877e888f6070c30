//! `nheap::run`, the slice runs as one library call: the positions a listing writes against the
//! P-positions of a backward induction from the rules (tests/common/naive.rs, [`NheapBox`]), its
//! progress (the columns computed, up to the largest A listed), and cancellation through the
//! [`Context`] — stopped between two columns, a run with a file keeps its checkpoints and a
//! continued run ends with the bytes of an uninterrupted one.

mod common;
use common::NheapBox;
use std::cell::RefCell;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use wythoff::Context;
use wythoff::cancel::Cancel;
use wythoff::error::{Error, Result};
use wythoff::files::Partial;
use wythoff::nheap::run::{self, Cadence, Event, Fixed, Output, Render, Request, RunError};

/// Lines `fixed… n A B`, wrapped in `[` and `]` so that the opening and closing are seen.
struct Lines;

impl Render for Lines {
    fn identity(&self) -> String {
        "lines".into()
    }

    fn opening(&self) -> Result<String> {
        Ok("[\n".into())
    }

    fn position(&self, out: &mut String, fixed: &[u64], n: u64, a: u64, b: u64) -> Result<()> {
        for f in fixed {
            out.push_str(&format!("{f} "));
        }
        out.push_str(&format!("{n} {a} {b}\n"));
        Ok(())
    }

    fn closing(&self) -> String {
        "]\n".into()
    }
}

fn request(fixed: Fixed, all: bool, count: u64) -> Request<'static> {
    Request {
        fixed,
        all,
        count,
        render: &Lines,
        output: None,
    }
}

/// The text of `req` streamed, and the columns it reported.
fn listed(req: &Request<'_>) -> (String, u64) {
    let columns = AtomicU64::new(0);
    let add = |n: u64| {
        columns.fetch_add(n, Ordering::Relaxed);
    };
    let ctx = Context::serial().with_progress(&add);
    let mut text = String::new();
    let mut stream = |t: &str| {
        text.push_str(t);
        Ok(())
    };
    run::list(
        req,
        &mut stream,
        &|_| panic!("no checkpoints without a file"),
        &ctx,
    )
    .unwrap();
    (text, columns.load(Ordering::Relaxed))
}

/// The lines of the slices of `fixed_sets` from the box, `count` positions each (the box must
/// hold them), in the order found: by A, then in the order given.
fn from_the_box(b: &NheapBox, fixed_sets: &[Vec<usize>], count: usize) -> (String, u64) {
    let mut all: Vec<(u64, usize, String)> = Vec::new();
    for (k, f) in fixed_sets.iter().enumerate() {
        let (positions, _) = b.slice(f);
        assert!(positions.len() >= count, "the box holds {f:?}");
        for (n, &(a, bb)) in positions.iter().take(count).enumerate() {
            let heads: String = f.iter().map(|x| format!("{x} ")).collect();
            all.push((a, k, format!("{heads}{n} {a} {bb}\n")));
        }
    }
    all.sort();
    let last_a = all.iter().map(|p| p.0).max().unwrap();
    let body: String = all.into_iter().map(|p| p.2).collect();
    (format!("[\n{body}]\n"), last_a + 1)
}

#[test]
fn three_heap_listings_are_the_p_positions_of_the_box() {
    let b = NheapBox::new(3, 5, 80);
    // one slice, and every slice up to 5 in one run
    for s in 0..=5usize {
        let want = from_the_box(&b, &[vec![s]], 20);
        assert_eq!(
            listed(&request(Fixed::Three(s as u64), false, 20)),
            want,
            "s = {s}"
        );
    }
    let sets: Vec<Vec<usize>> = (0..=5).map(|s| vec![s]).collect();
    assert_eq!(
        listed(&request(Fixed::Three(5), true, 20)),
        from_the_box(&b, &sets, 20)
    );
}

#[test]
fn four_heap_listings_are_the_p_positions_of_the_box() {
    let b = NheapBox::new(4, 3, 44);
    for (p, q) in [(0, 0), (1, 2), (2, 1), (3, 3), (0, 3)] {
        // listed with the fixed heaps in increasing order
        let want = from_the_box(&b, &[vec![p.min(q), p.max(q)]], 8);
        assert_eq!(
            listed(&request(Fixed::Four(p as u64, q as u64), false, 8)),
            want
        );
    }
    // every slice of fixed heaps p ≤ q ≤ 2, in the rows' order (by q, then p)
    let sets: Vec<Vec<usize>> = (0..=2)
        .flat_map(|q| (0..=q).map(move |p| vec![p, q]))
        .collect();
    assert_eq!(
        listed(&request(Fixed::Four(1, 2), true, 8)),
        from_the_box(&b, &sets, 8)
    );
}

/// Cancelled once `after` columns are reported: the error, and the text streamed.
fn cancelled_after(req: &Request<'_>, after: u64) -> (RunError, String) {
    let flag = Cancel::new();
    let seen = AtomicU64::new(0);
    let stop = |n: u64| {
        if seen.fetch_add(n, Ordering::Relaxed) + n >= after {
            flag.cancel();
        }
    };
    let ctx = Context::serial().with_progress(&stop).with_cancel(&flag);
    let text = RefCell::new(String::new());
    let mut stream = |t: &str| {
        text.borrow_mut().push_str(t);
        Ok(())
    };
    let e = run::list(req, &mut stream, &|_| {}, &ctx).unwrap_err();
    (e, text.into_inner())
}

#[test]
fn a_cancelled_listing_stops_between_two_columns() {
    let req = request(Fixed::Three(3), true, 5000);
    let (e, text) = cancelled_after(&req, 100);
    assert!(matches!(e, RunError::Failed(Error::Cancelled)), "{e:?}");
    assert_eq!(Error::from(e).exit_code(), Error::Cancelled.exit_code());
    // what it wrote is the start of the whole listing
    let (whole, _) = listed(&request(Fixed::Three(3), true, 5000));
    assert!(whole.starts_with(&text));
    // a flag set before the call stops it at its first poll, the opening alone written
    let flag = Cancel::new();
    flag.cancel();
    let ctx = Context::serial().with_cancel(&flag);
    let mut text = String::new();
    let mut stream = |t: &str| {
        text.push_str(t);
        Ok(())
    };
    let r = run::list(&req, &mut stream, &|_| {}, &ctx);
    assert!(matches!(r, Err(RunError::Failed(Error::Cancelled))));
    assert_eq!(text, "[\n");
    let r = run::measure(Fixed::Three(2), 100, None, None, &|_| {}, &ctx);
    assert!(matches!(r, Err(RunError::Failed(Error::Cancelled))));
}

fn to_file<'a>(path: &'a Path, partial: Partial) -> Output<'a> {
    Output {
        path,
        partial,
        cadence: Cadence {
            every: Duration::from_secs(3600),
            columns: Some(50),
            abort_after: None,
        },
    }
}

#[test]
fn a_cancelled_run_to_a_file_continues_to_the_same_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("slices.txt");
    let mut req = request(Fixed::Four(1, 2), true, 400);
    let (whole, _) = listed(&req);
    req.output = Some(to_file(&path, Partial::Refuse));
    let (e, _) = cancelled_after(&req, 120);
    assert!(matches!(e, RunError::Failed(Error::Cancelled)), "{e:?}");
    assert!(!path.exists(), "the file appears only when complete");
    // a plain run refuses the interrupted one's files; a continued one ends it
    let mut none = |_: &str| -> Result<()> { panic!("text to a file") };
    let refused = run::list(&req, &mut none, &|_| {}, &Context::serial());
    assert!(
        matches!(refused, Err(RunError::Checkpoints(_))),
        "{refused:?}"
    );
    req.output = Some(to_file(&path, Partial::Resume));
    let begun = RefCell::new(Vec::new());
    let event = |e: Event| begun.borrow_mut().push(e);
    run::list(&req, &mut none, &event, &Context::serial()).unwrap();
    let [Event::Begins(wythoff::nheap::resume::Begin::Resumed { column, .. })] = begun.take()[..]
    else {
        panic!("not continued");
    };
    assert_eq!(column % 50, 0);
    assert!(column > 0 && column <= 120);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), whole);

    // the measurement: continued after a cancel, the report of an uninterrupted run
    let report = dir.path().join("report.json");
    let plain = run::measure(
        Fixed::Three(3),
        600,
        None,
        None,
        &|_| {},
        &Context::serial(),
    );
    let plain = plain.unwrap().to_json();
    let flag = Cancel::new();
    let seen = AtomicU64::new(0);
    let stop = |n: u64| {
        if seen.fetch_add(n, Ordering::Relaxed) + n >= 300 {
            flag.cancel();
        }
    };
    let ctx = Context::serial().with_progress(&stop).with_cancel(&flag);
    let out = Some(to_file(&report, Partial::Refuse));
    let r = run::measure(Fixed::Three(3), 600, out, None, &|_| {}, &ctx);
    assert!(matches!(r, Err(RunError::Failed(Error::Cancelled))));
    assert!(!report.exists());
    let out = Some(to_file(&report, Partial::Resume));
    let r = run::measure(Fixed::Three(3), 600, out, None, &|_| {}, &Context::serial());
    assert_eq!(r.unwrap().to_json(), plain);
    assert_eq!(std::fs::read_to_string(&report).unwrap(), plain);
}

#[test]
fn refusals_name_the_input_they_concern() {
    let mut none = |_: &str| -> Result<()> { Ok(()) };
    let ctx = Context::serial();
    let r = run::list(
        &request(Fixed::Three(1024), false, 1),
        &mut none,
        &|_| {},
        &ctx,
    );
    let Err(RunError::Slice(wythoff::nheap::slice::SliceError::Refused(r))) = r else {
        panic!("smallest heap 1024 accepted");
    };
    assert_eq!(r.input, wythoff::nheap::slice::Input::Fixed);
    assert!(r.message.contains("up to 1023"), "{}", r.message);
    let mut req = request(Fixed::Three(1), false, 1);
    let dev = Path::new("/dev/null");
    req.output = Some(to_file(dev, Partial::Resume));
    let r = run::list(&req, &mut none, &|_| {}, &ctx);
    assert!(matches!(r, Err(RunError::NoCheckpoints)), "{r:?}");
    req.output = Some(to_file(Path::new("folder/"), Partial::Refuse));
    let r = run::list(&req, &mut none, &|_| {}, &ctx);
    assert!(matches!(r, Err(RunError::Output(_))), "{r:?}");
}
