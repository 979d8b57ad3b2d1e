//! The move every binding passes: plain numbers, the same shape for every family.

/// A move as plain numbers, the same shape for every family, so that bindings (C, C++, C#) can pass moves
/// without knowing family types. Each family documents what the fields mean for it; fields it does not use
/// are zero, and `-1` in `from` and `to` asks the family to infer them where it can.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct MoveCode {
    /// The thing that moves: a tile number, a jug, a block or piece index.
    pub piece: u32,
    /// Where it moves from (a cell index, or a jug).
    pub from: i32,
    /// Where it moves to (a cell index, or a jug).
    pub to: i32,
    /// A family-specific extra (an orientation), or zero.
    pub arg: i32,
}
