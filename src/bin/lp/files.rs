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
