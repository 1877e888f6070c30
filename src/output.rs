//! Former home of the output plumbing, now in [`crate::artifact`]; re-exported under the old
//! names while the code moves over.

pub use crate::artifact::atomic::{AtomicFile, io_error};
pub use crate::artifact::decimal::{Decimal, reversed_digits};
pub use crate::artifact::header::{HEADER_LEN, Header, Kind, MAGIC};
