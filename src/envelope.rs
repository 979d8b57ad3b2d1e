//! The binary envelope every lphint data format shares: a 4-byte magic naming the kind of data, a format
//! version, the body, and a CRC-32 of everything before it. Opening checks all of them before the body
//! is decoded, so damaged or foreign bytes are refused early and never reach a decoder unchecked.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// Why binary data could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DataError {
    /// The bytes are damaged (truncated, bad magic, bad checksum, bad contents).
    Corrupt(String),
    /// The bytes were written in a format version this library does not read.
    Version(u16),
    /// Sound bytes of a kind only the game can read: puzzles of a game's own kind (`custom:`), which need
    /// the game's definition (a puzzle of that kind) to be loaded.
    NeedsDefinition(String),
    /// The memory the loaded data needs could not be reserved (the 7-8 pattern databases take 577 MB).
    OutOfMemory(crate::memory::OutOfMemory),
}

impl core::fmt::Display for DataError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            DataError::Corrupt(why) => write!(f, "corrupt data: {why}"),
            DataError::Version(v) => write!(f, "data in format version {v}, which this library does not read"),
            DataError::NeedsDefinition(what) => write!(f, "{what}"),
            DataError::OutOfMemory(e) => write!(f, "{e}"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for DataError {}

/// Bytes of the magic and version in front of the body, and of the checksum after it.
const HEADER: usize = 6;
const TRAILER: usize = 4;

/// The magic at the start of `bytes`, if there are enough of them.
pub fn magic_of(bytes: &[u8]) -> Option<[u8; 4]> {
    bytes.get(..4)?.try_into().ok()
}

/// Wraps `body` in the envelope.
pub fn seal(magic: [u8; 4], version: u16, body: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER + body.len() + TRAILER);
    out.extend_from_slice(&magic);
    out.extend_from_slice(&version.to_le_bytes());
    out.extend_from_slice(body);
    let crc = crc32fast::hash(&out);
    out.extend_from_slice(&crc.to_le_bytes());
    out
}

/// Bytes a reader needs to check the header with [`check_header`] before it reads the rest.
pub const HEADER_BYTES: usize = HEADER;

/// Checks the magic and version at the start of `bytes` (at least [`HEADER_BYTES`] of them), so that a
/// reader can refuse a foreign file before reading it whole.
pub fn check_header(bytes: &[u8], magic: [u8; 4], version: u16, what: &str) -> Result<(), DataError> {
    if bytes.len() < HEADER {
        return Err(DataError::Corrupt(format!("{} bytes are too few for {what}", bytes.len())));
    }
    if bytes[..4] != magic {
        return Err(DataError::Corrupt(format!("not {what} (bad magic)")));
    }
    let found = u16::from_le_bytes([bytes[4], bytes[5]]);
    if found != version {
        return Err(DataError::Version(found));
    }
    Ok(())
}

/// The body of `bytes` after checking magic (`what` names the kind in messages), version and checksum.
pub fn open<'a>(bytes: &'a [u8], magic: [u8; 4], version: u16, what: &str) -> Result<&'a [u8], DataError> {
    if bytes.len() < HEADER + TRAILER {
        return Err(DataError::Corrupt(format!("{} bytes are too few for {what}", bytes.len())));
    }
    check_header(bytes, magic, version, what)?;
    let (sealed, crc) = bytes.split_at(bytes.len() - TRAILER);
    if crc32fast::hash(sealed).to_le_bytes() != crc {
        return Err(DataError::Corrupt(String::from("checksum mismatch")));
    }
    Ok(&sealed[HEADER..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seal_and_open_round_trip_and_refuse_damage() {
        let sealed = seal(*b"TEST", 3, b"body");
        assert_eq!(open(&sealed, *b"TEST", 3, "a test"), Ok(&b"body"[..]));
        assert_eq!(open(&sealed, *b"TEST", 2, "a test"), Err(DataError::Version(3)));
        assert!(matches!(open(&sealed, *b"OTHR", 3, "a test"), Err(DataError::Corrupt(_))));
        for cut in 0..sealed.len() {
            assert!(open(&sealed[..cut], *b"TEST", 3, "a test").is_err());
        }
        for bit in 0..sealed.len() * 8 {
            let mut damaged = sealed.clone();
            damaged[bit / 8] ^= 1 << (bit % 8);
            assert!(open(&damaged, *b"TEST", 3, "a test").is_err(), "bit {bit}");
        }
    }
}
