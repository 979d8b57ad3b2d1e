//! The registry through the C ABI: every family, its parameters with their specs, presets, play options
//! and hint reasons, so that a generic UI (the Unity inspector, a designer page) can build its forms for
//! any family from these calls alone. Texts are static NUL-terminated strings, valid for the process.

use super::glue::{guard, text, Failure, LpStatus, Out};
use crate::params::{Kind, Spec};
use crate::registry::{self, Entry};
use std::ffi::{c_char, CString};
use std::sync::OnceLock;

/// What values a parameter takes.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LpParamKind {
    /// A whole number in `min..=max`.
    LP_PARAM_INT = 0,
    /// `true` or `false`.
    LP_PARAM_BOOL = 1,
    /// One of the `choices` (separated by `|`).
    LP_PARAM_CHOICE = 2,
    /// `WxH`, each side in `min..=max`.
    LP_PARAM_SIZE = 3,
    /// `LO..HI`, each end in `min..=max`.
    LP_PARAM_RANGE = 4,
    /// Text of at most `max` characters, without commas (a designer's room, say).
    LP_PARAM_TEXT = 5,
}

/// A family of the registry.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct LpFamilyInfo {
    /// Its stable id (what `lp_puzzle_family` gives).
    pub id: u32,
    /// Its name, the first field of its descriptions (`"tiles"`).
    pub name: *const c_char,
    /// One line saying what the puzzle is.
    pub summary: *const c_char,
    /// What its ratings count (`"moves"`, `"presses"`, `"nodes"`).
    pub rating_unit: *const c_char,
    /// Number of generation parameters (`lp_family_param`).
    pub param_count: u32,
    /// Number of presets (`lp_family_preset`).
    pub preset_count: u32,
    /// Number of play options (`lp_family_option`).
    pub option_count: u32,
    /// Number of hint reasons (`lp_family_reason`).
    pub reason_count: u32,
}

/// One parameter (or option) of a family.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct LpParamSpec {
    /// The key of the text form (`"size"`).
    pub name: *const c_char,
    /// What values it takes.
    pub kind: LpParamKind,
    /// Smallest value (of each side or end for sizes and ranges).
    pub min: i64,
    /// Largest value.
    pub max: i64,
    /// The default, in the text form.
    pub default_value: *const c_char,
    /// One line saying what it does.
    pub doc: *const c_char,
    /// For choices, the words allowed separated by `|`; empty otherwise.
    pub choices: *const c_char,
}

/// A named parameter set of a family.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct LpPreset {
    /// Its name (`"hard"`), for `"preset=hard"` in a parameter text.
    pub name: *const c_char,
    /// The parameters it sets, in the text form.
    pub params: *const c_char,
}

/// A kind of a family's puzzles known by its own name and notation (Rush Hour of sliding blocks): a game
/// or a designer's tool lists it as a family of its own.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct LpVariant {
    /// Its notation (`"rush"`): the first field of its descriptions; `lp_family_find` and
    /// `lp_generator_new` take it as a family name.
    pub notation: *const c_char,
    /// Its name as players know it (`"Rush Hour"`).
    pub title: *const c_char,
    /// The parameters its puzzles are made with (a preset or parameters given go after them).
    pub params: *const c_char,
    /// The names of the family's presets that make its puzzles, separated by `|`.
    pub presets: *const c_char,
}

/// A reason a family's hints give (`LpHint.reason`).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct LpReasonInfo {
    /// The code.
    pub code: u32,
    /// A stable lower-case name (`"optimal_step"`).
    pub name: *const c_char,
    /// What it means.
    pub doc: *const c_char,
}

/// The C strings of one spec.
struct SpecTexts {
    name: CString,
    default: CString,
    doc: CString,
    choices: CString,
}

/// The C strings of one family, made once.
struct FamilyTexts {
    name: CString,
    summary: CString,
    unit: CString,
    params: Vec<SpecTexts>,
    options: Vec<SpecTexts>,
    presets: Vec<(CString, CString)>,
    reasons: Vec<(CString, CString)>,
    variants: Vec<[CString; 4]>,
}

fn c(text: &str) -> CString {
    CString::new(text).unwrap_or_default()
}

fn spec_texts(specs: &[Spec]) -> Vec<SpecTexts> {
    specs
        .iter()
        .map(|s| SpecTexts {
            name: c(s.name),
            default: c(s.default),
            doc: c(s.doc),
            choices: c(&match s.kind {
                Kind::Choice(words) => words.join("|"),
                _ => String::new(),
            }),
        })
        .collect()
}

fn texts() -> &'static [FamilyTexts] {
    static TEXTS: OnceLock<Vec<FamilyTexts>> = OnceLock::new();
    TEXTS.get_or_init(|| {
        registry::families()
            .iter()
            .map(|e| FamilyTexts {
                name: c(e.name),
                summary: c(e.summary),
                unit: c(e.rating_unit),
                params: spec_texts(e.params),
                options: spec_texts(e.options),
                presets: e.presets.iter().map(|p| (c(p.name), c(p.params))).collect(),
                reasons: e.reasons.iter().map(|r| (c(r.name), c(r.doc))).collect(),
                variants: e
                    .variants
                    .iter()
                    .map(|v| [c(v.notation), c(v.title), c(v.params), c(&v.presets.join("|"))])
                    .collect(),
            })
            .collect()
    })
}

/// Checks that `index` names one of `len` items.
fn index_in(index: usize, len: usize, what: &str) -> Result<usize, Failure> {
    if index < len {
        Ok(index)
    } else {
        Err(Failure::invalid(format!("{what} {index} is past the end (there are {len})")))
    }
}

/// The entry and texts of family `index`, checked.
fn family(index: usize) -> Result<(&'static Entry, &'static FamilyTexts), Failure> {
    let index = index_in(index, registry::families().len(), "family index")?;
    Ok((&registry::families()[index], &texts()[index]))
}

fn spec(spec: &Spec, texts: &SpecTexts) -> LpParamSpec {
    let kind = match spec.kind {
        Kind::Int => LpParamKind::LP_PARAM_INT,
        Kind::Bool => LpParamKind::LP_PARAM_BOOL,
        Kind::Choice(_) => LpParamKind::LP_PARAM_CHOICE,
        Kind::Size => LpParamKind::LP_PARAM_SIZE,
        Kind::Range => LpParamKind::LP_PARAM_RANGE,
        Kind::Text => LpParamKind::LP_PARAM_TEXT,
    };
    LpParamSpec {
        name: texts.name.as_ptr(),
        kind,
        min: spec.min,
        max: spec.max,
        default_value: texts.default.as_ptr(),
        doc: texts.doc.as_ptr(),
        choices: texts.choices.as_ptr(),
    }
}

/// The number of families (indices `0..count` for the other `lp_family_*` calls).
///
/// # Safety
/// `count` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_family_count(count: *mut usize) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantee.
        unsafe { Out::new(count, "count") }?.write(registry::families().len());
        Ok(LpStatus::LP_OK)
    })
}

/// The index of the family named `name`; `LP_ERR_INVALID_ARGUMENT` names the known ones.
///
/// # Safety
/// `name` must be NULL or a NUL-terminated string; `index` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_family_find(name: *const c_char, index: *mut usize) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (index, name) = unsafe { (Out::new(index, "index")?, text(name, "name")?) };
        let entry = registry::named(name).map_err(Failure::invalid)?;
        index.write(registry::families().iter().position(|e| e.id == entry.id).unwrap_or(0));
        Ok(LpStatus::LP_OK)
    })
}

/// Family `index`: its id, name, summary, rating unit and the numbers of its parameters, presets,
/// options and reasons.
///
/// # Safety
/// `info` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_family_info(index: usize, info: *mut LpFamilyInfo) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantee.
        let out = unsafe { Out::new(info, "info") }?;
        let (entry, texts) = family(index)?;
        out.write(LpFamilyInfo {
            id: entry.id,
            name: texts.name.as_ptr(),
            summary: texts.summary.as_ptr(),
            rating_unit: texts.unit.as_ptr(),
            param_count: entry.params.len() as u32,
            preset_count: entry.presets.len() as u32,
            option_count: entry.options.len() as u32,
            reason_count: entry.reasons.len() as u32,
        });
        Ok(LpStatus::LP_OK)
    })
}

/// The node budget recommended for one per-frame call on family `index` (`lp_next_hint`,
/// `lp_solver_step`, `lp_generator_step`): what `lp bench frames` measured to keep the calls of its presets
/// well under 2 ms on a desktop core.
///
/// # Safety
/// `budget` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_family_frame_budget(index: usize, budget: *mut u32) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantee.
        let out = unsafe { Out::new(budget, "budget") }?;
        out.write(family(index)?.0.frame_budget);
        Ok(LpStatus::LP_OK)
    })
}

/// Generation parameter `param` of family `family` (`min` and `max` are the band of ratings).
///
/// # Safety
/// `out` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_family_param(family: usize, param: usize, out: *mut LpParamSpec) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantee.
        let out = unsafe { Out::new(out, "out") }?;
        let (entry, texts) = self::family(family)?;
        index_in(param, entry.params.len(), "param index")?;
        out.write(spec(&entry.params[param], &texts.params[param]));
        Ok(LpStatus::LP_OK)
    })
}

/// Play option `option` of family `family` (for `lp_puzzle_set_option`).
///
/// # Safety
/// `out` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_family_option(family: usize, option: usize, out: *mut LpParamSpec) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantee.
        let out = unsafe { Out::new(out, "out") }?;
        let (entry, texts) = self::family(family)?;
        index_in(option, entry.options.len(), "option index")?;
        out.write(spec(&entry.options[option], &texts.options[option]));
        Ok(LpStatus::LP_OK)
    })
}

/// Preset `preset` of family `family`.
///
/// # Safety
/// `out` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_family_preset(family: usize, preset: usize, out: *mut LpPreset) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantee.
        let out = unsafe { Out::new(out, "out") }?;
        let (entry, texts) = self::family(family)?;
        index_in(preset, entry.presets.len(), "preset index")?;
        let (name, params) = &texts.presets[preset];
        out.write(LpPreset { name: name.as_ptr(), params: params.as_ptr() });
        Ok(LpStatus::LP_OK)
    })
}

/// Hint reason `reason` of family `family`.
///
/// # Safety
/// `out` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_family_reason(family: usize, reason: usize, out: *mut LpReasonInfo) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantee.
        let out = unsafe { Out::new(out, "out") }?;
        let (entry, texts) = self::family(family)?;
        index_in(reason, entry.reasons.len(), "reason index")?;
        let (name, doc) = &texts.reasons[reason];
        out.write(LpReasonInfo { code: entry.reasons[reason].code, name: name.as_ptr(), doc: doc.as_ptr() });
        Ok(LpStatus::LP_OK)
    })
}

/// The number of variants of family `family` (`lp_family_variant`): kinds of its puzzles known by their
/// own name, as Rush Hour of sliding blocks; 0 for most families.
///
/// # Safety
/// `count` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_family_variant_count(family: usize, count: *mut usize) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantee.
        let out = unsafe { Out::new(count, "count") }?;
        out.write(self::family(family)?.0.variants.len());
        Ok(LpStatus::LP_OK)
    })
}

/// Variant `variant` of family `family`: its notation, title, parameters and presets.
///
/// # Safety
/// `out` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lp_family_variant(family: usize, variant: usize, out: *mut LpVariant) -> LpStatus {
    guard(|| {
        // SAFETY: forwarded caller guarantee.
        let out = unsafe { Out::new(out, "out") }?;
        let (entry, texts) = self::family(family)?;
        index_in(variant, entry.variants.len(), "variant index")?;
        let [notation, title, params, presets] = &texts.variants[variant];
        out.write(LpVariant {
            notation: notation.as_ptr(),
            title: title.as_ptr(),
            params: params.as_ptr(),
            presets: presets.as_ptr(),
        });
        Ok(LpStatus::LP_OK)
    })
}
