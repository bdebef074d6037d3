//! Load stage helper: reads TOML text into a spanned tree and pulls typed,
//! located values out of it, reporting every syntax error, unknown key,
//! missing field and wrong type as a diagnostic instead of stopping.

use std::ops::Range;

use toml::Spanned;
use toml::de::{DeTable, DeValue};

use super::spec::Def;
use crate::diag::{Diagnostics, FileId, Loc};
use crate::model::Located;

pub type Table<'i> = Spanned<DeTable<'i>>;
pub type Value<'i> = Spanned<DeValue<'i>>;

/// Parses a TOML document; syntax errors become `toml-syntax` diagnostics.
pub fn parse<'i>(file: FileId, text: &'i str, diags: &mut Diagnostics) -> Option<Table<'i>> {
    match DeTable::parse(text) {
        Ok(table) => {
            let before = diags.error_count();
            check_literals(file, table.get_ref(), diags);
            (diags.error_count() == before).then_some(table)
        }
        Err(err) => {
            let span = err.span().unwrap_or(0..0);
            let message = err.message().trim().to_string();
            diags.push(crate::error!(
                "toml-syntax", Some(Loc::new(file, span)), "invalid TOML: {message}";
                hint: "fix the TOML syntax at this point; see https://toml.io"
            ));
            None
        }
    }
}

/// The parser keeps numbers as text; a literal such as `0x` or `1_0` with a
/// non-ASCII digit is only invalid once read. Every number in the document is
/// checked here so such a file is a syntax error wherever the number sits.
fn check_literals(file: FileId, table: &DeTable<'_>, diags: &mut Diagnostics) {
    for value in table.values() {
        check_literal(file, value, diags);
    }
}

fn check_literal(file: FileId, value: &Value<'_>, diags: &mut Diagnostics) {
    let bad = match value.get_ref() {
        DeValue::Integer(i) => i64::from_str_radix(i.as_str(), i.radix())
            .is_err()
            .then_some("integer"),
        DeValue::Float(f) => f.as_str().parse::<f64>().is_err().then_some("float"),
        DeValue::Array(a) => {
            a.iter().for_each(|v| check_literal(file, v, diags));
            None
        }
        DeValue::Table(t) => {
            check_literals(file, t, diags);
            None
        }
        _ => None,
    };
    if let Some(kind) = bad {
        diags.push(crate::error!(
            "toml-syntax", Some(Loc::new(file, value.span())),
            "invalid TOML: not a valid {kind}";
            hint: "integers are like 42, -7, 0xFF, 1_000 (64-bit); floats like 3.5 or 1e6"
        ));
    }
}

/// Checks text for valid UTF-8; an invalid file is an `invalid-utf8` diagnostic
/// located at the first bad byte. Returns the text, lossily decoded if needed.
pub fn decode(file: FileId, bytes: Vec<u8>, diags: &mut Diagnostics) -> (String, bool) {
    match String::from_utf8(bytes) {
        Ok(text) => (text, true),
        Err(err) => {
            let at = err.utf8_error().valid_up_to();
            let text = String::from_utf8_lossy(err.as_bytes()).into_owned();
            diags.push(crate::error!(
                "invalid-utf8", Some(Loc::new(file, at..at + '\u{FFFD}'.len_utf8())),
                "the file is not valid UTF-8";
                hint: "save the file as UTF-8"
            ));
            (text, false)
        }
    }
}

/// Parses a piece of a TOML document on its own; `None` (reporting nothing)
/// when it is not valid TOML by itself, so the caller can parse the whole
/// document instead and report its problems as they are there.
pub fn parse_piece<'i>(text: &'i str) -> Option<Table<'i>> {
    let table = DeTable::parse(text).ok()?;
    let mut scratch = Diagnostics::default();
    check_literals(0, table.get_ref(), &mut scratch);
    (!scratch.has_errors()).then_some(table)
}

/// Reads typed values out of the tables of one file, collecting diagnostics.
pub struct Reader<'d> {
    pub file: FileId,
    pub diags: &'d mut Diagnostics,
    /// The kind of the file's top table: one of its keys met inside another
    /// table was most likely written below that table's header by mistake.
    pub top: Option<&'static Def>,
    /// Where the text the tables were parsed from starts in the file.
    base: usize,
}

impl<'d> Reader<'d> {
    pub fn new(file: FileId, diags: &'d mut Diagnostics) -> Reader<'d> {
        Reader {
            file,
            diags,
            top: None,
            base: 0,
        }
    }

    /// A reader of tables parsed from the file's text from byte `base` on.
    pub fn at(file: FileId, base: usize, diags: &'d mut Diagnostics) -> Reader<'d> {
        Reader {
            file,
            diags,
            top: None,
            base,
        }
    }

    pub fn loc(&self, span: Range<usize>) -> Loc {
        Loc::new(self.file, span.start + self.base..span.end + self.base)
    }

    /// Reports every key of `table` that is not in `allowed` as `unknown-field`.
    pub fn check_keys(&mut self, table: &DeTable<'_>, allowed: &[&str], what: &str) {
        self.check_names(table, allowed, false, what);
    }

    /// As [`Reader::check_keys`]; `is_top`: the table is the file's top one.
    pub(super) fn check_names(
        &mut self,
        table: &DeTable<'_>,
        allowed: &[&str],
        is_top: bool,
        what: &str,
    ) {
        for key in table.keys() {
            if !allowed.contains(&key.get_ref().as_ref()) {
                let name = key.get_ref().as_ref();
                let mut d = crate::error!(
                    "unknown-field",
                    Some(self.loc(key.span())),
                    "unknown key `{name}` in {what}"
                );
                d = match closest(name, allowed) {
                    _ if !is_top && self.top.is_some_and(|t| t.has(name)) => d.with_hint(format!(
                        "`{name}` belongs at the top of the file: TOML puts every key written \
                         below a `[table]` header into that table, so move `{name} = ...` \
                         above the first header"
                    )),
                    Some(best) => d.with_hint(format!("did you mean `{best}`?")),
                    None => d.with_hint(format!("allowed keys: {}", allowed.join(", "))),
                };
                self.diags.push(d);
            }
        }
    }

    pub(super) fn missing(
        &mut self,
        table_span: Range<usize>,
        key: &str,
        what: &str,
        expected: &str,
    ) {
        self.diags.push(crate::error!(
            "missing-field", Some(self.loc(table_span.start..table_span.start)),
            "{what} is missing the required key `{key}`";
            hint: "add `{key} = <{expected}>`"
        ));
    }

    pub fn wrong_type(&mut self, value: &Value<'_>, key: &str, expected: &str) {
        self.diags.push(crate::error!(
            "wrong-type", Some(self.loc(value.span())),
            "`{key}` must be {expected}, found {}", value.get_ref().type_str();
            hint: "write `{key}` as {expected}"
        ));
    }

    pub fn opt_str(&mut self, t: &Table<'_>, key: &str) -> Option<Located<String>> {
        let v = t.get_ref().get(key)?;
        match v.get_ref() {
            DeValue::String(s) => Some(Located::new(s.to_string(), self.loc(v.span()))),
            _ => {
                self.wrong_type(v, key, "a string");
                None
            }
        }
    }

    pub fn opt_int(&mut self, t: &Table<'_>, key: &str) -> Option<Located<i64>> {
        let v = t.get_ref().get(key)?;
        match int_value(v.get_ref()) {
            Some(n) => Some(Located::new(n, self.loc(v.span()))),
            None => {
                self.wrong_type(v, key, "an integer");
                None
            }
        }
    }

    pub fn opt_bool(&mut self, t: &Table<'_>, key: &str) -> Option<bool> {
        let v = t.get_ref().get(key)?;
        match v.get_ref() {
            DeValue::Boolean(b) => Some(*b),
            _ => {
                self.wrong_type(v, key, "true or false");
                None
            }
        }
    }

    /// A number: integer or float.
    pub fn opt_number(&mut self, t: &Table<'_>, key: &str) -> Option<Located<f32>> {
        let v = t.get_ref().get(key)?;
        match number_value(v.get_ref()) {
            Some(n) => Some(Located::new(n, self.loc(v.span()))),
            None => {
                self.wrong_type(v, key, "a number");
                None
            }
        }
    }

    /// A length: a number of points, or a string with a unit ("0.125in", "3mm", "9pt").
    pub fn opt_length(&mut self, t: &Table<'_>, key: &str) -> Option<Located<f32>> {
        let v = t.get_ref().get(key)?;
        let loc = self.loc(v.span());
        let parsed = match v.get_ref() {
            DeValue::String(s) => parse_length(s),
            other => number_value(other).ok_or_else(|| "expected a length".to_string()),
        };
        match parsed {
            Ok(points) if points.is_finite() && points.abs() <= MAX_LENGTH => {
                Some(Located::new(points, loc))
            }
            Ok(points) => {
                self.diags.push(crate::error!(
                    "limit-exceeded", Some(loc), "`{key}` = {} in is longer than any sheet: a length is at most {} in either way",
                    points / 72.0, MAX_LENGTH / 72.0;
                    hint: "a length in points (9) or with a unit (\"0.125in\", \"3.2mm\"); check for a typo in the unit or the digits"
                ));
                None
            }
            Err(why) => {
                self.diags.push(
                    crate::error!(
                        "bad-length", Some(loc), "`{key}`: {why}";
                        hint: "write a length as points (9) or with a unit: \"0.125in\", \"3.2mm\", \"9pt\""
                    ),
                );
                None
            }
        }
    }

    /// `v` when it is more than 0 and at most `max` (`unit` names what it
    /// counts: "pt" of a length, "" of a factor), else a `bad-value` at it:
    /// for a size, a width or a type size, where 0 or less makes no sense.
    pub fn positive(
        &mut self,
        v: Option<Located<f32>>,
        key: &str,
        max: f32,
        unit: &str,
    ) -> Option<Located<f32>> {
        let v = v?;
        if v.value > 0.0 && v.value <= max {
            return Some(v);
        }
        let sep = if unit.is_empty() { "" } else { " " };
        self.diags.push(crate::error!(
            "bad-value", Some(v.loc),
            "`{key}` must be more than 0 and at most {max}{sep}{unit}, not {}", v.value;
            hint: "check the number and its unit"
        ));
        None
    }

    /// An array of strings (absent = empty).
    pub fn str_array(&mut self, t: &Table<'_>, key: &str) -> Vec<Located<String>> {
        let mut out = Vec::new();
        for v in self.array(t, key) {
            match v.get_ref() {
                DeValue::String(s) => out.push(Located::new(s.to_string(), self.loc(v.span()))),
                _ => self.wrong_type(v, key, "an array of strings"),
            }
        }
        out
    }

    /// The elements of an array (absent = empty; not an array = `wrong-type`).
    pub fn array<'t, 'i>(&mut self, t: &'t Table<'i>, key: &str) -> &'t [Value<'i>] {
        match t.get_ref().get(key) {
            None => &[],
            Some(v) => match v.get_ref() {
                DeValue::Array(a) => a.as_ref(),
                _ => {
                    self.wrong_type(v, key, "an array");
                    &[]
                }
            },
        }
    }

    /// An array of tables, e.g. `[[cards]]`; elements that are not tables are reported.
    pub fn tables<'i>(&mut self, t: &Table<'i>, key: &str) -> Vec<Table<'i>> {
        let mut out = Vec::new();
        for v in self.array(t, key) {
            match as_table(v) {
                Some(table) => out.push(table),
                None => self.wrong_type(v, key, "an array of tables"),
            }
        }
        out
    }

    /// A sub-table (absent = None; not a table = `wrong-type`).
    pub fn table<'i>(&mut self, t: &Table<'i>, key: &str) -> Option<Table<'i>> {
        let v = t.get_ref().get(key)?;
        let table = as_table(v);
        if table.is_none() {
            self.wrong_type(v, key, "a table");
        }
        table
    }
}

/// The table inside a spanned value, spanned like the value.
pub fn as_table<'i>(v: &Value<'i>) -> Option<Table<'i>> {
    match v.get_ref() {
        DeValue::Table(t) => Some(Spanned::new(v.span(), t.clone())),
        _ => None,
    }
}

pub fn int_value(v: &DeValue<'_>) -> Option<i64> {
    match v {
        DeValue::Integer(i) => i64::from_str_radix(i.as_str(), i.radix()).ok(),
        _ => None,
    }
}

pub fn number_value(v: &DeValue<'_>) -> Option<f32> {
    match v {
        DeValue::Float(f) => f
            .as_str()
            .replace('_', "")
            .parse::<f32>()
            .ok()
            .filter(|x| x.is_finite()),
        other => int_value(other).map(|n| n as f32),
    }
}

/// The longest length any key takes, either way: 200 in (14,400 pt), more
/// than a poster's side; past it a length is a typo, and would only make
/// outputs of absurd size or numbers that overflow.
pub const MAX_LENGTH: f32 = 200.0 * 72.0;

/// The largest type size, in points (10 in): any key giving a size of type
/// (`size` of a text region or map label, a map's `code_size`) is more than
/// 0 and at most this.
pub const MAX_TYPE_SIZE: f32 = 720.0;

/// Parses "0.125in", "3.2mm", "9pt" or "9" into points.
pub fn parse_length(s: &str) -> Result<f32, String> {
    let s = s.trim();
    let (num, factor) = if let Some(n) = s.strip_suffix("in") {
        (n, 72.0)
    } else if let Some(n) = s.strip_suffix("mm") {
        (n, 72.0 / 25.4)
    } else if let Some(n) = s.strip_suffix("cm") {
        (n, 720.0 / 25.4)
    } else if let Some(n) = s.strip_suffix("pt") {
        (n, 1.0)
    } else {
        (s, 1.0)
    };
    match num.trim().parse::<f32>() {
        Ok(x) if x.is_finite() => Ok(x * factor),
        _ => Err(format!("`{s}` is not a length")),
    }
}

pub use crate::diag::closest;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_in_units() {
        assert_eq!(parse_length("1in"), Ok(72.0));
        assert!((parse_length("25.4mm").unwrap_or(0.0) - 72.0).abs() < 1e-4);
        assert_eq!(parse_length("9pt"), Ok(9.0));
        assert_eq!(parse_length("9"), Ok(9.0));
        assert!(parse_length("nine").is_err());
    }

    #[test]
    fn closest_suggests_typos_only() {
        assert_eq!(closest("titel", &["title", "effect"]), Some("title"));
        assert_eq!(closest("zzz", &["title", "effect"]), None);
    }

    crate::load::spec::table! { mod demo: "game.toml", "A demo.";
        name: opt Str("A name."),
        color: opt Str("A colour."),
        sides: req Str("Sides."),
    }

    #[test]
    fn unknown_and_missing_keys_are_located() {
        let text = "name = \"x\"\ncolour = 1\n";
        let mut diags = Diagnostics::default();
        let t = parse(0, text, &mut diags).expect("valid toml");
        let mut r = Reader::new(0, &mut diags);
        let t = r.open(&t, &demo::DEF);
        let missing = r.get(&t, demo::sides);
        assert!(missing.is_none());
        assert_eq!(diags.list[0].id, "unknown-field");
        assert_eq!(diags.list[0].loc, Some(Loc::new(0, 11..17)));
        assert_eq!(diags.list[0].hint.as_deref(), Some("did you mean `color`?"));
        assert_eq!(diags.list[1].id, "missing-field");
    }

    #[test]
    fn bad_number_literals_are_syntax_errors() {
        for text in [
            "a = 0x\n",
            "[t]\nb = [1, 0b]\n",
            "c = 99999999999999999999\n",
        ] {
            let mut diags = Diagnostics::default();
            assert!(parse(0, text, &mut diags).is_none(), "{text}");
            assert_eq!(diags.list[0].id, "toml-syntax");
        }
        let mut diags = Diagnostics::default();
        assert!(parse(0, "a = 0xFF\nb = 1_000\nc = -3.5e2\nd = inf\n", &mut diags).is_some());
    }

    #[test]
    fn syntax_error_is_located() {
        let mut diags = Diagnostics::default();
        assert!(parse(0, "a = \n", &mut diags).is_none());
        assert_eq!(diags.list[0].id, "toml-syntax");
        assert!(diags.list[0].loc.is_some());
    }
}
