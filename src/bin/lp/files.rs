//! Reading data files: size and header checked before the whole file is read.

use lphint::pack::Pack;
use lphint::registry;
use lphint::tables::Tables;
use std::io::Read;

const MAX_PACK_BYTES: u64 = lphint::pack::MAX_BYTES as u64;
const MAX_TABLES_BYTES: u64 = lphint::tables::MAX_BYTES as u64;

/// Reads `path` whole after checking that it holds at most `limit` bytes and that its header passes
/// `check` (magic and version), so that a foreign or huge file is refused before it is read.
fn read_checked(
    path: &str,
    limit: u64,
    what: &str,
    check: impl Fn(&[u8]) -> Result<(), lphint::envelope::DataError>,
) -> Result<Vec<u8>, String> {
    let mut file = std::fs::File::open(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let size = file.metadata().map_err(|e| format!("cannot read {path}: {e}"))?.len();
    if size > limit {
        return Err(format!("{path}: {size} bytes is more than any {what} ({limit} bytes at most)"));
    }
    let mut bytes = Vec::new();
    let header = lphint::envelope::HEADER_BYTES as u64;
    (&mut file).take(header).read_to_end(&mut bytes).map_err(|e| format!("cannot read {path}: {e}"))?;
    check(&bytes).map_err(|e| format!("{path}: {e}"))?;
    file.take(limit).read_to_end(&mut bytes).map_err(|e| format!("cannot read {path}: {e}"))?;
    Ok(bytes)
}

/// The most bytes a text file the commands read may hold (level sets, instance lists): far more than any
/// such file, and a bound on what a wrong path (`/dev/zero`, a disk image) makes the command read.
const MAX_TEXT_BYTES: u64 = 64 << 20;

/// Reads the text file `path` (`what` it should be, for the message), refusing one of more than
/// [`MAX_TEXT_BYTES`] before it is all read, and dropping a UTF-8 byte-order mark.
pub fn read_text(path: &str, what: &str) -> Result<String, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let mut bytes = Vec::new();
    file.take(MAX_TEXT_BYTES + 1).read_to_end(&mut bytes).map_err(|e| format!("cannot read {path}: {e}"))?;
    if bytes.len() as u64 > MAX_TEXT_BYTES {
        return Err(format!("{path} holds more than {} MiB: it is not {what}", MAX_TEXT_BYTES >> 20));
    }
    let text = String::from_utf8(bytes).map_err(|_| format!("{path} is not UTF-8 text: it is not {what}"))?;
    Ok(text.strip_prefix('\u{feff}').map(str::to_owned).unwrap_or(text))
}

/// Loads a pack file.
pub fn read_pack(path: &str) -> Result<Pack, String> {
    let bytes = read_checked(path, MAX_PACK_BYTES, "pack", Pack::check_header)?;
    registry::load_pack(&bytes).map_err(|e| format!("{path}: {e}"))
}

/// Loads tables written by `lp tables build` (either kind).
pub fn read_tables(path: &str) -> Result<Tables, String> {
    let bytes = read_checked(path, MAX_TABLES_BYTES, "tables file", registry::check_tables_header)?;
    registry::load_tables(&bytes).map_err(|e| format!("{path}: {e}"))
}
