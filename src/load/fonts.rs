//! Load stage: `fonts/fonts.toml` and the font files it names, into a [`FontBook`].

use super::paths::Confine;
use super::spec::table;
use super::toml::{Reader, parse};
use super::{OpError, Root};
use crate::diag::{Diagnostics, Sources};
use crate::text::{Face, Family, FontBook};

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

/// Loads every family in `fonts/fonts.toml`. A missing or broken font file is an
/// operational error; mistakes in `fonts.toml` are diagnostics.
pub fn load_fonts(
    root: &Root,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<FontBook, OpError> {
    // The root's own fonts/, else the fonts built into the binary.
    let on_disk = root.fonts().join("fonts.toml").is_file();
    let mut book = FontBook::default();
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
            let data = if on_disk {
                std::fs::read(&path).map_err(|e| {
                    OpError::new(format!("cannot read font {}: {e}", path.display()))
                })?
            } else {
                let rel = format!("fonts/{}", file.value);
                super::embedded::file(&rel)
                    .ok_or_else(|| OpError::new(format!("no built-in font {rel}")))?
                    .to_vec()
            };
            let face =
                Face::parse(data).map_err(|e| OpError::new(format!("{}: {e}", path.display())))?;
            book.faces.push(face);
            loaded.push(path);
            *slot = book.faces.len() - 1;
        }
        book.families.push(Family {
            name: name.value,
            regular: ids[0],
            bold: ids[1],
            italic: ids[2],
            bold_italic: ids[3],
        });
    }
    Ok(book)
}
