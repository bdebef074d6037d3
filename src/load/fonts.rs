//! Load stage: `fonts/fonts.toml` and the font files it names, into a [`FontBook`].

use super::font_proof::{MAX_FONT_BYTES, prove_font};
use super::paths::Confine;
use super::spec::table;
use super::toml::{Reader, parse};
use super::{OpError, Root};
use crate::diag::{Diagnostic, Diagnostics, Sources};
use crate::model::Located;
use crate::text::{BookFace, Face, Family, FontBook};

table! { pub mod fonts_toml: "fonts.toml", "Font families text is laid out with.";
    family: opt Tables(&family::DEF),
}

const FACE: &str = "A TrueType/OpenType file in fonts/.";

table! { pub mod family: "[[family]]", "A family: its four faces, files in fonts/.";
    name: req Str("What layouts name, e.g. \"sans-condensed\"."),
    regular: req Str(FACE),
    bold: req Str(FACE),
    italic: req Str(FACE),
    bold_italic: req Str(FACE),
}

/// Loads every family in `fonts/fonts.toml`. Mistakes in `fonts.toml` are
/// diagnostics, and so is a font file of the folder that later stages could
/// not use (`bad-font`, or `limit-exceeded` past [`MAX_FONT_BYTES`], at the
/// line naming it; its family is left out); a file that cannot be read at
/// all is an operational error.
pub fn load_fonts(
    root: &Root,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<FontBook, OpError> {
    // The root's own fonts/, else the fonts built into the binary.
    let on_disk = root.fonts().join("fonts.toml").is_file();
    let mut book = FontBook::default();
    let mut faces = Vec::new();
    let confine = Confine::new(&root.dir)?;
    if on_disk
        && confine
            .admit(
                &root.fonts().join("fonts.toml"),
                "fonts.toml",
                sources,
                diags,
            )
            .is_none()
    {
        return Ok(book);
    }
    let Some((file, text, ok)) =
        super::embedded::read_root_source(root, "fonts/fonts.toml", sources, diags)?
    else {
        return Err(OpError::new(format!(
            "cannot read {}: no such file",
            root.fonts().join("fonts.toml").display()
        )));
    };
    if !ok {
        return Ok(book);
    }
    let Some(doc) = parse(file, &text, diags) else {
        return Ok(book);
    };
    let mut r = Reader::new(file, diags);
    let doc = r.open(&doc, &fonts_toml::DEF);
    let mut loaded: Vec<std::path::PathBuf> = Vec::new();
    for t in r.get(&doc, fonts_toml::family) {
        use family as k;
        let t = r.open(&t, &k::DEF);
        let name = r.get(&t, k::name);
        let files = [k::regular, k::bold, k::italic, k::bold_italic].map(|key| r.get(&t, key));
        let Some(name) = name else { continue };
        let mut ids = [0usize; 4];
        let mut whole = true;
        for (slot, file) in ids.iter_mut().zip(files) {
            let Some(file) = file else { continue };
            let path = if on_disk {
                match confine.resolve(&root.fonts(), &file, "the font file", r.diags) {
                    Some(path) => path,
                    None => continue,
                }
            } else {
                root.fonts().join(&file.value)
            };
            if let Some(existing) = loaded.iter().position(|p| *p == path) {
                *slot = existing;
                continue;
            }
            // A built-in font (or a copy of one in the folder) is parsed
            // when the text first needs it; any other file is read,
            // proved and parsed now, its problems reported at its line.
            let built_in = if on_disk {
                built_in_copy(&path)?
            } else {
                let rel = format!("fonts/{}", file.value);
                Some(
                    super::embedded::file(&rel)
                        .ok_or_else(|| OpError::new(format!("no built-in font {rel}")))?,
                )
            };
            let face = match built_in {
                Some(data) => BookFace::built_in(data),
                None => {
                    let data = match read_font(&path, &file)? {
                        Ok(data) => data,
                        Err(problem) => {
                            r.diags.push(problem);
                            whole = false;
                            continue;
                        }
                    };
                    match Face::parse(data) {
                        Ok(face) => BookFace::parsed(face),
                        Err(why) => {
                            r.diags.push(bad_font(&file, &why));
                            whole = false;
                            continue;
                        }
                    }
                }
            };
            faces.push(face);
            loaded.push(path);
            *slot = faces.len() - 1;
        }
        if !whole {
            // Reported; a family with a face missing is not offered.
            continue;
        }
        book.families.push(Family {
            name: name.value,
            regular: ids[0],
            bold: ids[1],
            italic: ids[2],
            bold_italic: ids[3],
        });
    }
    book.faces = std::sync::Arc::new(faces);
    Ok(book)
}

/// The built-in font `path` is a copy of, if it is one: a file as long as
/// a built-in font whose table directory (every table's tag, checksum,
/// offset and length) is the built-in's. Only that head of the file is
/// read. A font changed by any font tool has a table's checksum changed;
/// one changed and left with every checksum as it was is set with the
/// built-in bytes, which are proved good (see `load::font_proof`).
fn built_in_copy(path: &std::path::Path) -> Result<Option<&'static [u8]>, OpError> {
    let io = |e: std::io::Error| OpError::new(format!("cannot read font {}: {e}", path.display()));
    let len = std::fs::metadata(path).map_err(io)?.len();
    let alike = super::embedded::files_under("fonts/")
        .into_iter()
        .map(|(_, data)| data)
        .filter(|data| data.len() as u64 == len);
    let mut head = Vec::new();
    for data in alike {
        let directory = data.get(4..6).map_or(0, |n| {
            12 + 16 * usize::from(u16::from_be_bytes([n[0], n[1]]))
        });
        if head.is_empty() {
            let file = std::fs::File::open(path).map_err(io)?;
            std::io::Read::read_to_end(&mut std::io::Read::take(file, MAX_DIRECTORY), &mut head)
                .map_err(io)?;
        }
        if directory > 12 && head.get(..directory) == data.get(..directory) {
            return Ok(Some(data));
        }
    }
    Ok(None)
}

/// The most of a font file read to compare its table directory with a
/// built-in font's (12 bytes and 16 a table: the built-in fonts have 20-odd).
const MAX_DIRECTORY: u64 = 12 + 16 * 64;

/// A font file of the folder, read and proved usable; `Err` inside is the
/// located diagnostic of one that is too large or cannot be used.
fn read_font(
    path: &std::path::Path,
    file: &Located<String>,
) -> Result<Result<Vec<u8>, Diagnostic>, OpError> {
    let io = |e: std::io::Error| OpError::new(format!("cannot read font {}: {e}", path.display()));
    let len = std::fs::metadata(path).map_err(io)?.len();
    if len > MAX_FONT_BYTES {
        return Ok(Err(crate::error!(
            "limit-exceeded", Some(file.loc),
            "the font `{}` is {len} bytes, more than {MAX_FONT_BYTES}", file.value;
            hint: "use a font of the scripts the game needs (a whole CJK font is 15-20 MB)"
        )));
    }
    let mut data = Vec::with_capacity(len as usize);
    std::io::Read::read_to_end(
        &mut std::io::Read::take(std::fs::File::open(path).map_err(io)?, MAX_FONT_BYTES + 1),
        &mut data,
    )
    .map_err(io)?;
    if data.len() as u64 > MAX_FONT_BYTES {
        return Ok(Err(crate::error!(
            "limit-exceeded", Some(file.loc),
            "the font `{}` is more than {MAX_FONT_BYTES} bytes", file.value;
            hint: "use a font of the scripts the game needs (a whole CJK font is 15-20 MB)"
        )));
    }
    Ok(match prove_font(&data) {
        Ok(()) => Ok(data),
        Err(why) => Err(bad_font(file, &why)),
    })
}

/// `bad-font` at the line naming `file`.
fn bad_font(file: &Located<String>, why: &str) -> Diagnostic {
    crate::error!(
        "bad-font", Some(file.loc),
        "the font `{}` cannot be used: {why}", file.value;
        hint: "give a TrueType or OpenType file (.ttf, .otf) as the font's maker ships it; a font cut short in copying is damaged"
    )
}

/// The project's own fonts (`fonts/fonts.toml`), for unit tests that set
/// text as a shipped game would.
#[cfg(test)]
pub(crate) fn project_fonts() -> crate::text::FontBook {
    load_fonts(
        &super::Root::new(env!("CARGO_MANIFEST_DIR")),
        &mut crate::diag::Sources::default(),
        &mut crate::diag::Diagnostics::default(),
    )
    .expect("the project's fonts load")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_copy_of_a_built_in_font_with_its_table_directory_is_taken_as_built_in() {
        let dir = tempfile::tempdir().expect("temp dir");
        let (_, shipped) = super::super::embedded::files_under("fonts/DejaVuSerifCondensed.ttf")
            .into_iter()
            .next()
            .expect("a built-in font");
        let copy = dir.path().join("copy.ttf");
        std::fs::write(&copy, shipped).expect("write");
        let found = built_in_copy(&copy).expect("readable");
        assert!(found.is_some_and(|data| std::ptr::eq(data, shipped)));
        // As long, a table's checksum changed (as any font tool writes it).
        let mut changed = shipped.to_vec();
        let tables = usize::from(u16::from_be_bytes([changed[4], changed[5]]));
        changed[12 + 16 * (tables - 1) + 4] ^= 1;
        std::fs::write(&copy, &changed).expect("write");
        assert!(built_in_copy(&copy).expect("readable").is_none());
        // A byte longer: not read at all.
        changed[12 + 16 * (tables - 1) + 4] ^= 1;
        changed.push(0);
        std::fs::write(&copy, &changed).expect("write");
        assert!(built_in_copy(&copy).expect("readable").is_none());
        assert!(built_in_copy(&dir.path().join("none.ttf")).is_err());
    }

    #[test]
    fn the_project_fonts_are_parsed_when_first_used() {
        let book = project_fonts();
        assert_eq!(book.faces.len(), 12);
        let serif = book.family("serif").expect("the serif");
        let face = book.face(serif.regular);
        assert_eq!(face.name, "DejaVuSerifCondensed");
        assert!(face.glyph('A').is_some() && face.advance(face.glyph('A').unwrap_or(0)) > 0.0);
    }
}
