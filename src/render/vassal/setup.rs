//! Render: a scenario's set-up as VASSAL's saved game — the command
//! stream `GameState` writes (`begin_save`, an add-piece command for each
//! piece placed and each stack of them, `end_save`, joined by ESC), kept
//! in an obfuscated `savedGame` entry (`ObfuscatingOutputStream`) of a
//! zip, the `.vsav` a `PredefinedSetup` of the module names.

use super::piece::{Sequence, placed_counter_text};
use super::{VassalModule, xml};
use crate::render::zip::ZipWriter;

/// A scenario as a set-up: its name, the file it is saved as in the
/// module, and its pieces.
#[derive(Clone, Debug, PartialEq)]
pub struct VassalSetup {
    pub name: String,
    /// `<scenario id>.vsav`.
    pub file: String,
    pub placed: Vec<Placed>,
}

/// A copy of a counter piece put on a board: the piece (its side and place
/// in `VassalModule::counters`), the map window and the point. Copies at
/// one point stack, in order.
#[derive(Clone, Debug, PartialEq)]
pub struct Placed {
    pub side: usize,
    pub piece: usize,
    pub map: String,
    pub x: i64,
    pub y: i64,
}

/// The slot id (`gpid`) `build_file` gives a counter's piece slot: after
/// every card, in palette order.
pub(super) fn counter_gpid(module: &VassalModule, side: usize, piece: usize) -> usize {
    let cards: usize = module.decks.iter().map(|d| d.cards.len()).sum();
    let before: usize = module.counters[..side].iter().map(|(_, p)| p.len()).sum();
    cards + before + piece + 1
}

/// The command stream of a saved game holding the set-up's pieces, and
/// every copy of the counter mix it does not place on the counter mix's
/// board (`mix_point`): each
/// piece added on its map at its point, then a stack per point holding the
/// pieces there (a stack names its pieces, so they come first).
pub fn saved_game(module: &VassalModule, setup: &VassalSetup) -> String {
    let mut commands = Sequence::new('\u{1b}').push("begin_save");
    // Each point (map, x, y) and the ids of the pieces on it.
    type Point<'a> = (&'a str, i64, i64);
    let mut stacks: Vec<(Point<'_>, Vec<String>)> = Vec::new();
    let mut all = setup.placed.clone();
    for (side, (_, pieces)) in module.counters.iter().enumerate() {
        for (piece, counter) in pieces.iter().enumerate() {
            let used = setup
                .placed
                .iter()
                .filter(|p| p.side == side && p.piece == piece)
                .count();
            let (x, y) = super::mix::mix_point(side, piece);
            for _ in used..counter.count {
                all.push(Placed {
                    side,
                    piece,
                    map: module.words.vassal_mix.clone(),
                    x,
                    y,
                });
            }
        }
    }
    for (n, placed) in all.iter().enumerate() {
        let Some(counter) = module
            .counters
            .get(placed.side)
            .and_then(|(_, pieces)| pieces.get(placed.piece))
        else {
            continue;
        };
        let id = format!("{}", n + 1);
        let gpid = counter_gpid(module, placed.side, placed.piece);
        let state = Sequence::new(';')
            .push(&placed.map)
            .push(&placed.x.to_string())
            .push(&placed.y.to_string())
            .push(&gpid.to_string())
            .push("0")
            .value();
        commands = commands.push(&placed_counter_text(counter, &id, &state, &module.words));
        let at = (placed.map.as_str(), placed.x, placed.y);
        match stacks.iter_mut().find(|(p, _)| *p == at) {
            Some((_, ids)) => ids.push(id),
            None => stacks.push((at, vec![id])),
        }
    }
    for (n, ((map, x, y), ids)) in stacks.iter().enumerate() {
        let mut state = Sequence::new(';')
            .push(map)
            .push(&x.to_string())
            .push(&y.to_string());
        for id in ids {
            state = state.push(id);
        }
        let stack = Sequence::new('/')
            .push("+")
            .push(&format!("s{}", n + 1))
            .push("stack")
            .push(&state.value())
            .value();
        commands = commands.push(&stack);
    }
    commands.push("end_save").value()
}

/// The obfuscation key: any byte; VASSAL reads it from the stream.
const KEY: u8 = 0x5a;

/// A saved game's `.vsav`: the command stream, obfuscated as VASSAL writes
/// it ("!VCSK", the key, then each byte xor the key, in hex), in its
/// `savedGame` entry, with the module's name and version in `savedata`
/// (`SaveMetaData`) and `moduledata`.
pub fn setup_file(module: &VassalModule, setup: &VassalSetup) -> Result<Vec<u8>, String> {
    let stream = saved_game(module, setup);
    let mut obfuscated = format!("!VCSK{KEY:02x}");
    for b in stream.bytes() {
        obfuscated.push_str(&format!("{:02x}", b ^ KEY));
    }
    let data = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<data version=\"1\"><version>1</version><VassalVersion>{}</VassalVersion><dateSaved>0</dateSaved><description>{}</description><moduleName>{}</moduleName><moduleVersion>{}</moduleVersion></data>\n",
        super::VASSAL_VERSION,
        xml(&setup.name),
        xml(&module.name),
        xml(&module.version)
    );
    let mut zip = ZipWriter::default();
    zip.add("savedGame", obfuscated.as_bytes())
        .map_err(|e| e.to_string())?;
    zip.add("savedata", data.as_bytes())
        .map_err(|e| e.to_string())?;
    zip.add("moduledata", super::module_data(module).as_bytes())
        .map_err(|e| e.to_string())?;
    zip.finish().map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::vassal::VassalCounter;
    use crate::render::vassal::mix::mix_point;

    #[test]
    fn a_set_up_leaves_what_it_does_not_place_in_the_counter_mix() {
        let counter = |name: &str, count| VassalCounter {
            name: name.into(),
            front: format!("{name}-f.png"),
            back: format!("{name}-b.png"),
            count,
            reduced: false,
        };
        let module = VassalModule {
            counters: vec![("Blue".into(), vec![counter("Foot", 3), counter("Horse", 1)])],
            ..VassalModule::default()
        };
        let setup = VassalSetup {
            name: "Ford".into(),
            file: "ford.vsav".into(),
            placed: vec![Placed {
                side: 0,
                piece: 0,
                map: "Map".into(),
                x: 10,
                y: 20,
            }],
        };
        let stream = saved_game(&module, &setup);
        let (x, y) = mix_point(0, 0);
        let mix = &crate::text::Words::english().vassal_mix;
        let foot_in_mix = format!("{mix};{x};{y};");
        let horse = mix_point(0, 1);
        let horse_in_mix = format!("{mix};{};{};", horse.0, horse.1);
        let pieces: Vec<&str> = stream.split('\u{1b}').collect();
        let on_map = |p: &&&str| p.contains("Map;10;20;") && !p.contains("/stack/");
        assert_eq!(pieces.iter().filter(on_map).count(), 1);
        assert_eq!(
            pieces
                .iter()
                .filter(|p| p.starts_with("+/")
                    && p.contains(&foot_in_mix)
                    && !p.contains("/stack/"))
                .count(),
            2,
            "two of three Foot left: {stream}"
        );
        assert_eq!(
            pieces
                .iter()
                .filter(|p| p.contains(&horse_in_mix) && !p.contains("/stack/"))
                .count(),
            1
        );
    }
}
