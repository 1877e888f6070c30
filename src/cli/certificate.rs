//! `--certificate CERT`, shared by the commands that read a row certificate (`grundy at`, `sum`,
//! `oeis`): reading the file and turning what it cannot give into one line naming the way out.

use std::path::Path;
use wythoff::error::{Error, Result};
use wythoff::files::FileError;
use wythoff::files::certificate::{Certificate, CertificateError};

/// Reads a certificate given with `--certificate` (one line; an invalid file: status 2, a
/// damaged one: status 1).
pub(crate) fn read_certificate(path: &Path) -> Result<Certificate> {
    Certificate::read(path).map_err(|e| file_error("--certificate", e))
}

/// A file that cannot be used, named by the flag that gave it: status 1 if it is damaged, else 2.
pub(crate) fn file_error(flag: &str, e: FileError) -> Error {
    if e.is_damage() {
        Error::damaged(format!("{flag}: {e}"))
    } else {
        Error::usage(format!("{flag}: {e}"))
    }
}

/// A value the certificate cannot give, with the way out named (status 2).
pub(crate) fn certificate_error(e: CertificateError, path: &Path) -> Error {
    match &e {
        CertificateError::RowBeyond { .. } => Error::usage(format!(
            "{e}; `wythoff rows X -o CERT` with X above the row certifies more ('{}')",
            path.display()
        )),
        CertificateError::NoPrefix { .. } => Error::usage(format!(
            "{e}; `wythoff rows X -o CERT --prefix-budget BYTES` stores them"
        )),
        CertificateError::Invalid(_) => {
            Error::usage(format!("--certificate: '{}': {e}", path.display()))
        }
    }
}
