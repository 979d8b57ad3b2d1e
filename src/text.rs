//! The one-line text description shared by every family: `family:field:field…`, with spaces around
//! separators ignored. This module holds the tokenizer and the error type; each family parses its own
//! fields with these helpers and prints the same form back (`parse(print(p)) == p`).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

/// Why a description was rejected, and where: `column` is 1-based, in characters, in the whole line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based character column where the problem starts.
    pub column: usize,
    /// What is wrong, in words.
    pub reason: String,
}

impl ParseError {
    /// An error at `column` with `reason`.
    pub fn new(column: usize, reason: impl Into<String>) -> Self {
        ParseError { column, reason: reason.into() }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.reason)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ParseError {}

/// A piece of a description with the column where it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field<'a> {
    /// The text, trimmed of surrounding spaces.
    pub text: &'a str,
    /// 1-based character column of the first character of `text` in the line.
    pub column: usize,
}

impl<'a> Field<'a> {
    /// An error pointing at this field.
    pub fn error(&self, reason: impl Into<String>) -> ParseError {
        ParseError::new(self.column, reason)
    }

    /// Splits this field on `sep`, trimming each piece and keeping columns.
    pub fn split(&self, sep: char) -> Vec<Field<'a>> {
        split_at_columns(self.text, self.column, sep)
    }

    /// Parses the whole field as a value of type `T`; `what` names it in the error.
    pub fn parse<T: FromStr>(&self, what: &str) -> Result<T, ParseError> {
        if self.text.is_empty() {
            return Err(self.error(format!("expected {what}, found nothing")));
        }
        self.text.parse().map_err(|_| self.error(format!("expected {what}, found '{}'", self.text)))
    }

    /// Parses a comma-separated list of values of type `T`.
    pub fn parse_list<T: FromStr>(&self, what: &str) -> Result<Vec<(T, Field<'a>)>, ParseError> {
        self.split(',').into_iter().map(|item| Ok((item.parse(what)?, item))).collect()
    }

    /// Parses a grid of cells drawn as rows separated by `/`, `#` for a set cell (`true`) and `.` for an
    /// empty one; `what` names the grid in errors. With `size`, the grid must have exactly that width and
    /// height. Returns the width, the height and the cells row by row.
    pub fn parse_grid(
        &self,
        what: &str,
        size: Option<(usize, usize)>,
    ) -> Result<(usize, usize, Vec<bool>), ParseError> {
        let rows = self.split('/');
        if let Some((w, h)) = size.filter(|&(_, h)| h != rows.len()) {
            return Err(self.error(format!("{what} ({w}x{h}) needs {h} rows separated by '/', found {}", rows.len())));
        }
        let width = size.map_or(rows[0].text.chars().count(), |(w, _)| w);
        let mut cells = Vec::with_capacity(width * rows.len());
        for row in &rows {
            let found = row.text.chars().count();
            if found != width || width == 0 {
                return Err(row.error(format!(
                    "a row has {width} cells, found {found} (every row of {what} has the same number of cells)"
                )));
            }
            for (i, c) in row.text.chars().enumerate() {
                match c {
                    '#' => cells.push(true),
                    '.' => cells.push(false),
                    other => {
                        return Err(ParseError::new(row.column + i, format!("expected '#' or '.', found '{other}'")))
                    }
                }
            }
        }
        Ok((width, rows.len(), cells))
    }

    /// Parses board dimensions `WxH` and checks each against `min..=max`.
    pub fn parse_dims(&self, min: u8, max: u8) -> Result<(u8, u8), ParseError> {
        let Some((w, h)) = self.text.split_once(['x', 'X']) else {
            return Err(self.error(format!("expected a size WxH, found '{}'", self.text)));
        };
        let width = Field { text: w.trim(), column: self.column };
        let height = Field { text: h.trim(), column: self.column + w.chars().count() + 1 };
        let mut dims = [0u8; 2];
        for (dim, field) in dims.iter_mut().zip([width, height]) {
            let n: u32 = field.parse("a width and height")?;
            if !(min as u32..=max as u32).contains(&n) {
                return Err(field.error(format!("size {n} is out of range {min}..{max}")));
            }
            *dim = n as u8;
        }
        Ok((dims[0], dims[1]))
    }
}

fn split_at_columns(text: &str, first_column: usize, sep: char) -> Vec<Field<'_>> {
    let mut out = Vec::new();
    let mut column = first_column;
    for piece in text.split(sep) {
        let leading = piece.chars().take_while(|c| c.is_whitespace()).count();
        out.push(Field { text: piece.trim(), column: column + leading });
        column += piece.chars().count() + 1;
    }
    out
}

/// The longest description any family reads, in bytes (a 16×16 board with 64 drawn pieces needs a few
/// kilobytes).
pub const MAX_DESCRIPTION: usize = 64 * 1024;

/// Splits a description into its `:`-separated fields, checks that the first is `family`, and returns
/// the rest. The number of remaining fields must lie in `min..=max`; a line longer than
/// [`MAX_DESCRIPTION`] is refused before it is split.
pub fn fields<'a>(line: &'a str, family: &str, min: usize, max: usize) -> Result<Vec<Field<'a>>, ParseError> {
    if line.len() > MAX_DESCRIPTION {
        return Err(ParseError::new(
            1,
            format!("a description has at most {MAX_DESCRIPTION} bytes, this one has {}", line.len()),
        ));
    }
    let mut fields = split_at_columns(line, 1, ':');
    let head = fields.remove(0);
    if head.text != family {
        return Err(head.error(format!("expected the family name '{family}', found '{}'", head.text)));
    }
    if fields.len() < min {
        let end = line.chars().count() + 1;
        return Err(ParseError::new(
            end,
            format!("{family} needs {min} fields after '{family}:', found {}", fields.len()),
        ));
    }
    if fields.len() > max {
        return Err(fields[max].error(format!("{family} takes at most {max} fields after '{family}:'")));
    }
    Ok(fields)
}

/// The family name of a description (the text before the first `:`), trimmed.
pub fn family_of(line: &str) -> &str {
    line.split(':').next().unwrap_or("").trim()
}

/// Items as a sentence lists them: "3", "3 and 5", "3, 5 and 7".
pub fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_keep_columns_through_spaces() {
        let f = fields("tiles : 3x3: 1, 2 ,3", "tiles", 2, 3).unwrap();
        assert_eq!(f[0], Field { text: "3x3", column: 9 });
        let items = f[1].split(',');
        assert_eq!(items.iter().map(|i| (i.text, i.column)).collect::<Vec<_>>(), [("1", 14), ("2", 17), ("3", 20)]);
    }

    #[test]
    fn errors_name_the_column_and_reason() {
        assert_eq!(
            fields("jugs:1", "tiles", 1, 2).unwrap_err(),
            ParseError::new(1, "expected the family name 'tiles', found 'jugs'")
        );
        assert_eq!(fields("tiles:3x3", "tiles", 2, 3).unwrap_err().column, 10);
        let f = fields("tiles:3y3:1", "tiles", 2, 3).unwrap();
        assert_eq!(f[0].parse_dims(2, 5).unwrap_err().column, 7);
        let f = fields("tiles:3x9:1", "tiles", 2, 3).unwrap();
        assert_eq!(f[0].parse_dims(2, 5).unwrap_err(), ParseError::new(9, "size 9 is out of range 2..5"));
    }
}
