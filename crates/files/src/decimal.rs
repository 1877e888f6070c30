//! Decimal counters: a number kept as ASCII digits with in-place addition, which makes text output
//! several times faster than formatting every integer afresh.

/// A non-negative integer kept as ASCII decimal digits, most significant first, with in-place
/// addition.  Holds up to 47 digits (every u128 has at most 39).
#[derive(Clone, Copy)]
pub struct Decimal {
    digits: [u8; 48],
    len: usize,
}

impl Decimal {
    /// The decimal form of v.
    pub fn new(v: u128) -> Decimal {
        let s = v.to_string();
        let mut digits = [b'0'; 48];
        digits[..s.len()].copy_from_slice(s.as_bytes());
        Decimal {
            digits,
            len: s.len(),
        }
    }

    /// The digits (no sign, no leading zeros except for 0 itself).
    #[inline]
    pub fn as_bytes(&self) -> &[u8] {
        &self.digits[..self.len]
    }

    /// The whole 48-byte buffer, whose first `len()` bytes are the digits; lets callers copy a
    /// fixed size and advance by `len()`.
    #[inline]
    pub fn raw(&self) -> &[u8; 48] {
        &self.digits
    }

    /// Number of digits.
    #[inline]
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Adds d ≤ 9.
    #[inline]
    pub fn add_small(&mut self, d: u8) {
        let mut i = self.len - 1;
        let mut v = self.digits[i] + d;
        while v > b'9' {
            self.digits[i] = v - 10;
            if i == 0 {
                self.grow();
                return;
            }
            i -= 1;
            v = self.digits[i] + 1;
        }
        self.digits[i] = v;
    }

    /// Adds a number given by its decimal digits, least significant first.
    #[inline]
    pub fn add_digits(&mut self, rev: &[u8]) {
        while self.len < rev.len() {
            self.shift_right();
        }
        let mut carry = 0u8;
        let mut k = 0usize;
        let mut i = self.len;
        while i > 0 {
            i -= 1;
            let add = if k < rev.len() { rev[k] } else { 0 };
            k += 1;
            if add == 0 && carry == 0 && k > rev.len() {
                return;
            }
            let mut v = self.digits[i] - b'0' + add + carry;
            carry = u8::from(v >= 10);
            if v >= 10 {
                v -= 10;
            }
            self.digits[i] = b'0' + v;
        }
        if carry == 1 {
            self.grow();
        }
    }

    /// Adds a u128 (any size).
    pub fn add(&mut self, v: u128) {
        if v <= 9 {
            self.add_small(v as u8);
        } else {
            self.add_digits(&reversed_digits(v));
        }
    }

    /// After a carry out of the top digit (all digits now '0' above), prepend a 1.
    fn grow(&mut self) {
        self.shift_right();
        self.digits[0] = b'1';
    }

    fn shift_right(&mut self) {
        self.digits.copy_within(0..self.len, 1);
        self.digits[0] = b'0';
        self.len += 1;
    }
}

/// The decimal digits of v, least significant first, as values 0..=9.
pub fn reversed_digits(v: u128) -> Vec<u8> {
    v.to_string().bytes().rev().map(|b| b - b'0').collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_counts_like_integers() {
        let mut d = Decimal::new(0);
        let mut v = 0u128;
        for step in [1u128, 9, 9, 2, 1, 99, 7, 12345, 999_999, 3, 1 << 70, 8] {
            for _ in 0..37 {
                d.add(step);
                v += step;
                assert_eq!(d.as_bytes(), v.to_string().as_bytes());
            }
        }
        let mut e = Decimal::new(99);
        e.add_small(1);
        assert_eq!(e.as_bytes(), b"100");
    }
}
