//! Where a table lives: the upper triangle x ≤ y, row-major (row x holds G(x, y) for
//! y = x..N−1), `width` little-endian bytes per value, in memory or in a mapped file.

/// Layout arithmetic of the upper triangle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Side N of the square.
    pub n: usize,
    /// Bytes per value (1..=4).
    pub width: usize,
}

impl Layout {
    /// Index of (x, y), x ≤ y < N, in value units: x·N − x(x−1)/2 + (y − x).
    #[inline(always)]
    pub fn index(&self, x: usize, y: usize) -> usize {
        x * self.n - x * x.saturating_sub(1) / 2 + (y - x)
    }

    /// First value index of row x.
    #[inline]
    pub fn row_start(&self, x: usize) -> usize {
        if x == 0 { 0 } else { self.index(x, x) }
    }

    /// Number of values, N(N+1)/2.
    pub fn values(&self) -> usize {
        self.n * (self.n + 1) / 2
    }

    /// Payload size in bytes.
    pub fn bytes(&self) -> usize {
        self.values() * self.width
    }

    /// The smallest width holding every value ≤ `max`.
    pub fn width_for(max: u64) -> usize {
        match max {
            0..=0xff => 1,
            0x100..=0xffff => 2,
            0x1_0000..=0xff_ffff => 3,
            _ => 4,
        }
    }
}

/// A raw pointer to a payload, shared by the band workers (each writes only its own rows).
#[derive(Clone, Copy)]
pub struct PayloadPtr {
    ptr: *mut u8,
    len: usize,
    /// The layout of the payload.
    pub layout: Layout,
}

// SAFETY: a copy of the pointer may go to another thread: every access through it is an unsafe
// method whose contract excludes a cell written by one thread while another reads or writes it.
unsafe impl Send for PayloadPtr {}

impl PayloadPtr {
    /// A pointer to `buf`, which must hold `layout.bytes()` bytes and outlive every use.
    pub fn new(buf: &mut [u8], layout: Layout) -> PayloadPtr {
        assert!(buf.len() >= layout.bytes());
        PayloadPtr {
            ptr: buf.as_mut_ptr(),
            len: buf.len(),
            layout,
        }
    }

    /// Stores G(x, y) = g for x ≤ y.
    ///
    /// # Safety
    /// x ≤ y < N, the buffer alive, and no other thread writing row x.
    #[inline(always)]
    // SAFETY: an unsafe fn; its contract is the # Safety section above, kept by callers.
    pub unsafe fn put(self, x: usize, y: usize, g: u32) {
        let w = self.layout.width;
        let off = self.layout.index(x, y) * w;
        debug_assert!(off + w <= self.len);
        // one store per width (a copy of runtime length would be a call to memcpy)
        // SAFETY: the caller's contract: x ≤ y < N (so off + w ≤ len), the buffer alive, row x written
        // by this thread only.
        unsafe {
            let p = self.ptr.add(off);
            match w {
                1 => *p = g as u8,
                2 => (p as *mut u16).write_unaligned((g as u16).to_le()),
                3 => {
                    (p as *mut u16).write_unaligned((g as u16).to_le());
                    *p.add(2) = (g >> 16) as u8;
                }
                _ => (p as *mut u32).write_unaligned(g.to_le()),
            }
        }
    }

    /// G(x, y) for any x, y < N (by symmetry).
    ///
    /// # Safety
    /// x, y < N, the buffer alive, and the cell already written and not being written.
    #[inline(always)]
    // SAFETY: an unsafe fn; its contract is the # Safety section above, kept by callers.
    pub unsafe fn get(self, x: usize, y: usize) -> u32 {
        let (x, y) = if x <= y { (x, y) } else { (y, x) };
        let w = self.layout.width;
        let off = self.layout.index(x, y) * w;
        // one load per width, reading exactly the value's bytes
        // SAFETY: the caller's contract: x, y < N (so off + w ≤ len), the buffer alive, the cell written
        // and not being written.
        unsafe {
            let p = self.ptr.add(off);
            match w {
                1 => *p as u32,
                2 => u16::from_le((p as *const u16).read_unaligned()) as u32,
                3 => {
                    u16::from_le((p as *const u16).read_unaligned()) as u32
                        | (*p.add(2) as u32) << 16
                }
                _ => u32::from_le((p as *const u32).read_unaligned()),
            }
        }
    }
}

/// Reads G(x, y) (any order) from a payload slice.
#[inline]
pub fn read(payload: &[u8], layout: Layout, x: usize, y: usize) -> u32 {
    let (x, y) = if x <= y { (x, y) } else { (y, x) };
    let w = layout.width;
    let off = layout.index(x, y) * w;
    let mut b = [0u8; 4];
    b[..w].copy_from_slice(&payload[off..off + w]);
    u32::from_le_bytes(b)
}

/// Decodes `out.len()` consecutive values of `width` bytes from `bytes` (little-endian).
///
/// Panics if `bytes` is shorter than `out.len() · width` (callers pass in-table ranges).
#[inline]
pub fn decode_into(bytes: &[u8], width: usize, out: &mut [u32]) {
    let bytes = &bytes[..out.len() * width];
    match width {
        1 => out.iter_mut().zip(bytes).for_each(|(o, &b)| *o = b as u32),
        2 => out
            .iter_mut()
            .zip(bytes.chunks_exact(2))
            .for_each(|(o, c)| *o = u16::from_le_bytes([c[0], c[1]]) as u32),
        3 => out
            .iter_mut()
            .zip(bytes.chunks_exact(3))
            .for_each(|(o, c)| *o = u32::from_le_bytes([c[0], c[1], c[2], 0])),
        _ => out
            .iter_mut()
            .zip(bytes.chunks_exact(4))
            .for_each(|(o, c)| *o = u32::from_le_bytes([c[0], c[1], c[2], c[3]])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triangle_indices_are_dense_and_ordered() {
        let l = Layout { n: 7, width: 1 };
        let mut k = 0;
        for x in 0..7 {
            assert_eq!(l.row_start(x), k);
            for y in x..7 {
                assert_eq!(l.index(x, y), k);
                k += 1;
            }
        }
        assert_eq!(k, l.values());
        assert_eq!(Layout::width_for(65535), 2);
        assert_eq!(Layout::width_for(65536), 3);
    }
}
