//! Helpers shared by the integration tests: the binary as users run it ([`run`]), the published
//! OEIS terms ([`oeis`]), naive references computed from the rules ([`naive`]) and files written
//! by the documented formats ([`tables`]) — never by the engines under test — and the runner of
//! a document's examples ([`examples`]: README.md, doc/guide.md); and the one way a test says
//! that this machine cannot run it ([`skip`]).
#![allow(dead_code, unused_imports)] // each test file uses some of them

pub mod examples;
pub mod naive;
pub mod oeis;
pub mod run;
pub mod skip;
pub mod tables;
pub mod verify;

pub use naive::*;
pub use oeis::*;
pub use run::*;
pub use skip::skipped;
pub use tables::*;
