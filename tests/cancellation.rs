//! Every cancellable engine stops at its first poll of a flag that is already set
//! ([`wythoff::cancel::Cancel`]).

use wythoff::Context;
use wythoff::cancel::Cancel;
use wythoff::error::{Error, Result};

#[test]
fn every_cancellable_engine_stops_at_its_first_poll() {
    use rug::Integer;
    let c = Cancel::new();
    c.cancel();
    let ctx = Context::serial().with_cancel(&c);
    let stopped = |r: Result<()>, what: &str| {
        assert!(matches!(r, Err(Error::Cancelled)), "{what}: {r:?}");
    };
    let rules = wythoff::lines::LineRules::named("wythoff").unwrap();
    let line = wythoff::lines::LineTable::compute(&rules, 50, &ctx);
    stopped(line.map(|_| ()), "line table");
    let three = wythoff::three_pile::Box3::solve([9, 9, 9], &ctx);
    stopped(three.map(|_| ()), "three-pile box");
    let summary = wythoff::three_pile::cube::summary(9, &ctx);
    stopped(summary.map(|_| ()), "three-pile summary");
    let a018219 = wythoff::three_pile::a018219(30, &ctx);
    stopped(a018219.map(|_| ()), "A018219");
    let spec = wythoff::grundy::Spec::new(1, 300).unwrap();
    let table = wythoff::grundy::Table::compute(spec, &ctx);
    stopped(table.map(|_| ()), "grundy table");
    let plan = wythoff::pairs::bulk::Plan::new(wythoff::Rules::wythoff(), 0, 1000).unwrap();
    let checksum = wythoff::pairs::bulk::checksum(&plan, &ctx);
    stopped(checksum.map(|_| ()), "pairs checksum");
    let cfg = wythoff::verify::Config::up_to(1000);
    let ctx = wythoff::Context::serial().with_cancel(&c);
    let verify = wythoff::verify::run(&wythoff::verify::Task::check(cfg), &ctx, &|_| {});
    stopped(verify.map(|_| ()).map_err(Error::from), "verify");
    let e = wythoff::oeis::entry("A000201").unwrap();
    let bfile = wythoff::oeis::write_bfile(e, 10_000, &mut Vec::new(), &ctx);
    stopped(bfile, "b-file");
    let (one, big) = (Integer::from(1), Integer::from(Integer::u_pow_u(10, 30)));
    let row = wythoff::grundy::rows::value_at(&one, &big, &ctx);
    stopped(row.map(|_| ()).map_err(Error::from), "certified rows");
    let far = wythoff::gvalues::far::value_far(
        &Integer::from(5000),
        &Integer::from(5100),
        &wythoff::Context::serial().with_cancel(&c),
    );
    stopped(far.map(|_| ()), "far value");
    let ps = [(Integer::from(3), big.clone())];
    let sum = wythoff::sums::analyse(1, None, &ps, &ctx);
    stopped(sum.map(|_| ()), "sum");
    let periods = wythoff::grundy::rows::periods(8, 1 << 20, &ctx);
    stopped(periods.map(|_| ()).map_err(Error::from), "row periods");
    let mut text = Vec::new();
    let cols = wythoff::pairs::emit::Columns::Pairs;
    let pairs = wythoff::pairs::emit::write_text(&plan, cols, &mut text, &ctx);
    stopped(pairs, "pairs text");
}

#[test]
fn every_table_check_stops_at_its_first_poll() {
    let c = Cancel::new();
    c.cancel();
    let ctx = Context::serial().with_cancel(&c);
    let stopped = |r: Result<()>, what: &str| {
        assert!(matches!(r, Err(Error::Cancelled)), "{what}: {r:?}");
    };
    // tables computed uncancelled, then checked under the set flag
    let spec = wythoff::grundy::Spec::new(1, 1024).unwrap();
    let t = wythoff::grundy::Table::compute(spec, &Context::serial()).unwrap();
    let proof = wythoff::grundy::check_with(&t.data, t.layout, 1, None, &ctx);
    stopped(proof.map(|_| ()), "grundy check");
    let get = |x: u64, y: u64| t.get(x as usize, y as usize);
    let against = wythoff::gvalues::against::against_table(&get, 1024, 3, &ctx);
    stopped(against.map(|_| ()), "g-values against a table");
    let rules = wythoff::lines::LineRules::named("wythoff").unwrap();
    let line = wythoff::lines::LineTable::compute(&rules, 50, &Context::serial()).unwrap();
    let get = |x: u64, y: u64| line.get(x as usize, y as usize);
    let lines = wythoff::lines::check::check(&get, 50, &rules, None, &ctx);
    stopped(lines.map(|_| ()), "line table check");
}
