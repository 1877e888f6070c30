//! How big each output of the default job is: the default preset, the default times a scale S
//! (every product checked, never wrapped), and the small preset the tests run end to end; and the
//! bytes of the files whose sizes are known before any work (doc/formats.md).  Cost: constant.

use super::{Input, JobError};
use crate::Rules;
use crate::error::Refuses;
use crate::grundy;
use crate::pairs::bulk::Plan;
use crate::pairs::emit::FileFormat;

/// How big each output of the job is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sizes {
    /// Terms of each b-file: the entry's default times this, capped by the entry's limit.
    pub oeis_factor: u64,
    /// Cap on the terms of each b-file.
    pub oeis_cap: u64,
    /// STOP of the text pairs files (normal play).
    pub pairs: u64,
    /// STOP of the misère text pairs files.
    pub misere: u64,
    /// STOP of the binary pairs file.
    pub binary: u64,
    /// STOP of the characteristic word and of the checksum.
    pub word: u64,
    /// Side of the Grundy table.
    pub grundy: u64,
    /// Rows whose periods are certified (at least 1).
    pub rows: u64,
    /// Bound of the three-pile P-positions.
    pub three: u64,
    /// Verification bound (floor = mex = numeration for every n below it).
    pub verify: u64,
    /// Side of the Grundy table the verification checks.
    pub verify_grundy: u64,
    /// Bound of the three-pile check of the verification.
    pub verify_three: u64,
}

impl Sizes {
    /// The default job.
    pub const DEFAULT: Sizes = Sizes {
        oeis_factor: 1,
        oeis_cap: u64::MAX,
        pairs: 1_000_000,
        misere: 100_000,
        binary: 10_000_000,
        word: 1_000_000_000,
        grundy: 16384,
        rows: 128,
        three: 2000,
        verify: 30_000_000_000,
        verify_grundy: 2048,
        verify_three: 200,
    };

    /// The small preset (`generate --quick`): a few seconds, what the tests run end to end.
    pub const QUICK: Sizes = Sizes {
        oeis_factor: 1,
        oeis_cap: 1000,
        pairs: 1000,
        misere: 1000,
        binary: 10_000,
        word: 100_000,
        grundy: 256,
        rows: 8,
        three: 100,
        verify: 1_000_000,
        verify_grundy: 64,
        verify_three: 30,
    };

    /// The sizes in words, for the report page.
    pub fn describe(&self) -> String {
        let cap = if self.oeis_cap == u64::MAX {
            String::new()
        } else {
            format!(" (at most {})", self.oeis_cap)
        };
        format!(
            "b-files: {}× each entry's default terms{cap}; pairs n ≤ {}, misère n ≤ {}, binary \
             n ≤ {}, word and checksum n ≤ {}; Grundy table N = {}; certified rows 0..{}; \
             three-pile ≤ {}; verification n < {}, Grundy N = {}, three-pile ≤ {}",
            self.oeis_factor,
            self.pairs,
            self.misere,
            self.binary,
            self.word,
            self.grundy,
            self.rows.saturating_sub(1),
            self.three,
            self.verify,
            self.verify_grundy,
            self.verify_three
        )
    }

    /// The default job times `scale` (the Grundy table by ⌊√scale⌋, the three-pile box at most
    /// doubled); every product is checked.  A refusal concerns [`Input::Scale`].
    pub fn scaled(scale: u64) -> Result<Sizes, JobError> {
        let refuse = |m: String| JobError::refused(Input::Scale, m);
        if scale == 0 {
            return Err(refuse("S must be at least 1".into()));
        }
        let d = Sizes::DEFAULT;
        let mul = |v: u64| {
            v.checked_mul(scale).ok_or_else(|| {
                refuse(format!(
                    "{scale} is too large: {v}·{scale} does not fit in 64 bits"
                ))
            })
        };
        Ok(Sizes {
            oeis_factor: scale,
            oeis_cap: u64::MAX,
            pairs: mul(d.pairs)?,
            misere: mul(d.misere)?,
            binary: mul(d.binary)?,
            word: mul(d.word)?,
            grundy: d
                .grundy
                .checked_mul(scale.isqrt())
                .ok_or_else(|| refuse(format!("{scale} is too large for the Grundy table")))?,
            rows: d.rows,
            three: d.three * scale.min(2),
            verify: mul(d.verify)?,
            verify_grundy: d.verify_grundy,
            verify_three: d.verify_three,
        })
    }

    /// The bytes of the job's files whose sizes are known in advance: the binary pairs file, the
    /// characteristic word and the Grundy table (the text files come on top).  A table side the
    /// library does not take is refused here, as concerning [`Input::Scale`], before any work.
    pub fn known_bytes(&self) -> Result<u64, JobError> {
        let pairs = |stop: u64, f: FileFormat| -> Result<u64, JobError> {
            let plan = Plan::new(Rules::wythoff(), 0, stop)?;
            Ok(f.bytes(&plan).unwrap_or(0))
        };
        let spec = grundy::Spec::new(1, self.grundy).map_err(|e| {
            JobError::refused(
                Input::Scale,
                format!("the Grundy table's side would be N = {}: {e}", self.grundy),
            )
        })?;
        let table = (grundy::HEADER_LEN as u64).saturating_add(spec.layout().bytes() as u64);
        Ok(pairs(self.binary, FileFormat::Binary)?
            .saturating_add(pairs(self.word, FileFormat::Word)?)
            .saturating_add(table))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scale_is_checked_not_wrapped() {
        assert_eq!(Sizes::scaled(1).unwrap(), Sizes::DEFAULT);
        for bad in [0, u64::MAX / 2] {
            let e = Sizes::scaled(bad).unwrap_err();
            assert!(
                matches!(
                    e,
                    JobError::Refused(crate::error::Refusal {
                        input: Input::Scale,
                        ..
                    })
                ),
                "{e}"
            );
            assert_eq!(crate::Error::from(e).exit_code(), 2);
        }
        let s = Sizes::scaled(4).unwrap();
        assert_eq!((s.pairs, s.grundy, s.three), (4_000_000, 32768, 4000));
        // the table side 16384·⌊√4225⌋ = 1064960 is beyond what the library takes
        let e = Sizes::scaled(4225).unwrap().known_bytes().unwrap_err();
        assert!(e.to_string().contains("N = 1064960"), "{e}");
    }
}
