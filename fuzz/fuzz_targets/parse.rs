//! Text descriptions of every family: any text gives a puzzle or a parse error, never a panic; a puzzle
//! that parses prints a description that parses back to the same description.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(session) = lphint::registry::parse(text) {
        let described = session.describe();
        let again = lphint::registry::parse(&described).expect("a printed description parses");
        assert_eq!(again.describe(), described);
    }
});
