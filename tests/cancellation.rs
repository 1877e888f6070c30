//! Every cancellable engine stops at its first poll of a flag that is already set
//! ([`wythoff::cancel::Cancel`]).

use wythoff::cancel::Cancel;
use wythoff::error::{Error, Result};

#[test]
fn every_cancellable_engine_stops_at_its_first_poll() {
    use rug::Integer;
    let c = Cancel::new();
    c.cancel();
    let stopped = |r: Result<()>, what: &str| {
        assert!(matches!(r, Err(Error::Cancelled)), "{what}: {r:?}");
    };
    let rules = wythoff::lines::LineRules::named("wythoff").unwrap();
    let line = wythoff::lines::LineTable::compute_cancellable(&rules, 50, 1, &|_| {}, &c);
    stopped(line.map(|_| ()), "line table");
    let three = wythoff::three_pile::Box3::solve_cancellable([9, 9, 9], &|_| {}, &c);
    stopped(three.map(|_| ()), "three-pile box");
    let summary = wythoff::three_pile::cube::summary(9, &|_| {}, &c);
    stopped(summary.map(|_| ()), "three-pile summary");
    let cfg = wythoff::verify::Config::up_to(1000);
    let ctx = wythoff::Context::serial().with_cancel(&c);
    let verify = wythoff::verify::run(&wythoff::verify::Task::check(cfg), &ctx, &|_| {});
    stopped(verify.map(|_| ()).map_err(Error::from), "verify");
    let e = wythoff::oeis::entry("A000201").unwrap();
    let bfile = wythoff::oeis::write_bfile_cancellable(e, 10_000, &mut Vec::new(), &c);
    stopped(bfile, "b-file");
    let (one, big) = (Integer::from(1), Integer::from(Integer::u_pow_u(10, 30)));
    let row = wythoff::grundy::rows::value_at_cancellable(&one, &big, &c);
    stopped(row.map(|_| ()).map_err(Error::from), "certified rows");
    let far = wythoff::gvalues::far::value_far_cancellable(
        &Integer::from(5000),
        &Integer::from(5100),
        &c,
    );
    stopped(far.map(|_| ()), "far value");
    let ps = [(Integer::from(3), big.clone())];
    let sum = wythoff::sums::analyse_cancellable(1, None, &ps, &c);
    stopped(sum.map(|_| ()), "sum");
}
