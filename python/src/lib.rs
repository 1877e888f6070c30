//! `wythoff._wythoff`, the compiled part of the Python package `wythoff`: the library's functions
//! with Python integers of any size, NumPy arrays and Python exceptions (doc/python.md).
//!
//! Each function is one call of the library, the same the command line makes (src/cli/): nothing
//! is computed twice in two languages.  Long work releases the GIL and stops on Ctrl-C through
//! the library's cancellation flag ([`interrupt`]); errors become exceptions ([`errors`]);
//! integers cross as exact values ([`convert`]).

#![warn(clippy::undocumented_unsafe_blocks)]

mod certificate;
mod convert;
mod cube;
mod errors;
mod extra;
mod games;
mod grundy;
mod interrupt;
mod learn;
mod lines;
mod mapped;
mod pairs;
mod prove;

use pyo3::prelude::*;

#[pymodule]
fn _wythoff(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(pairs::nth, m)?)?;
    m.add_function(wrap_pyfunction!(pairs::moves, m)?)?;
    m.add_function(wrap_pyfunction!(pairs::is_p, m)?)?;
    m.add_function(wrap_pyfunction!(pairs::partner, m)?)?;
    m.add_function(wrap_pyfunction!(pairs::pairs, m)?)?;
    m.add_function(wrap_pyfunction!(grundy::grundy_table, m)?)?;
    m.add_function(wrap_pyfunction!(grundy::grundy_at, m)?)?;
    m.add_function(wrap_pyfunction!(grundy::open_table, m)?)?;
    m.add_function(wrap_pyfunction!(grundy::write_table, m)?)?;
    m.add_class::<grundy::TableFile>()?;
    m.add_function(wrap_pyfunction!(lines::line_grundy_table, m)?)?;
    m.add_function(wrap_pyfunction!(lines::write_line_table, m)?)?;
    m.add_function(wrap_pyfunction!(lines::open_line_table, m)?)?;
    m.add_class::<lines::LineTableFile>()?;
    m.add_function(wrap_pyfunction!(certificate::open_certificate, m)?)?;
    m.add_function(wrap_pyfunction!(certificate::write_certificate, m)?)?;
    m.add_class::<certificate::RowCertificate>()?;
    m.add_function(wrap_pyfunction!(cube::open_cube, m)?)?;
    m.add_function(wrap_pyfunction!(cube::write_cube, m)?)?;
    m.add_class::<cube::CubeFile>()?;
    m.add_function(wrap_pyfunction!(prove::prove, m)?)?;
    m.add_function(wrap_pyfunction!(learn::learn, m)?)?;
    m.add_function(wrap_pyfunction!(games::games, m)?)?;
    m.add_function(wrap_pyfunction!(games::analyse, m)?)?;
    m.add_function(wrap_pyfunction!(games::game_moves, m)?)?;
    m.add_function(wrap_pyfunction!(games::game_samples, m)?)?;
    extra::register(m)?;
    Ok(())
}
