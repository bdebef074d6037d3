//! The CSV card-list reader with a few field declarations of every kind a
//! cell is read as (text, int with a symbol, enum, faces), then written back.
#![no_main]

use std::path::PathBuf;

use grogpress::diag::{Diagnostics, Loc, Sources};
use grogpress::load::csv::{cards_from_csv, cards_to_csv};
use grogpress::load::toml::decode;
use grogpress::model::{FacesDecl, FieldDecl, FieldKind, Located};
use grogpress_fuzz::assert_located;
use libfuzzer_sys::fuzz_target;

fn field(name: &str, kind: FieldKind, optional: bool) -> FieldDecl {
    FieldDecl {
        name: name.into(),
        kind,
        optional,
        symbols: if name == "range" {
            vec![("K".into(), "as a Knight moves".into())]
        } else {
            Vec::new()
        },
        // The cost is bounded, so range checks are fuzzed too.
        min: (name == "cost").then(|| Located::new(-3, Loc::new(0, 0..0))),
        max: (name == "cost").then(|| Located::new(12, Loc::new(0, 0..0))),
        kind_loc: Loc::new(0, 0..0),
        loc: Loc::new(0, 0..0),
    }
}

fuzz_target!(|data: &[u8]| {
    let fields = vec![
        field("title", FieldKind::Text, false),
        field("cost", FieldKind::Int, true),
        field("range", FieldKind::Int, true),
        field(
            "who",
            FieldKind::Enum(vec!["Attacker".into(), "Defender".into()]),
            true,
        ),
        field("effect", FieldKind::Rich, true),
        field("owner", FieldKind::Ref("sides".into()), true),
        field(
            "faces",
            FieldKind::Faces(FacesDecl {
                sides_field: None,
                totals: Vec::new(),
            }),
            true,
        ),
    ];
    let mut sources = Sources::default();
    let mut diags = Diagnostics::default();
    let file = sources.add(PathBuf::from("cards.csv"), String::new());
    let (text, _) = decode(file, data.to_vec(), &mut diags);
    sources.set_text(file, text.clone());
    if let Some(cards) = cards_from_csv(file, &text, &fields, &mut diags) {
        assert!(cards_to_csv(&fields, &cards).is_ok());
    }
    assert_located(&diags, &sources);
});
