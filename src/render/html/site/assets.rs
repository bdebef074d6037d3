//! Render (HTML): the files of the reference that are not pages, from the
//! templates and the font book to the script, the search library and its
//! licence, the favicon, the stylesheets (the @font-face rules first, then the dark
//! colours) and the font files.

use std::collections::HashSet;

use super::Site;
use crate::render::svg::{FamiliesDrawn, css_family};
use crate::text::{Family, FontBook};

/// The script, the search library and its licence, the favicon, the
/// stylesheet and each font file once, in that order: (path relative to the html folder, bytes).
/// Only the families the reference uses are served: the text's (the book's
/// first) and those its pictures draw text in (`drawn`: a card's text in
/// another family).
pub(super) fn asset_files(site: &Site<'_>, drawn: &FamiliesDrawn) -> Vec<(String, Vec<u8>)> {
    let t = &site.templates;
    let mut files = vec![
        (
            "reference.js".to_string(),
            format!(
                "{}{}",
                crate::render::html::script_words(&site.game.words),
                t.script
            )
            .into_bytes(),
        ),
        (
            "elasticlunr.min.js".to_string(),
            t.search_library.clone().into_bytes(),
        ),
        (
            "LICENSE-elasticlunr.txt".to_string(),
            t.search_library_licence.clone().into_bytes(),
        ),
        ("favicon.svg".to_string(), t.favicon.clone().into_bytes()),
    ];
    let served = served_families(site.fonts, drawn);
    let mut style = font_faces_css(site.fonts, &served);
    style.push_str(&site.templates.style);
    files.push(("style.css".to_string(), style.into_bytes()));
    files.push(("dark.css".to_string(), t.dark.clone().into_bytes()));
    let mut written = HashSet::new();
    for family in &served {
        for face in [
            family.regular,
            family.bold,
            family.italic,
            family.bold_italic,
        ] {
            let Some(face) = site.fonts.faces.get(face) else {
                continue;
            };
            let name = font_file_name(&face.name);
            if written.insert(name.clone()) {
                files.push((name, face.data.to_vec()));
            }
        }
    }
    files
}

/// The families of `book` the reference uses: the first (the text's) and
/// each one a picture drew text in.
fn served_families<'b>(book: &'b FontBook, drawn: &FamiliesDrawn) -> Vec<&'b Family> {
    book.families
        .iter()
        .enumerate()
        .filter(|(i, _)| *i == 0 || drawn.holds(*i))
        .map(|(_, family)| family)
        .collect()
}

/// Where a face's file goes in the html folder.
fn font_file_name(postscript_name: &str) -> String {
    let safe: String = postscript_name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    format!("fonts/{safe}.ttf")
}

/// @font-face rules for every family, with relative URLs to the copied files.
fn font_faces_css(book: &FontBook, served: &[&Family]) -> String {
    let mut css =
        String::from("/* Fonts from fonts/ (see fonts/LICENSE-*), served with the page. */\n");
    for family in served {
        for (face, weight, style) in [
            (family.regular, 400, "normal"),
            (family.bold, 700, "normal"),
            (family.italic, 400, "italic"),
            (family.bold_italic, 700, "italic"),
        ] {
            let Some(face) = book.faces.get(face) else {
                continue;
            };
            css.push_str(&format!(
                "@font-face {{ font-family: \"{}\"; src: url(\"{}\") format(\"truetype\"); font-weight: {weight}; font-style: {style}; }}\n",
                css_family(&family.name),
                font_file_name(&face.name)
            ));
        }
    }
    if let Some(first) = served.first() {
        css.push_str(&format!(
            ":root {{ --font-text: \"{}\", sans-serif; }}\n",
            css_family(&first.name)
        ));
    }
    css
}
