//! Editor schemas: `grogpress schema` writes JSON Schemas that taplo (the
//! engine of VS Code's Even Better TOML) accepts every shipped data file
//! against, that reject an unknown key in every section, that leave no key
//! the loaders check untyped, and that a game made with `new` (or copied
//! with `new --from`) names in its `#:schema` lines. The shipped files are
//! tied to the committed `schemas/` by the repository's `.taplo.toml`; both
//! are checked to be what `grogpress schema` and the loaded games give.
//! Needs the taplo CLI (`npm install -g @taplo/cli`, as .ci/run does); set
//! TAPLO to use another binary.

mod support;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use support::raw::{dump, grogpress};

fn taplo() -> String {
    std::env::var("TAPLO").unwrap_or_else(|_| "taplo".to_string())
}

/// `taplo lint` of files, against `schema` (or each file's own `#:schema`).
/// (One run per schema: each start of taplo takes seconds.)
fn lint(files: &[PathBuf], schema: Option<&Path>) -> Output {
    let mut cmd = Command::new(taplo());
    cmd.arg("lint").env("RUST_LOG", "error");
    if let Some(schema) = schema {
        cmd.arg("--schema")
            .arg(format!("file://{}", schema.display()));
    }
    cmd.args(files).output().unwrap_or_else(|e| {
        panic!(
            "cannot run `{} lint` ({e}); install it with `npm install -g @taplo/cli`",
            taplo()
        )
    })
}

fn schemas() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("schemas");
    let out = grogpress(&["schema", dir.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(0), "{}", dump(&out));
    (tmp, dir)
}

fn root(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
}

/// Every kind of data file, by its schema's name.
const KINDS: &[&str] = &[
    "game",
    "deck",
    "collection",
    "table",
    "chart",
    "aid",
    "map",
    "scenario",
    "sheets",
    "layout",
    "fonts",
];

/// Every data file of the repository with the schema it follows.
fn data_files() -> Vec<(PathBuf, &'static str)> {
    let mut files = vec![
        (root("data/sheets.toml"), "sheets"),
        (root("fonts/fonts.toml"), "fonts"),
    ];
    for dir in ["templates/labels", "templates/cards"] {
        let mut layouts: Vec<PathBuf> = std::fs::read_dir(root(dir))
            .expect("templates")
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        layouts.sort();
        files.extend(layouts.into_iter().map(|p| (p, "layout")));
    }
    let mut games: Vec<PathBuf> = std::fs::read_dir(root("data"))
        .expect("data")
        .flatten()
        .map(|e| e.path())
        .chain([
            root("tests/fixtures/ok-minimal"),
            root("tests/fixtures/csv/game"),
        ])
        .filter(|p| p.join("game.toml").is_file())
        .collect();
    games.sort();
    for dir in games {
        let mut sources = grogpress::diag::Sources::default();
        let mut diags = grogpress::diag::Diagnostics::default();
        let game = grogpress::load::load_game(&dir, &mut sources, &mut diags)
            .expect("readable")
            .expect("loads");
        let game_toml = dir.join("game.toml");
        let mut add = |file: grogpress::diag::FileId, kind: &'static str| {
            let path = sources.path(file).to_path_buf();
            // Collections and tables written inline are part of game.toml.
            if path != game_toml && !files.iter().any(|(f, _)| *f == path) {
                files.push((path, kind));
            }
        };
        for deck in &game.decks {
            add(deck.loc.file, "deck");
        }
        for collection in &game.collections {
            add(collection.loc.file, "collection");
        }
        for table in &game.random_tables {
            add(table.loc.file, "table");
        }
        // Maps first: a map's terrain effects chart is a chart read from the map file.
        for map in &game.maps {
            add(map.loc.file, "map");
        }
        for chart in &game.charts {
            add(chart.loc.file, "chart");
        }
        for aid in &game.aids {
            add(aid.loc.file, "aid");
        }
        for scenario in &game.scenarios {
            add(scenario.loc.file, "scenario");
        }
        files.push((game_toml, "game"));
    }
    files
}

fn of_kind(files: &[(PathBuf, &str)], kind: &str) -> Vec<PathBuf> {
    files
        .iter()
        .filter(|(_, k)| *k == kind)
        .map(|(f, _)| f.clone())
        .collect()
}

#[test]
fn every_shipped_data_file_follows_its_schema() {
    let (_tmp, dir) = schemas();
    let files = data_files();
    for kind in KINDS {
        let files = of_kind(&files, kind);
        assert!(!files.is_empty(), "no {kind} file checked");
        let out = lint(&files, Some(&dir.join(format!("{kind}.schema.json"))));
        assert!(
            out.status.success(),
            "{files:?} against {kind}.schema.json:\n{}",
            dump(&out)
        );
    }
}

/// The repository's `.taplo.toml`: each shipped file tied to its schema in `schemas/`.
fn taplo_config(files: &[(PathBuf, &str)]) -> String {
    let mut out = String::from(
        "# Which schema of schemas/ each shipped data file follows, for taplo and\n\
         # editors built on it (VS Code's Even Better TOML, Helix, Zed). Written\n\
         # by tests/schema.rs, which fails when a data file is added: paste the\n\
         # text it prints. Regenerate schemas/ with `grogpress schema schemas`.\n",
    );
    for kind in KINDS {
        let mut rel: Vec<String> = of_kind(files, kind)
            .iter()
            .filter_map(|f| f.strip_prefix(root("")).ok())
            .filter(|f| !f.starts_with("tests"))
            .map(|f| format!("  \"{}\",\n", f.display()))
            .collect();
        rel.sort();
        out.push_str(&format!(
            "\n[[rule]]\ninclude = [\n{}]\n[rule.schema]\npath = \"schemas/{kind}.schema.json\"\n",
            rel.concat()
        ));
    }
    out
}

#[test]
fn shipped_files_are_tied_to_the_committed_schemas() {
    // schemas/ is what `grogpress schema` writes today.
    let (_tmp, dir) = schemas();
    for kind in KINDS {
        let name = format!("{kind}.schema.json");
        let generated = std::fs::read_to_string(dir.join(&name)).expect("generated");
        let committed = std::fs::read_to_string(root("schemas").join(&name)).unwrap_or_default();
        assert!(
            generated == committed,
            "schemas/{name} is stale: run `grogpress schema schemas`"
        );
    }
    // .taplo.toml names every shipped data file with its schema.
    let files = data_files();
    let want = taplo_config(&files);
    let have = std::fs::read_to_string(root(".taplo.toml")).unwrap_or_default();
    assert!(
        want == have,
        ".taplo.toml does not list every data file with its schema; it should read:\n{want}"
    );
    // And taplo, run from the repository, finds and passes them through it.
    let shipped: Vec<PathBuf> = files
        .iter()
        .map(|(f, _)| f.clone())
        .filter(|f| !f.starts_with(root("tests")))
        .collect();
    let out = Command::new(taplo())
        .arg("lint")
        .env("RUST_LOG", "error")
        .current_dir(root(""))
        .args(&shipped)
        .output()
        .expect("run taplo");
    assert!(out.status.success(), "{}", dump(&out));
    // Through the config, a typo in a shipped file is reported.
    let tmp = tempfile::tempdir().expect("temp dir");
    let copy = tmp.path().join("repo");
    for f in [".taplo.toml", "data/bcs/charts/combat.toml"] {
        std::fs::create_dir_all(copy.join(f).parent().expect("parent")).expect("mkdir");
        std::fs::copy(root(f), copy.join(f)).expect("copy");
    }
    std::fs::create_dir_all(copy.join("schemas")).expect("mkdir");
    std::fs::copy(
        dir.join("chart.schema.json"),
        copy.join("schemas/chart.schema.json"),
    )
    .expect("copy");
    let chart = copy.join("data/bcs/charts/combat.toml");
    let text = std::fs::read_to_string(&chart).expect("read");
    std::fs::write(
        &chart,
        text.replacen("kind = \"results\"", "kind = \"results\"\ncolumn = 1", 1),
    )
    .expect("write");
    let out = Command::new(taplo())
        .arg("lint")
        .env("RUST_LOG", "error")
        .current_dir(&copy)
        .arg("data/bcs/charts/combat.toml")
        .output()
        .expect("run taplo");
    assert!(!out.status.success(), "{}", dump(&out));
    assert!(String::from_utf8_lossy(&out.stderr).contains("'column' was unexpected"));
}

#[test]
fn only_cards_and_items_are_open() {
    // Every key has a type: the loaders read keys through the very
    // declarations the schemas are written from (`load::spec`).
    // The only open tables: cards and items, whose keys are the fields the
    // file itself declares (checked by the loader, not knowable to a schema
    // shared by every deck); the keys every item has are still required.
    assert_eq!(
        grogpress::load::schema::open_keys(),
        vec![
            "game.schema.json.collections[][no file].items",
            "deck.schema.json.cards|1",
            "collection.schema.json.items",
        ]
    );
}

/// (file, text to find, what to put instead, schema, the unknown key).
type Typo = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
);

/// An unknown key in each section of each kind of file.
const TYPOS: &[Typo] = &[
    (
        "tests/fixtures/bad/unknown-key-game/game.toml",
        "",
        "",
        "game",
        "colour",
    ),
    (
        "data/grid-battles/game.toml",
        "id = \"dice\"\n",
        "id = \"dice\"\nfiel = \"x\"\n",
        "game",
        "fiel",
    ),
    (
        "data/battlefront/game.toml",
        "id = \"foes\"\n",
        "id = \"foes\"\nroll = \"1d6\"\n",
        "game",
        "roll",
    ),
    (
        "data/grid-battles/game.toml",
        "[dice_combat]\n",
        "[dice_combat]\nhits = \"x\"\n",
        "game",
        "hits",
    ),
    (
        "data/grid-battles/game.toml",
        "[[publish.aids]]\n",
        "[[publish.aids]]\nmargins = \"x\"\n",
        "game",
        "margins",
    ),
    (
        "data/grid-battles/game.toml",
        "[publish.counters]\n",
        "[publish.counters]\nsize = 1\n",
        "game",
        "size",
    ),
    (
        "data/grid-battles/game.toml",
        "[[publish.counters.sides]]\n",
        "[[publish.counters.sides]]\ncolour = 1\n",
        "game",
        "colour",
    ),
    (
        "data/battlefront/game.toml",
        "[[publish.cards]]\n",
        "[[publish.cards]]\npaper = 1\n",
        "game",
        "paper",
    ),
    (
        "data/battlefront/game.toml",
        "[[publish.card_lists]]\n",
        "[[publish.card_lists]]\ngroup = 1\n",
        "game",
        "group",
    ),
    (
        "tests/fixtures/ok-minimal/cards.toml",
        "title_field = ",
        "titel_field = ",
        "deck",
        "titel_field",
    ),
    (
        "data/battlefront/cards.toml",
        "{ id = \"scout\"",
        "{ ids = 1, id = \"scout\"",
        "deck",
        "ids",
    ),
    (
        "data/battlefront/cards.toml",
        "complete = { field",
        "complete = { fields = 1, field",
        "deck",
        "fields",
    ),
    (
        "data/grognards/cards.toml",
        "[[constraints.when]]\n",
        "[[constraints.when]]\nrequires = 1\n",
        "deck",
        "requires",
    ),
    (
        "data/grognards/cards.toml",
        "[constraints]\n",
        "[constraints]\nsizes = 1\n",
        "deck",
        "sizes",
    ),
    (
        "data/grid-battles/dice.toml",
        "sides = \"sides\"\n",
        "sides = \"sides\"\ntotal = 1\n",
        "collection",
        "total",
    ),
    (
        "data/grid-battles/base-types.toml",
        "cycle = ",
        "cycles = ",
        "collection",
        "cycles",
    ),
    (
        "data/battlefront/tables/foes.toml",
        "name = ",
        "title = ",
        "table",
        "title",
    ),
    (
        "data/battlefront/tables/foes.toml",
        "roll = \"1\"\n",
        "roll = \"1\"\nresults = \"x\"\n",
        "table",
        "results",
    ),
    (
        "data/bcs/charts/combat.toml",
        "title = \"Combat\"",
        "titel = \"Combat\"",
        "chart",
        "titel",
    ),
    (
        "data/bcs/charts/combat.toml",
        "kind = \"results\"\n",
        "kind = \"results\"\ncolumn = 1\n",
        "chart",
        "column",
    ),
    (
        "data/bcs/charts/combat.toml",
        "{ roll = \"5-6\"",
        "{ rolls = \"5\", roll = \"5-6\"",
        "chart",
        "rolls",
    ),
    (
        "data/bcs/charts/combat.toml",
        "{ code = \"A#\"",
        "{ codes = 1, code = \"A#\"",
        "chart",
        "codes",
    ),
    (
        "data/bcs/charts/combat.toml",
        "kind = \"ranges\"\n",
        "kind = \"ranges\"\nspan = 1\n",
        "chart",
        "span",
    ),
    (
        "data/bcs/charts/combat.toml",
        "heading = \"Attacker-Only\"\n",
        "heading = \"Attacker-Only\"\nentry = 1\n",
        "chart",
        "entry",
    ),
    (
        "data/bcs/charts/combat.toml",
        "{ lead = \"Suppression",
        "{ only = 1, lead = \"Suppression",
        "chart",
        "only",
    ),
    (
        "data/bcs/charts/combat.toml",
        "{ text = \"Regular Attack\"",
        "{ values = 1, text = \"Regular Attack\"",
        "chart",
        "values",
    ),
    (
        "data/bcs/charts/combat.toml",
        "{ text = \"Double OBJ Zone\"",
        "{ texts = 1, text = \"Double OBJ Zone\"",
        "chart",
        "texts",
    ),
    (
        "data/bcs/charts/isolation.toml",
        "lookup = { keys",
        "lookup = { key = 1, keys",
        "chart",
        "key",
    ),
    (
        "data/bcs/charts/isolation.toml",
        "{ cells = [\"Yes\"",
        "{ cell = 1, cells = [\"Yes\"",
        "chart",
        "cell",
    ),
    (
        "data/bcs/charts/isolation.toml",
        "kind = \"notes\"\n",
        "kind = \"notes\"\nnote = 1\n",
        "chart",
        "note",
    ),
    (
        "data/bcs/charts/crib.toml",
        "[[blocks.sections]]\n",
        "[[blocks.sections]]\nheadings = 1\n",
        "chart",
        "headings",
    ),
    (
        "data/bcs/charts/sequence.toml",
        "{ title = \"Preparation.\"",
        "{ actors = 1, title = \"Preparation.\"",
        "chart",
        "actors",
    ),
    (
        "data/bcs/charts/sequence.toml",
        "{ text = \"MSR is **not Complete**",
        "{ item = 1, text = \"MSR is **not Complete**",
        "chart",
        "item",
    ),
    (
        "data/battlegrid/player-aid.toml",
        "kind = \"values\"\n",
        "kind = \"values\"\ntext = \"x\"\n",
        "aid",
        "text",
    ),
    (
        "templates/cards/back.toml",
        "[[frames]]\n",
        "[[frames]]\ncolor = 1\n",
        "layout",
        "color",
    ),
    (
        "data/battlegrid/templates/labels/battlegrid-action.toml",
        "[[regions]]\n",
        "[[regions]]\nfont = 1\n",
        "layout",
        "font",
    ),
    (
        "data/sheets.toml",
        "[[sheet]]\n",
        "[[sheet]]\nlabels = 1\n",
        "sheets",
        "labels",
    ),
    (
        "fonts/fonts.toml",
        "[[family]]\n",
        "[[family]]\nmono = 1\n",
        "fonts",
        "mono",
    ),
    (
        "data/grognards/maps/board.toml",
        "[[terrain]]\n",
        "[[terrain]]\nheight = 1\n",
        "map",
        "height",
    ),
    (
        "data/river-line/scenarios/the-crossing.toml",
        "[[setup]]\n",
        "[[setup]]\nfacing = 1\n",
        "scenario",
        "facing",
    ),
];

#[test]
fn an_unknown_key_fails() {
    let (tmp, dir) = schemas();
    for kind in KINDS {
        assert!(
            TYPOS.iter().any(|t| t.3 == *kind),
            "no typo tried in a {kind} file"
        );
    }
    // One taplo run per schema: each start of taplo takes seconds.
    for kind in KINDS {
        let mut files = Vec::new();
        let mut keys = Vec::new();
        for (i, (file, find, put, _, key)) in TYPOS.iter().filter(|t| t.3 == *kind).enumerate() {
            let text = std::fs::read_to_string(root(file)).expect("read");
            let typo = if find.is_empty() {
                text.clone()
            } else {
                assert!(text.contains(find), "{file} has no `{find}`");
                text.replacen(find, put, 1)
            };
            let path = tmp.path().join(format!("{kind}-{i}.toml"));
            std::fs::write(&path, typo).expect("write");
            files.push(path);
            keys.push(*key);
        }
        let out = lint(&files, Some(&dir.join(format!("{kind}.schema.json"))));
        assert!(!out.status.success(), "{kind}: passed\n{}", dump(&out));
        let said = String::from_utf8_lossy(&out.stderr);
        // Every file is reported, at its own typo.
        for (file, key) in files.iter().zip(keys) {
            let name = file.display().to_string();
            assert!(
                said.split("error:")
                    .any(|e| e.contains(&format!("'{key}' was unexpected")) && e.contains(&name)),
                "{name}: no '{key}' was unexpected in\n{said}"
            );
        }
    }
}

#[test]
fn a_new_game_names_its_schemas() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = tmp.path().join("g");
    let made = grogpress(&["new", game.to_str().expect("utf-8")]);
    assert_eq!(made.status.code(), Some(0), "{}", dump(&made));
    let files = [
        "game.toml",
        "action-cards.toml",
        "player-aid.toml",
        "charts/combat.toml",
        "templates/labels/action-card.toml",
    ];
    for f in files {
        let text = std::fs::read_to_string(game.join(f)).expect("read");
        assert!(text.starts_with("#:schema "), "{f} has no #:schema line");
    }
    let all: Vec<PathBuf> = files.iter().map(|f| game.join(f)).collect();
    let out = lint(&all, None);
    assert!(out.status.success(), "{}", dump(&out));
    // A typo is underlined through the directive alone.
    let aid = game.join("player-aid.toml");
    let text = std::fs::read_to_string(&aid).expect("read");
    std::fs::write(&aid, text.replace("title = ", "titel = ")).expect("write");
    let out = lint(&[aid], None);
    assert!(!out.status.success(), "{}", dump(&out));
    assert!(String::from_utf8_lossy(&out.stderr).contains("'titel' was unexpected"));
}

#[test]
fn a_copied_game_names_its_schemas() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let mut all = Vec::new();
    for from in ["grid-battles", "bcs", "battlefront"] {
        let game = tmp.path().join(from);
        let made = grogpress(&["new", game.to_str().expect("utf-8"), "--from", from]);
        assert_eq!(made.status.code(), Some(0), "{}", dump(&made));
        let files: Vec<PathBuf> = data_files()
            .into_iter()
            .filter_map(|(f, _)| {
                f.strip_prefix(root("data").join(from))
                    .ok()
                    .map(|r| game.join(r))
            })
            .collect();
        assert!(files.len() > 1, "{from}: {files:?}");
        for f in &files {
            let text = std::fs::read_to_string(f).expect("read");
            assert!(
                text.starts_with("#:schema "),
                "{} has no #:schema line",
                f.display()
            );
        }
        all.extend(files);
    }
    let out = lint(&all, None);
    assert!(out.status.success(), "{}", dump(&out));
    // The copies still check clean.
    let check = grogpress(&["check", tmp.path().join("bcs").to_str().expect("utf-8")]);
    assert_eq!(check.status.code(), Some(0), "{}", dump(&check));
}
