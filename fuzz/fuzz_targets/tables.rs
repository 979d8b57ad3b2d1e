//! Table decoding (every table kind a family declares): any bytes give tables or an error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // A leading byte k below the number of table kinds reseals the rest as kind k, to get behind the
    // checksum.
    let kinds: Vec<_> = lphint::registry::table_kinds().map(|(_, kind)| kind).collect();
    let sealed;
    let bytes = match data.split_first() {
        Some((&k, body)) if (k as usize) < kinds.len() => {
            let kind = kinds[k as usize];
            sealed = lphint::envelope::seal(kind.magic, kind.version, body);
            &sealed[..]
        }
        _ => data,
    };
    if let Ok(tables) = lphint::registry::load_tables(bytes) {
        let bytes = tables.to_bytes();
        assert_eq!(lphint::registry::load_tables(&bytes).map(|t| t.to_bytes()).as_ref(), Ok(&bytes));
    }
});
