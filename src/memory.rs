//! Fallible reservation: every buffer whose size a caller chooses (a node cap, a population) is reserved
//! through these helpers, so that a request the machine cannot hold is an [`OutOfMemory`] value, never an
//! abort. Zeroed buffers come from the allocator's zeroed memory, so that a large index costs nothing
//! until its pages are touched.

use alloc::vec::Vec;
use core::alloc::Layout;
use core::mem::size_of;

/// Memory could not be reserved: `bytes` were asked for (`usize::MAX` when the size overflows).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfMemory {
    /// Bytes of the reservation that failed.
    pub bytes: usize,
}

impl core::fmt::Display for OutOfMemory {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if self.bytes == usize::MAX {
            f.write_str("out of memory: the reservation's size overflows")
        } else {
            write!(f, "out of memory: {} bytes could not be reserved", self.bytes)
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for OutOfMemory {}

/// The bytes of `len` values of `T`, or the overflow error.
fn bytes_of<T>(len: usize) -> Result<usize, OutOfMemory> {
    len.checked_mul(size_of::<T>()).filter(|&b| b <= isize::MAX as usize).ok_or(OutOfMemory { bytes: usize::MAX })
}

/// An empty vector with room for `len` values, reserved fallibly.
pub fn with_capacity<T>(len: usize) -> Result<Vec<T>, OutOfMemory> {
    let bytes = bytes_of::<T>(len)?;
    let mut out = Vec::new();
    out.try_reserve_exact(len).map_err(|_| OutOfMemory { bytes })?;
    Ok(out)
}

/// A vector of `len` copies of `value`, reserved fallibly.
pub fn filled<T: Clone>(value: T, len: usize) -> Result<Vec<T>, OutOfMemory> {
    let mut out = with_capacity(len)?;
    out.resize(len, value);
    Ok(out)
}

/// Types whose all-zero bit pattern is a valid value.
///
/// # Safety
/// Implement only for types for which every byte being zero is a valid value and that need no drop.
pub unsafe trait Zeroable {}

// SAFETY: zero is a valid value of every integer type.
unsafe impl Zeroable for u8 {}
// SAFETY: as above.
unsafe impl Zeroable for u16 {}
// SAFETY: as above.
unsafe impl Zeroable for u32 {}
// SAFETY: as above.
unsafe impl Zeroable for u64 {}
// SAFETY: as above.
unsafe impl Zeroable for i8 {}
// SAFETY: an atomic integer has the representation of its integer.
unsafe impl Zeroable for core::sync::atomic::AtomicU8 {}
// SAFETY: as above.
unsafe impl Zeroable for core::sync::atomic::AtomicU16 {}

/// A vector of `len` zeros, reserved fallibly from zeroed memory (pages are not touched until used).
pub fn zeroed<T: Zeroable>(len: usize) -> Result<Vec<T>, OutOfMemory> {
    let bytes = bytes_of::<T>(len)?;
    if bytes == 0 {
        return Ok(Vec::new());
    }
    let layout = Layout::array::<T>(len).map_err(|_| OutOfMemory { bytes })?;
    // SAFETY: the layout has a non-zero size.
    let ptr = unsafe { alloc::alloc::alloc_zeroed(layout) }.cast::<T>();
    if ptr.is_null() {
        return Err(OutOfMemory { bytes });
    }
    // SAFETY: `ptr` was allocated by the global allocator with the layout of `len` values of `T` (so
    // capacity `len`), and all `len` values are initialised: zero is a valid `T` (`Zeroable`).
    Ok(unsafe { Vec::from_raw_parts(ptr, len, len) })
}

/// Asks for the cache line holding `value` without waiting for it (a hint; nothing on other targets):
/// searches ask for what they will read next so that the misses overlap.
#[inline(always)]
pub(crate) fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch never faults and reads nothing the program sees; the pointer is a reference's.
    unsafe {
        core::arch::x86_64::_mm_prefetch((value as *const T).cast::<i8>(), core::arch::x86_64::_MM_HINT_T0);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn impossible_reservations_are_errors() {
        assert_eq!(with_capacity::<u64>(usize::MAX / 4).unwrap_err().bytes, usize::MAX);
        assert!(zeroed::<u64>(1 << 60).is_err());
        assert_eq!(zeroed::<u32>(5).unwrap(), [0; 5]);
        assert_eq!(filled(7u8, 3).unwrap(), [7; 3]);
        assert!(zeroed::<u8>(0).unwrap().is_empty());
    }
}
