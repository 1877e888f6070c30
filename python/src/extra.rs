//! More of the library: added as the bindings grow.

use pyo3::prelude::*;

/// Adds this file's functions to the module.
pub fn register(_m: &Bound<'_, PyModule>) -> PyResult<()> {
    Ok(())
}
