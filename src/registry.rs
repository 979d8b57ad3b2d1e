//! The machinery over the list of families in [`crate::families::REGISTRY`]: every dispatch on a family —
//! parsing a description, loading a pack entry, making a generator, loading tables, verifying — goes
//! through an [`Entry`], as every Simon Tatham puzzle goes through its `game` table. A new family is a
//! folder implementing [`Family`](crate::family::Family) and [`Generate`] plus one line in that list.

use crate::envelope::{magic_of, DataError};
use crate::family::Reason;
use crate::generate::Generate;
use crate::moves::MoveCode;
use crate::pack::{Bounded, Pack, PackEntry, Played};
use crate::params::{ParamError, Preset, Spec, Values, Variant};
use crate::session::{self, AnySession, LoadError, Loaded, MadeGenerator, Stored};
use crate::tables::{TableKind, Tables};
use crate::text::{family_of, ParseError};
use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// A family as the rest of lphint sees it: its stable id and name, what it takes, and its operations.
pub struct Entry {
    /// The stable id (the C ABI's family number).
    pub id: u32,
    /// The name, the first field of its descriptions.
    pub name: &'static str,
    /// Kinds of its puzzles with their own name and notation ([`crate::family::Family::VARIANTS`]).
    pub variants: &'static [Variant],
    /// One line saying what the puzzle is.
    pub summary: &'static str,
    /// What its ratings count (`moves`, `presses`, `nodes`).
    pub rating_unit: &'static str,
    /// Whether the rating is the optimal solution's length (so hints to the goal take that many moves).
    pub rated_by_length: bool,
    /// Its generation parameters.
    pub params: &'static [Spec],
    /// Its difficulty presets.
    pub presets: &'static [Preset],
    /// Parameters of small puzzles (state spaces of a few thousand states), for brute-force checks.
    pub small: &'static str,
    /// Parameters of the largest puzzles the generator makes, for timing its steps (empty: none).
    pub largest: &'static str,
    /// Its play options (`lp solve --option`, `lp_puzzle_set_option`).
    pub options: &'static [Spec],
    /// The reasons its hints give.
    pub reasons: &'static [Reason],
    /// The kinds of tables it loads.
    pub tables: &'static [TableKind],
    /// The node budget recommended for one per-frame call ([`crate::family::Family::FRAME_BUDGET`]).
    pub frame_budget: u32,
    /// Whether its trivial steps are deductions by its rules ([`crate::family::Family::DEDUCES`]).
    pub deduces: bool,
    parse: fn(&str) -> Result<Box<dyn AnySession>, ParseError>,
    load: fn(&str, Stored<'_>) -> Loaded,
    generator: fn(&str, u64) -> MadeGenerator,
    verify: fn(&PackEntry, Option<&Tables>) -> Result<String, String>,
    check: fn(&str) -> Result<String, ParamError>,
}

impl core::fmt::Debug for Entry {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Entry({} {})", self.id, self.name)
    }
}

fn check_params<F: Generate>(text: &str) -> Result<String, ParamError> {
    let values = Values::parse(F::PARAMS, F::PRESETS, text)?;
    crate::generate::family_params::<F>(&values)?;
    Ok(values.print())
}

impl Entry {
    /// The entry of family `F` under `id`.
    pub const fn of<F: Generate>(id: u32) -> Entry {
        Entry {
            id,
            name: F::NAME,
            variants: F::VARIANTS,
            summary: F::SUMMARY,
            rating_unit: F::RATING_UNIT,
            rated_by_length: F::RATED_BY_LENGTH,
            params: F::PARAMS,
            presets: F::PRESETS,
            small: F::SMALL,
            largest: F::LARGEST,
            options: F::OPTIONS,
            reasons: F::REASONS,
            tables: F::TABLES,
            frame_budget: F::FRAME_BUDGET,
            deduces: F::DEDUCES,
            parse: session::parse::<F>,
            load: session::load::<F>,
            generator: session::generator::<F>,
            verify: crate::generate::verify::<F>,
            check: check_params::<F>,
        }
    }

    /// Parses a description of this family into a session at its start.
    pub fn parse(&self, desc: &str) -> Result<Box<dyn AnySession>, ParseError> {
        (self.parse)(desc)
    }

    /// A generator for a parameter text (`preset=hard`, `size=4x4,min=20,max=30`), seeded with `seed`.
    pub fn generator(&self, params: &str, seed: u64) -> MadeGenerator {
        (self.generator)(params, seed)
    }

    /// The parameter text with every value spelled out, or the first thing wrong with it.
    pub fn check_params(&self, params: &str) -> Result<String, ParamError> {
        (self.check)(params)
    }
}

/// Every family, in registry order.
pub fn families() -> &'static [Entry] {
    crate::families::REGISTRY
}

/// The family named `name`, or reading descriptions that start with it (its variants' notations).
pub fn find(name: &str) -> Option<&'static Entry> {
    families().iter().find(|e| e.name == name || e.variants.iter().any(|v| v.notation == name))
}

/// The family with id `id`.
pub fn by_id(id: u32) -> Option<&'static Entry> {
    families().iter().find(|e| e.id == id)
}

/// The names of every family, for messages (`tiles, jugs, …`).
pub fn names() -> String {
    families().iter().map(|e| e.name).collect::<Vec<_>>().join(", ")
}

/// The family named `name`, or a message naming the known ones.
pub fn named(name: &str) -> Result<&'static Entry, String> {
    find(name).ok_or_else(|| format!("unknown family '{name}' (known: {})", names()))
}

/// A generator of the family `name` finds, for a parameter text: named by a variant's notation (`rush`), it
/// makes the variant's puzzles (the variant's parameters, then `params`, which may change them).
pub fn generator(name: &str, params: &str, seed: u64) -> MadeGenerator {
    named(name)?.generator(&params_of(name, params), seed)
}

/// The parameter text the generator of the family `name` finds takes for `params`: a variant's
/// parameters first when `name` is its notation.
pub fn params_of(name: &str, params: &str) -> String {
    let variant = find(name).and_then(|e| e.variants.iter().find(|v| v.notation == name));
    match variant {
        Some(v) if params.is_empty() => String::from(v.params),
        Some(v) => format!("{},{params}", v.params),
        None => String::from(params),
    }
}

/// Parses a description of any family into a session at its start.
pub fn parse(desc: &str) -> Result<Box<dyn AnySession>, ParseError> {
    let name = family_of(desc);
    find(name).ok_or_else(|| ParseError::new(1, format!("unknown family '{name}' (known: {})", names())))?.parse(desc)
}

/// A session for a pack entry: its puzzle, with the stored solution (if any) as the hinter's plan, so that
/// hints along it need no search (they do not claim it optimal). Refused when the solution does not
/// replay to the goal or contradicts the rating.
pub fn load(entry: &PackEntry) -> Result<Box<dyn AnySession>, String> {
    let family = named(family_of(&entry.desc))?;
    loaded(entry, (family.load)(&entry.desc, stored_of(entry)))
}

/// A session for a pack entry of the same kind as `template` (which may be a kind the registry does not
/// hold: a game's own puzzle reads its entries with its callbacks), checked as [`load`] checks one.
pub fn load_like(entry: &PackEntry, template: &dyn AnySession) -> Result<Box<dyn AnySession>, String> {
    let rated_by_length = find(template.family()).is_some_and(|e| e.rated_by_length);
    loaded(entry, template.like(&entry.desc, stored_of(entry), rated_by_length))
}

fn stored_of(entry: &PackEntry) -> Stored<'_> {
    entry.solution.as_ref().map(|s| (&s.0[..], entry.rating))
}

fn loaded(entry: &PackEntry, session: Loaded) -> Result<Box<dyn AnySession>, String> {
    let mut session = session.map_err(|e| match e {
        LoadError::Parse(e) => format!("cannot parse '{}': {e}", entry.desc),
        LoadError::Solution(why) => why,
    })?;
    if let Some(played) = &entry.played {
        replay_played(session.as_mut(), played)?;
    }
    Ok(session)
}

/// Plays a saved game's moves again (then undoes those it had undone), or says which is illegal.
fn replay_played(session: &mut dyn AnySession, played: &Played) -> Result<(), String> {
    let moves = &played.moves.0;
    session.reserve_history(moves.len()).map_err(|e| format!("no memory for the moves played ({e})"))?;
    for (i, mv) in moves.iter().enumerate() {
        session.apply(mv).map_err(|why| format!("move {} of the game saved: {why}", i + 1))?;
    }
    for _ in 0..played.undone {
        session.undo();
    }
    Ok(())
}

/// A game saved as a pack entry: the level from the position its history starts from, the moves played
/// since (and those undone, for redo), and the solution the game knew when that position is the level's
/// start. [`load`] (or [`load_like`]) makes the same game of it: the same position with every piece's
/// number, the same history, so that undo and "check my board" answer as before the save.
pub fn saved(session: &dyn AnySession) -> PackEntry {
    let desc = session.describe_history_start();
    let (played, undone) = session.history_len();
    let moves: Vec<MoveCode> = (0..played + undone).filter_map(|i| session.history_move(i)).collect();
    let from_start = desc == session.fresh().describe();
    let solution = Some(session.stored_solution()).filter(|s| from_start && !s.is_empty());
    let game = (!moves.is_empty()).then_some(Played { moves: Bounded(moves), undone: undone as u32 });
    PackEntry { desc, solution: solution.map(Bounded), played: game, ..PackEntry::default() }
}

/// Decodes a pack and checks every entry ([`load`]), so that a pack that loads is sound. A pack of a
/// game's own puzzles (`custom:`) is sound but needs the game's definition: [`DataError::NeedsDefinition`]
/// says to load it with [`load_pack_like`].
pub fn load_pack(bytes: &[u8]) -> Result<Pack, DataError> {
    let pack = Pack::decode(bytes)?;
    if let Some(i) = pack.entries.iter().position(|e| family_of(&e.desc) == crate::custom::FAMILY_NAME) {
        return Err(DataError::NeedsDefinition(format!(
            "entry {i} is a game's own puzzle ('custom:'): load the pack with a puzzle of the game's kind \
             (lp_pack_load_like, Pack.LoadLike), which reads it with the game's callbacks"
        )));
    }
    checked(pack, load)
}

/// Decodes a pack of puzzles of the same kind as `template` and checks every entry ([`load_like`]).
pub fn load_pack_like(bytes: &[u8], template: &dyn AnySession) -> Result<Pack, DataError> {
    checked(Pack::decode(bytes)?, |entry| load_like(entry, template))
}

/// `pack` when every entry loads.
fn checked(pack: Pack, load: impl Fn(&PackEntry) -> Result<Box<dyn AnySession>, String>) -> Result<Pack, DataError> {
    for (i, entry) in pack.entries.iter().enumerate() {
        load(entry).map_err(|e| DataError::Corrupt(format!("entry {i}: {e}")))?;
    }
    Ok(pack)
}

/// Re-rates a pack entry with its family's exact rater and checks its stored answer (blocking).
pub fn verify(entry: &PackEntry, tables: Option<&Tables>) -> Result<String, String> {
    (named(family_of(&entry.desc))?.verify)(entry, tables)
}

/// Every table kind of every family, with its family.
pub fn table_kinds() -> impl Iterator<Item = (&'static Entry, &'static TableKind)> {
    families().iter().flat_map(|e| e.tables.iter().map(move |k| (e, k)))
}

/// The table kind named `name`, or a message naming the known ones.
pub fn table_kind(name: &str) -> Result<&'static TableKind, String> {
    table_kinds().map(|(_, k)| k).find(|k| k.name == name).ok_or_else(|| {
        let known: Vec<&str> = table_kinds().map(|(_, k)| k.name).collect();
        format!("unknown tables kind '{name}' (known: {})", known.join(", "))
    })
}

fn kind_of_bytes(bytes: &[u8]) -> Result<&'static TableKind, DataError> {
    match magic_of(bytes) {
        None => Err(DataError::Corrupt(format!("{} bytes are too few for tables", bytes.len()))),
        Some(magic) => table_kinds()
            .map(|(_, k)| k)
            .find(|k| k.magic == magic)
            .ok_or_else(|| DataError::Corrupt(String::from("not lphint tables (unknown magic)"))),
    }
}

/// Checks the magic and version at the start of a tables file (its first
/// [`crate::envelope::HEADER_BYTES`] bytes), before the rest is read.
pub fn check_tables_header(header: &[u8]) -> Result<(), DataError> {
    let kind = kind_of_bytes(header)?;
    crate::envelope::check_header(header, kind.magic, kind.version, kind.doc)
}

/// Loads tables of any registered kind, told apart by their magic (magic, version, checksum and sizes
/// checked). Damaged bytes give an error, never a panic.
pub fn load_tables(bytes: &[u8]) -> Result<Tables, DataError> {
    Tables::load(kind_of_bytes(bytes)?, bytes)
}
