//! Parameters a family takes (to generate puzzles, to build tables, to play), as in Simon Tatham's
//! collection: each family lists [`Spec`]s — name, kind, range, default, one-line doc — from which a
//! generic UI builds its form, and every family reads and prints one text form, `key=value,key=value`.
//! Named [`Preset`]s are parameter texts; `preset=NAME` in a text starts from one.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

/// What values a parameter takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A whole number in `min..=max`.
    Int,
    /// `true` or `false` (also `yes`/`no`, `1`/`0`).
    Bool,
    /// One of the listed words.
    Choice(&'static [&'static str]),
    /// `WxH`, each side in `min..=max`.
    Size,
    /// `LO..HI`, each end in `min..=max`, `LO ≤ HI`.
    Range,
    /// Free text of at most `max` characters, without commas (they separate parameters): a designer's
    /// room, say. The family reads it when it checks the values.
    Text,
}

impl Kind {
    /// A stable lower-case name (`int`, `bool`, `choice`, `size`, `range`, `text`).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Int => "int",
            Kind::Bool => "bool",
            Kind::Choice(_) => "choice",
            Kind::Size => "size",
            Kind::Range => "range",
            Kind::Text => "text",
        }
    }
}

/// One parameter a family takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spec {
    /// The key in the text form.
    pub name: &'static str,
    /// What values it takes.
    pub kind: Kind,
    /// Smallest value (of each side or end for sizes and ranges; unused for bools and choices).
    pub min: i64,
    /// Largest value (likewise).
    pub max: i64,
    /// The value when the text does not give one, in the text form.
    pub default: &'static str,
    /// One line saying what it does.
    pub doc: &'static str,
}

/// A named parameter set (a difficulty preset).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    /// Its name (`easy`, `medium`, `hard`, `expert`).
    pub name: &'static str,
    /// The parameters it sets, in the text form; the others keep their defaults.
    pub params: &'static str,
}

/// A parameter's value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A whole number.
    Int(i64),
    /// A yes or no.
    Bool(bool),
    /// The index of a choice.
    Choice(usize),
    /// Width and height.
    Size(i64, i64),
    /// Lowest and highest.
    Range(i64, i64),
    /// Text.
    Text(String),
}

/// Why a parameter text was refused: the key and the reason (the allowed range or values).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamError {
    /// The key at fault (empty when the text itself is malformed).
    pub key: String,
    /// What is wrong, with what is allowed.
    pub reason: String,
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.key.is_empty() {
            f.write_str(&self.reason)
        } else {
            write!(f, "{}: {}", self.key, self.reason)
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ParamError {}

fn error(key: &str, reason: impl Into<String>) -> ParamError {
    ParamError { key: key.into(), reason: reason.into() }
}

impl Spec {
    /// What values are allowed, in words (for messages and help).
    pub fn allowed(&self) -> String {
        match self.kind {
            Kind::Int => format!("a whole number {}..{}", self.min, self.max),
            Kind::Bool => String::from("true or false (yes/no, on/off, 1/0, any case)"),
            Kind::Choice(words) => format!("one of {}", words.join(", ")),
            Kind::Size => format!("WxH with sides {}..{}", self.min, self.max),
            Kind::Range => format!("LO..HI within {}..{}", self.min, self.max),
            Kind::Text => format!("text of at most {} characters, no commas", self.max),
        }
    }

    /// Parses `text` as this parameter's value, checking its range.
    pub fn parse(&self, text: &str) -> Result<Value, ParamError> {
        let text = text.trim();
        let bad = || error(self.name, format!("expected {}, found '{text}'", self.allowed()));
        let number = |t: &str| -> Result<i64, ParamError> {
            let n: i64 = t.trim().parse().map_err(|_| bad())?;
            if (self.min..=self.max).contains(&n) {
                Ok(n)
            } else {
                Err(error(self.name, format!("{n} is out of range: {}", self.allowed())))
            }
        };
        match self.kind {
            Kind::Int => number(text).map(Value::Int),
            Kind::Bool => {
                let is = |words: &[&str]| words.iter().any(|w| w.eq_ignore_ascii_case(text));
                if is(&["true", "yes", "on", "1"]) {
                    Ok(Value::Bool(true))
                } else if is(&["false", "no", "off", "0"]) {
                    Ok(Value::Bool(false))
                } else {
                    Err(bad())
                }
            }
            Kind::Choice(words) => words.iter().position(|w| *w == text).map(Value::Choice).ok_or_else(bad),
            Kind::Size => {
                let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
                Ok(Value::Size(number(w)?, number(h)?))
            }
            Kind::Range => {
                let (lo, hi) = text.split_once("..").ok_or_else(bad)?;
                let (lo, hi) = (number(lo)?, number(hi)?);
                if lo > hi {
                    return Err(error(self.name, format!("{lo}..{hi} is backwards: the low end first")));
                }
                Ok(Value::Range(lo, hi))
            }
            Kind::Text if text.chars().count() as i64 > self.max => {
                Err(error(self.name, format!("{} characters: {}", text.chars().count(), self.allowed())))
            }
            Kind::Text => Ok(Value::Text(String::from(text))),
        }
    }

    /// The text form of `value`.
    pub fn print(&self, value: &Value) -> String {
        match (value, self.kind) {
            (Value::Int(n), _) => n.to_string(),
            (Value::Bool(b), _) => String::from(if *b { "true" } else { "false" }),
            (Value::Choice(i), Kind::Choice(words)) => String::from(words.get(*i).copied().unwrap_or("?")),
            (Value::Choice(i), _) => i.to_string(),
            (Value::Size(w, h), _) => format!("{w}x{h}"),
            (Value::Range(lo, hi), _) => format!("{lo}..{hi}"),
            (Value::Text(text), _) => text.clone(),
        }
    }
}

/// A value for every spec of a family.
#[derive(Clone, Debug)]
pub struct Values {
    specs: &'static [Spec],
    values: Vec<Value>,
    /// The preset the values started from, if any (where they came from, not what they are: equal values
    /// are equal whatever their preset).
    preset: Option<&'static str>,
}

impl PartialEq for Values {
    fn eq(&self, other: &Values) -> bool {
        (self.specs, &self.values) == (other.specs, &other.values)
    }
}

impl Eq for Values {}

impl Values {
    /// Every spec at its default.
    pub fn defaults(specs: &'static [Spec]) -> Values {
        let values = specs
            .iter()
            .map(|s| s.parse(s.default).unwrap_or_else(|e| unreachable!("the default of {} is valid: {e}", s.name)))
            .collect();
        Values { specs, values, preset: None }
    }

    /// Parses `text` (`key=value,…`, spaces allowed around separators, empty for all defaults) over the
    /// defaults; `preset=NAME` first applies that preset of `presets`, wherever it appears. A key given
    /// twice is refused (which of the two was meant?).
    pub fn parse(specs: &'static [Spec], presets: &[Preset], text: &str) -> Result<Values, ParamError> {
        let mut out = Values::defaults(specs);
        let mut pairs = Vec::new();
        for item in text.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            let (key, value) =
                item.split_once('=').ok_or_else(|| error("", format!("expected key=value, found '{item}'")))?;
            let key = key.trim();
            if pairs.iter().any(|&(k, _)| k == key) {
                return Err(error(key, "given twice: give each parameter once"));
            }
            pairs.push((key, value.trim()));
        }
        if let Some(&(_, name)) = pairs.iter().find(|(k, _)| *k == "preset") {
            let preset = presets.iter().find(|p| p.name == name).ok_or_else(|| {
                let known: Vec<&str> = presets.iter().map(|p| p.name).collect();
                error("preset", format!("unknown preset '{name}' (known: {})", known.join(", ")))
            })?;
            out = Values::parse(specs, &[], preset.params)?;
            out.preset = Some(preset.name);
        }
        for (key, value) in pairs.into_iter().filter(|(k, _)| *k != "preset") {
            out.set(key, value)?;
        }
        Ok(out)
    }

    /// The preset the values started from (`preset=NAME` in the text), if any: a family refuses values
    /// given over a preset that would make puzzles of another kind than the preset's.
    pub fn preset(&self) -> Option<&'static str> {
        self.preset
    }

    /// Whether parameter `key` holds its spec's default (false for an unknown key): a family refuses a
    /// value other than the default where the parameter cannot apply, rather than ignore it. (A default
    /// cannot be told from one given: every printed parameter text gives them all.)
    pub fn is_default(&self, key: &str) -> bool {
        self.index(key).is_ok_and(|i| self.specs[i].parse(self.specs[i].default).is_ok_and(|d| d == self.values[i]))
    }

    /// Sets one parameter from its text.
    pub fn set(&mut self, key: &str, text: &str) -> Result<(), ParamError> {
        let i = self.index(key)?;
        self.values[i] = self.specs[i].parse(text)?;
        Ok(())
    }

    fn index(&self, key: &str) -> Result<usize, ParamError> {
        self.specs.iter().position(|s| s.name == key).ok_or_else(|| {
            let known: Vec<&str> = self.specs.iter().map(|s| s.name).collect();
            if known.is_empty() {
                error(key, "unknown parameter (this takes none)")
            } else {
                error(key, format!("unknown parameter (known: {})", known.join(", ")))
            }
        })
    }

    /// The specs these values are for.
    pub fn specs(&self) -> &'static [Spec] {
        self.specs
    }

    /// The value of `key`. Families ask only for their own keys.
    pub fn get(&self, key: &str) -> Value {
        self.index(key).map(|i| self.values[i].clone()).unwrap_or_else(|e| unreachable!("{e}"))
    }

    /// A whole number (or a choice's index).
    pub fn int(&self, key: &str) -> i64 {
        match self.get(key) {
            Value::Int(n) => n,
            Value::Choice(i) => i as i64,
            other => unreachable!("{key} is {other:?}, not a number"),
        }
    }

    /// The text form of the value of `key`.
    pub fn text(&self, key: &str) -> String {
        let i = self.index(key).unwrap_or_else(|e| unreachable!("{e}"));
        self.specs[i].print(&self.values[i])
    }

    /// A yes or no.
    pub fn bool(&self, key: &str) -> bool {
        matches!(self.get(key), Value::Bool(true))
    }

    /// A size or range as its two numbers.
    pub fn pair(&self, key: &str) -> (i64, i64) {
        match self.get(key) {
            Value::Size(a, b) | Value::Range(a, b) => (a, b),
            Value::Int(n) => (n, n),
            other => unreachable!("{key} is {other:?}, not a pair"),
        }
    }

    /// The text form of every value, in spec order (parsing it gives these values back).
    pub fn print(&self) -> String {
        let items: Vec<String> =
            self.specs.iter().zip(&self.values).map(|(s, v)| format!("{}={}", s.name, s.print(v))).collect();
        items.join(",")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: &[Spec] = &[
        Spec { name: "size", kind: Kind::Size, min: 2, max: 5, default: "3x3", doc: "board" },
        Spec { name: "min", kind: Kind::Int, min: 0, max: 100, default: "4", doc: "fewest moves" },
        Spec { name: "tap", kind: Kind::Bool, min: 0, max: 1, default: "false", doc: "tap" },
        Spec { name: "caps", kind: Kind::Range, min: 1, max: 255, default: "3..12", doc: "capacities" },
        Spec { name: "rule", kind: Kind::Choice(&["step", "line"]), min: 0, max: 0, default: "line", doc: "count" },
    ];
    const PRESETS: &[Preset] = &[Preset { name: "hard", params: "size=4x4,min=21" }];

    #[test]
    fn texts_round_trip_over_defaults_and_presets() {
        let values = Values::parse(SPECS, PRESETS, "preset=hard, tap=yes").unwrap();
        assert_eq!(values.print(), "size=4x4,min=21,tap=true,caps=3..12,rule=line");
        assert_eq!(Values::parse(SPECS, PRESETS, &values.print()).unwrap(), values);
        assert_eq!(Values::parse(SPECS, PRESETS, "").unwrap(), Values::defaults(SPECS));
        assert_eq!(values.pair("size"), (4, 4));
        assert_eq!(Values::parse(SPECS, PRESETS, "rule=step").unwrap().int("rule"), 0);
        for yes in ["TRUE", "Yes", "on", "1"] {
            assert!(Values::parse(SPECS, PRESETS, &format!("tap={yes}")).unwrap().bool("tap"), "{yes}");
        }
        for no in ["FALSE", "No", "off", "0"] {
            assert!(!Values::parse(SPECS, PRESETS, &format!("tap={no}")).unwrap().bool("tap"), "{no}");
        }
    }

    #[test]
    fn a_text_parameter_round_trips_and_refuses_what_is_too_long() {
        const WITH_TEXT: &[Spec] =
            &[Spec { name: "room", kind: Kind::Text, min: 0, max: 12, default: "", doc: "a room" }];
        let values = Values::parse(WITH_TEXT, &[], "room= ####/#..# ").unwrap();
        assert_eq!(values.text("room"), "####/#..#");
        assert_eq!(Values::parse(WITH_TEXT, &[], &values.print()).unwrap(), values);
        assert_eq!(Values::defaults(WITH_TEXT).text("room"), "");
        let long = Values::parse(WITH_TEXT, &[], "room=#############").unwrap_err();
        assert_eq!(long.to_string(), "room: 13 characters: text of at most 12 characters, no commas");
    }

    #[test]
    fn errors_name_the_key_and_what_is_allowed() {
        let cases = [
            ("size=9x3", "size: 9 is out of range: WxH with sides 2..5"),
            ("min=x", "min: expected a whole number 0..100, found 'x'"),
            ("colour=red", "colour: unknown parameter (known: size, min, tap, caps, rule)"),
            ("tap=maybe", "tap: expected true or false (yes/no, on/off, 1/0, any case), found 'maybe'"),
            ("min=5,min=6", "min: given twice: give each parameter once"),
            ("preset=hard,preset=hard", "preset: given twice: give each parameter once"),
            ("caps=9..3", "caps: 9..3 is backwards: the low end first"),
            ("rule=free", "rule: expected one of step, line, found 'free'"),
            ("preset=easy", "preset: unknown preset 'easy' (known: hard)"),
            ("size", "expected key=value, found 'size'"),
        ];
        for (text, message) in cases {
            assert_eq!(Values::parse(SPECS, PRESETS, text).unwrap_err().to_string(), message, "{text}");
        }
    }
}
