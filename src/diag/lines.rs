//! Diagnostics stage: a text's line index, built once per file, which turns
//! a byte offset into a 1-based line and column (in characters) by binary
//! search rather than by scanning the text from its start, so that locating
//! every row of a 100,000-card file costs as much as reading it once.

use std::ops::Range;

/// Characters are counted from a checkpoint this many bytes apart, so a
/// column on a line of megabytes costs at most this many bytes' scan.
const BLOCK: usize = 4096;

/// Where each line of a text starts, and how many characters precede each
/// [`BLOCK`] of it. Offsets are kept as `u32` where the text allows (a
/// text's index is a few bytes a line).
#[derive(Debug, Clone)]
pub struct LineIndex {
    starts: Offsets,
    /// The characters before byte `i * BLOCK`, for every block.
    chars_before_block: Offsets,
    len: usize,
}

#[derive(Debug, Clone)]
enum Offsets {
    Small(Vec<u32>),
    Large(Vec<usize>),
}

impl Offsets {
    fn new(values: impl Iterator<Item = usize>, small: bool) -> Offsets {
        if small {
            Offsets::Small(values.map(|v| v as u32).collect())
        } else {
            Offsets::Large(values.collect())
        }
    }

    fn get(&self, i: usize) -> Option<usize> {
        match self {
            Offsets::Small(v) => v.get(i).map(|&x| x as usize),
            Offsets::Large(v) => v.get(i).copied(),
        }
    }

    /// How many values are at most `x` (the values are increasing).
    fn count_at_most(&self, x: usize) -> usize {
        match self {
            Offsets::Small(v) => v.partition_point(|&s| s as usize <= x),
            Offsets::Large(v) => v.partition_point(|&s| s <= x),
        }
    }
}

impl LineIndex {
    /// The index of `text`: one pass over it.
    pub fn new(text: &str) -> LineIndex {
        let small = u32::try_from(text.len()).is_ok();
        let bytes = text.as_bytes();
        let starts = std::iter::once(0).chain(
            bytes
                .iter()
                .enumerate()
                .filter(|&(_, &b)| b == b'\n')
                .map(|(i, _)| i + 1),
        );
        let mut chars = 0;
        let blocks = bytes.chunks(BLOCK).map(|block| {
            let before = chars;
            chars += block.iter().filter(|&&b| !is_continuation(b)).count();
            before
        });
        LineIndex {
            starts: Offsets::new(starts, small),
            chars_before_block: Offsets::new(blocks, small),
            len: text.len(),
        }
    }

    /// 1-based line and column (in characters) of a byte offset into
    /// `text`, the text this index was built from. An offset past the end
    /// is the end; one inside a character is that character.
    pub fn line_col(&self, text: &str, offset: usize) -> (usize, usize) {
        let offset = char_floor(text, offset.min(self.len));
        let line = self.starts.count_at_most(offset).max(1);
        let start = self.starts.get(line - 1).unwrap_or(0);
        let col = self.chars_before(text, offset) - self.chars_before(text, start) + 1;
        (line, col)
    }

    /// The byte range of 1-based line `line` in `text`, without its line
    /// break (`\n` or `\r\n`), as `str::lines` gives it; `None` past the
    /// last line (a text's final line break starts no line).
    pub fn line_range(&self, text: &str, line: usize) -> Option<Range<usize>> {
        let start = self.starts.get(line.checked_sub(1)?)?;
        if start >= self.len {
            return None;
        }
        let end = match self.starts.get(line) {
            Some(next) => {
                let end = next - 1;
                if text.as_bytes().get(end.wrapping_sub(1)) == Some(&b'\r') && end > start {
                    end - 1
                } else {
                    end
                }
            }
            None => self.len,
        };
        Some(start..end)
    }

    /// The characters of `text` before byte `offset` (a char boundary).
    fn chars_before(&self, text: &str, offset: usize) -> usize {
        let block = offset / BLOCK;
        let before = self.chars_before_block.get(block).unwrap_or(0);
        let from = (block * BLOCK).min(text.len());
        let scanned = text.as_bytes()[from..offset.max(from)]
            .iter()
            .filter(|&&b| !is_continuation(b))
            .count();
        before + scanned
    }
}

fn is_continuation(b: u8) -> bool {
    b & 0xC0 == 0x80
}

/// `offset` moved back to the start of the character it falls in.
fn char_floor(text: &str, mut offset: usize) -> usize {
    offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The line and column by scanning from the start, as it was done.
    fn scanned(text: &str, offset: usize) -> (usize, usize) {
        let offset = char_floor(text, offset);
        let before = &text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        (line, text[line_start..offset].chars().count() + 1)
    }

    #[test]
    fn every_offset_is_where_a_scan_from_the_start_puts_it() {
        let long = "é".repeat(3 * BLOCK);
        let texts = [
            String::new(),
            "a".to_string(),
            "a = 1\nbé = \"x\"\n".to_string(),
            "\n\n\r\nx\r\n".to_string(),
            format!("x\n{long}y\nz{long}"),
        ];
        for text in &texts {
            let index = LineIndex::new(text);
            for offset in 0..=text.len() + 2 {
                assert_eq!(
                    index.line_col(text, offset),
                    scanned(text, offset),
                    "{text:?} at {offset}"
                );
            }
        }
    }

    #[test]
    fn line_ranges_are_the_lines_str_lines_gives() {
        for text in ["", "a", "a\n", "a\r\nb\n\nc", "\r\n\r\n", "x\ry\n"] {
            let index = LineIndex::new(text);
            let lines: Vec<&str> = (1..=text.len() + 2)
                .map_while(|n| index.line_range(text, n))
                .map(|r| &text[r])
                .collect();
            assert_eq!(lines, text.lines().collect::<Vec<_>>(), "{text:?}");
        }
    }
}
