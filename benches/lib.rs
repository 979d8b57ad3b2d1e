//! The criterion benchmarks of lphint (`benches/search.rs`): `cargo bench -p lphint-benches`.
