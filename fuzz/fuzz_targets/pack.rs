//! Pack decoding: any bytes give a pack or an error, never a panic; a pack that loads re-encodes to the
//! same pack, and every puzzle in it loads.
#![no_main]

use libfuzzer_sys::fuzz_target;
use lphint::registry;

fuzz_target!(|data: &[u8]| {
    // Half the runs reseal the input, so that the fuzzer reaches the decoder behind the checksum.
    let sealed;
    let bytes = match data.split_first() {
        Some((&0, body)) => {
            sealed = lphint::envelope::seal(*b"LPPK", lphint::pack::FORMAT_VERSION, body);
            &sealed[..]
        }
        _ => data,
    };
    if let Ok(pack) = registry::load_pack(bytes) {
        assert_eq!(registry::load_pack(&pack.to_bytes()).as_ref(), Ok(&pack));
        for entry in &pack.entries {
            assert!(registry::load(entry).is_ok());
        }
    }
});
