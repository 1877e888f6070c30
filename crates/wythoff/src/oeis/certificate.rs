//! b-files read from a row certificate (`crate::files::certificate`) instead of computed.
//!
//! A certificate of rows 0..X−1 (parameter a) stores, per row x, the preperiod y₀ and the least
//! additive period p of G(x, y + p) = G(x, y) + p (y ≥ y₀), one period of offsets G(x, y) − y
//! and, when its budget allowed, the offsets below y₀ (doc/rows.md; the additive periodicity is
//! the theorem of Dress, Flammenkamp and Pink, "Additive periodicity of the Sprague–Grundy
//! function of certain Nim games", Adv. Appl. Math. 22 (1999)). From it:
//!
//! * a row of Wythoff's table (A004482–A004487, a = 1): a(y) = G(x, y) = y + offset, the offset
//!   read from the stored prefix for y < y₀ and from the period at y₀ + ((y − y₀) mod p) above —
//!   any number of terms, O(1) each (one remainder), streamed, never held in memory;
//! * the preperiods y₀ or the periods p of rows 0..X−1, offset 0 (row x = index n), for any a;
//!   for a = 1 these are A046874 and A046875.
//!
//! What a certificate cannot give is refused before any term is written: an entry that is not a
//! row sequence, a certificate of another a, a row or a row count beyond its X, and values below
//! a preperiod that it does not store.
//!
//! Cost: O(1) per term after reading the file (linear in its size, checksum verified).

use super::{Entry, Source};
use crate::error::refusals_are_usage;
use crate::files::certificate::{Certificate, CertificateError};
use rug::Integer;

/// What [`row_quantities`] reads from each row of a certificate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowQuantity {
    /// The preperiod y₀ of row x (the least y₀ with G(x, y + p) = G(x, y) + p for y ≥ y₀).
    Preperiod,
    /// The least additive period p of row x.
    Period,
}

/// Why a certificate cannot give an entry's terms.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FromCertificateError {
    /// The entry is not one a row certificate gives.
    #[error("{anum} is not read from a row certificate (it gives {accepted})")]
    NotFromCertificate {
        /// The entry asked for.
        anum: &'static str,
        /// The entries a certificate gives.
        accepted: String,
    },
    /// The entry belongs to another parameter a than the certificate's.
    #[error("{anum} is a sequence of a = {want}; the certificate holds rows of a = {got}")]
    WrongA {
        /// The entry asked for.
        anum: &'static str,
        /// The entry's a.
        want: u64,
        /// The certificate's a.
        got: u64,
    },
    /// More row terms asked for than the certificate has rows.
    #[error("{count} terms are rows 0..{}; the certificate covers rows 0..{} (X = {rows})", count - 1, rows - 1)]
    TooFewRows {
        /// Terms asked for.
        count: u64,
        /// The certificate's X.
        rows: u64,
    },
    /// The certificate does not cover the row, or does not store values asked for.
    #[error(transparent)]
    Certificate(#[from] CertificateError),
}

refusals_are_usage!(FromCertificateError, carries Certificate);

/// Whether a row certificate gives the entry's terms.
pub fn accepts_certificate(e: &Entry) -> bool {
    matches!(
        e.source,
        Source::GrundyRow(_) | Source::RowPreperiods | Source::RowPeriods
    )
}

/// The A-numbers a certificate gives, for messages.
fn accepted() -> String {
    super::CATALOGUE
        .iter()
        .filter(|e| accepts_certificate(e))
        .map(|e| e.anum)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The preperiods or the periods of rows 0..count−1 of the certificate (`None`: all X rows),
/// in row order; more rows than the certificate has are refused.
pub fn row_quantities(
    c: &Certificate,
    q: RowQuantity,
    count: Option<u64>,
) -> Result<Vec<u128>, FromCertificateError> {
    let count = count.unwrap_or(c.x());
    if count > c.x() {
        return Err(FromCertificateError::TooFewRows { count, rows: c.x() });
    }
    Ok(c.rows()
        .iter()
        .take(count as usize) // ≤ X ≤ 4096
        .map(|r| {
            u128::from(match q {
                RowQuantity::Preperiod => r.preperiod,
                RowQuantity::Period => r.period,
            })
        })
        .collect())
}

/// Terms a(0), a(1), … of a certified row, computed on demand (see the module documentation).
#[derive(Clone, Debug)]
pub struct RowTerms<'a> {
    c: &'a Certificate,
    row: usize,
    preperiod: u64,
    period: u64,
    /// The next column y.
    y: u64,
    /// y − y₀ mod p once y ≥ y₀.
    phase: u64,
    /// Columns left.
    left: u64,
}

impl Iterator for RowTerms<'_> {
    type Item = u128;

    fn next(&mut self) -> Option<u128> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let y = self.y;
        self.y += 1; // y < count ≤ 2^64 − 1 terms from 0: y + 1 fits
        let off = if y < self.preperiod {
            // checked to be stored before the first term (RowTerms::new)
            self.c.prefix_offset(self.row, y).unwrap_or(0)
        } else {
            let off = self.c.cycle_offset(self.row, self.phase);
            self.phase += 1;
            if self.phase == self.period {
                self.phase = 0;
            }
            off
        };
        // G = y + off ≥ 0: the reader checked it for the stored columns, and a later column of
        // the same phase only adds multiples of p
        let y = u128::from(y);
        let mag = u128::from(off.unsigned_abs());
        Some(if off >= 0 {
            y + mag
        } else {
            y.saturating_sub(mag)
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = usize::try_from(self.left).unwrap_or(usize::MAX);
        (n, usize::try_from(self.left).ok())
    }
}

impl<'a> RowTerms<'a> {
    /// The first `count` terms of row `row` of the certificate: refused when the row is not
    /// certified, or when a term lies below the row's preperiod and those values are not stored.
    pub fn new(
        c: &'a Certificate,
        row: u64,
        count: u64,
    ) -> Result<RowTerms<'a>, FromCertificateError> {
        // the certificate's own answer at the first column names the refusal, if any: a row
        // beyond X, or (with terms asked for) column 0 below a preperiod whose values are not
        // stored — the only case where a later column can fail too; with no terms, a column
        // past every preperiod checks the row alone
        let first = if count == 0 { u64::MAX } else { 0 };
        c.value(&Integer::from(row), &Integer::from(first))?;
        let i = row as usize; // < X ≤ 4096: value() found the row
        let r = c.rows()[i];
        Ok(RowTerms {
            c,
            row: i,
            preperiod: r.preperiod,
            period: r.period,
            y: 0,
            phase: 0,
            left: count,
        })
    }
}

/// The first `count` terms (`None`: the entry's default for a row, every row of the certificate
/// for the preperiods and periods) of a catalogued entry, read from a certificate: a row of
/// Wythoff's table A004482–A004487, or the row preperiods A046874 / periods A046875; the
/// certificate's a must be 1.
pub fn certificate_terms<'a>(
    e: &'static Entry,
    c: &'a Certificate,
    count: Option<u64>,
) -> Result<Box<dyn Iterator<Item = u128> + 'a>, FromCertificateError> {
    if !accepts_certificate(e) {
        return Err(FromCertificateError::NotFromCertificate {
            anum: e.anum,
            accepted: accepted(),
        });
    }
    if c.a != 1 {
        return Err(FromCertificateError::WrongA {
            anum: e.anum,
            want: 1,
            got: c.a,
        });
    }
    Ok(match e.source {
        Source::GrundyRow(r) => Box::new(RowTerms::new(
            c,
            r as u64,
            count.unwrap_or(e.default_terms),
        )?),
        Source::RowPreperiods => {
            Box::new(row_quantities(c, RowQuantity::Preperiod, count)?.into_iter())
        }
        _ => Box::new(row_quantities(c, RowQuantity::Period, count)?.into_iter()),
    })
}
