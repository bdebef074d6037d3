//! Helpers shared by the fuzz targets: the oracle every target applies to
//! the diagnostics it gets, the game-folder archive the `check` target
//! reads, and the art file the `art` target reads.

use std::path::{Component, Path};

use grogpress::diag::{Diagnostics, Sources, render_human, render_json};

/// Every located diagnostic points into the text of its file (the end may
/// run up to one replacement character past it, as the invalid-UTF-8 one
/// does), and every diagnostic renders, for people and as JSON, without
/// panicking.
pub fn assert_located(diags: &Diagnostics, sources: &Sources) {
    for d in &diags.list {
        if let Some(loc) = &d.loc {
            let len = sources.text(loc.file).len();
            assert!(
                loc.span.start <= loc.span.end && loc.span.start <= len && loc.span.end <= len + 3,
                "`{}` at {:?} is outside its file of {len} bytes: {}",
                d.id,
                loc.span,
                d.message
            );
        }
        let _ = render_human(d, sources);
        let _ = render_json(d, sources);
    }
}

/// A game folder written as one text, txtar-like: a line `-- path --`
/// starts a file, which holds every byte up to the next such line. Bytes
/// before the first header are ignored. The path must be relative, plain
/// (letters, digits, `._-/`) and without `.`/`..` parts; a file with another
/// path is dropped, so the fuzzer can never write outside the folder.
pub fn split_archive(data: &[u8]) -> Vec<(String, &[u8])> {
    let mut files: Vec<(String, &[u8])> = Vec::new();
    let mut current: Option<(String, usize)> = None;
    let mut at = 0;
    while at <= data.len() {
        let line_end = data[at..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(data.len(), |p| at + p);
        let line = &data[at..line_end];
        if let Some(name) = header(line) {
            if let Some((path, start)) = current.take() {
                files.push((path, &data[start..at]));
            }
            current = Some((name, (line_end + 1).min(data.len())));
        }
        at = line_end + 1;
    }
    if let Some((path, start)) = current {
        files.push((path, &data[start..]));
    }
    files.retain(|(path, _)| plain_path(path));
    files
}

/// What kind of file the `art` target's input is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArtKind {
    Svg,
    Png,
    Jpeg,
    /// A TrueType/OpenType file, the game's own font.
    Font,
}

impl ArtKind {
    /// What `ART_FUZZ_KINDS` calls it.
    pub fn name(self) -> &'static str {
        match self {
            ArtKind::Svg => "svg",
            ArtKind::Png => "png",
            ArtKind::Jpeg => "jpeg",
            ArtKind::Font => "font",
        }
    }

    /// The file name's extension the game gives it.
    pub fn extension(self) -> &'static str {
        match self {
            ArtKind::Svg => "svg",
            ArtKind::Png => "png",
            ArtKind::Jpeg => "jpg",
            ArtKind::Font => "ttf",
        }
    }
}

/// The `art` target's input: its first byte picks the kind (its value
/// modulo 4: SVG, PNG, JPEG, font), the rest is the file. `None` for no input.
pub fn art_input(data: &[u8]) -> Option<(ArtKind, &[u8])> {
    let (&first, rest) = data.split_first()?;
    let kind = match first % 4 {
        0 => ArtKind::Svg,
        1 => ArtKind::Png,
        2 => ArtKind::Jpeg,
        _ => ArtKind::Font,
    };
    Some((kind, rest))
}

fn header(line: &[u8]) -> Option<String> {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let name = line.strip_prefix(b"-- ")?.strip_suffix(b" --")?;
    std::str::from_utf8(name).ok().map(str::to_string)
}

fn plain_path(path: &str) -> bool {
    !path.is_empty()
        && path.len() <= 100
        && path
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"._-/".contains(&b))
        && Path::new(path)
            .components()
            .all(|c| matches!(c, Component::Normal(_)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_byte_picks_the_art_kind() {
        assert_eq!(art_input(b""), None);
        assert_eq!(art_input(b"\0<svg/>"), Some((ArtKind::Svg, &b"<svg/>"[..])));
        assert_eq!(art_input(b"\x05x"), Some((ArtKind::Png, &b"x"[..])));
        assert_eq!(art_input(b"\x02"), Some((ArtKind::Jpeg, &b""[..])));
        assert_eq!(art_input(b"\xFF"), Some((ArtKind::Font, &b""[..])));
    }

    #[test]
    fn archive_files_and_unsafe_paths() {
        let data = b"junk\n-- game.toml --\nname = 1\n-- rules/r.md --\n# Hi\n-- ../x --\nno\n-- /abs --\nno";
        let files = split_archive(data);
        assert_eq!(
            files,
            vec![
                ("game.toml".to_string(), &b"name = 1\n"[..]),
                ("rules/r.md".to_string(), &b"# Hi\n"[..]),
            ]
        );
    }
}
