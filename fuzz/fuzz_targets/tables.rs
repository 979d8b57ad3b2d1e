//! Table decoding (pattern databases and the 3x3 distance table): any bytes give tables or an error,
//! never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;


fuzz_target!(|data: &[u8]| {
    // A leading 0 or 1 reseals the rest as an 8-puzzle table or a pattern database, to get behind the
    // checksum.
    let sealed;
    let bytes = match data.split_first() {
        Some((&0, body)) => {
            sealed = lphint::envelope::seal(*b"LP8D", lphint::families::tiles::distances::FORMAT_VERSION, body);
            &sealed[..]
        }
        Some((&1, body)) => {
            sealed = lphint::envelope::seal(*b"LPDB", lphint::families::tiles::pdb::FORMAT_VERSION, body);
            &sealed[..]
        }
        _ => data,
    };
    if let Ok(tables) = lphint::registry::load_tables(bytes) {
        let bytes = tables.to_bytes();
        assert_eq!(lphint::registry::load_tables(&bytes).map(|t| t.to_bytes()).as_ref(), Ok(&bytes));
    }
});
