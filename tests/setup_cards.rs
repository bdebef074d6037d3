//! Set-up cards and counters of a game whose units carry long names and
//! no icons, written in French from the data format alone: every counter
//! prints its whole name (two lines between its corners) at the default
//! 5/8 in size, and a side's set-up card heads its units of no formation
//! with the units collection's own name, never an English word.

mod support;
use support::build_ok;
use support::editions::pdf_text;
use support::hero_game::write;
use support::tools::word_boxes;

const GAME: &str = r##"name = "La Campagne"
language = "fr"

[[sides]]
id = "fr"
name = "Français"
color = "#9FB4E0"

[[sides]]
id = "co"
name = "Coalisés"
color = "#E0A8A6"

[[collections]]
id = "unites"
file = "unites.toml"

[[maps]]
id = "carte"
file = "carte.toml"

[[scenarios]]
file = "scenarios/hiver.toml"

[publish]
rulebook = false

[publish.counters]
units = "unites"
top_left = "force"
top_right = "moral"
bottom_left = "mouvement"
bottom_right = "force"

[[publish.counters.sides]]
name = "Français"
units = { garde = 1 }

[[publish.counters.sides]]
name = "Coalisés"
units = { silesie = 1, boheme = 1 }
"##;

const UNITS: &str = r##"name = "Unités"

[[fields]]
name = "force"
kind = "int"

[[fields]]
name = "moral"
kind = "int"

[[fields]]
name = "mouvement"
kind = "int"

[[items]]
id = "garde"
name = "Garde impériale"
force = 6
moral = 5
mouvement = 2

[[items]]
id = "silesie"
name = "Armée de Silésie"
force = 5
moral = 3
mouvement = 2

[[items]]
id = "boheme"
name = "Armée de Bohême"
force = 5
moral = 2
mouvement = 1
"##;

const MAP: &str = r##"name = "Champagne"
grid = "hex"
columns = 6
rows = 4
cell = "0.75in"
default = "plaine"

[[terrain]]
id = "plaine"
color = "#E6DDB8"
"##;

const SCENARIO: &str = r##"name = "L'hiver 1814"
map = "carte"
turns = 3

[[setup]]
side = "Français"
hex = "0202"
units = ["garde"]

[[setup]]
side = "Coalisés"
hex = "0503"
units = ["silesie", "boheme"]
"##;

fn campagne(dir: &std::path::Path) -> std::path::PathBuf {
    write(
        dir,
        "campagne",
        &[
            ("game.toml", GAME.as_bytes()),
            ("unites.toml", UNITS.as_bytes()),
            ("carte.toml", MAP.as_bytes()),
            ("scenarios/hiver.toml", SCENARIO.as_bytes()),
        ],
    )
}

/// The words of `pdf`, page by page, as pdftotext reads them.
fn words(pdf: &std::path::Path) -> Vec<String> {
    word_boxes(pdf)
        .into_iter()
        .flat_map(|(_, words)| words.into_iter().map(|(w, _)| w))
        .collect()
}

#[test]
fn long_names_of_counters_without_icons_print_whole() {
    let dir = tempfile::tempdir().expect("tempdir");
    let game = campagne(dir.path());
    let out = dir.path().join("out");
    build_ok(&game, &out);
    let counters = words(&out.join("campagne/counters.pdf"));
    for name in ["Garde impériale", "Armée de Silésie", "Armée de Bohême"] {
        for word in name.split(' ') {
            assert!(
                counters.iter().any(|w| w == word),
                "{word} of {name} missing from counters.pdf: {counters:?}"
            );
        }
    }
}

#[test]
fn set_up_cards_head_units_of_no_formation_with_the_collection_name() {
    let dir = tempfile::tempdir().expect("tempdir");
    let game = campagne(dir.path());
    let out = dir.path().join("out");
    build_ok(&game, &out);
    let setup = pdf_text(&out.join("campagne/hiver-setup.pdf"));
    assert_eq!(
        setup.matches("Unités").count(),
        2,
        "one heading per side's card: {setup}"
    );
    assert!(!setup.contains("Units"), "{setup}");
    let page = std::fs::read_to_string(out.join("campagne/html/scenario-hiver.html"))
        .expect("the scenario page");
    assert!(page.contains("Unités"), "the HTML set-up too");
    assert!(!page.contains(">Units<"), "no English heading in the HTML");
}
