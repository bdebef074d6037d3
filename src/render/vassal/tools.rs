//! Render: a VASSAL module's toolbar tools — a button for each of the
//! game's dice (`DiceButton` for NdS dice, `SpecialDiceButton` with its
//! faces for a die of the game's own faces), a Charts window of the charts
//! and player aids as pictures (`ChartWindow`, a tab a chart), and a turn
//! tracker counting the game's turns (`TurnTracker`) — in the element and
//! attribute names of `VASSAL.build.module.*` and `VASSAL.build.widget.*`.

use std::fmt::Write as _;

use super::xml;
use crate::text::Words;

/// A die of the game: `count` dice of `sides` sides summed ("2d6"), or a
/// die with faces of its own, each face's symbols ("sword burst", "" for
/// a blank face).
#[derive(Clone, Debug, PartialEq)]
pub enum VassalDie {
    Standard { count: u32, sides: u32 },
    Faces { name: String, faces: Vec<String> },
}

/// A chart or a page of a player aid: its tab's name and its picture
/// under `images/`.
#[derive(Clone, Debug)]
pub struct VassalChart {
    pub name: String,
    pub image: String,
}

/// The turns a game is played in, first to last.
#[derive(Clone, Debug, PartialEq)]
pub struct VassalTurns {
    pub first: i64,
    pub last: i64,
}

/// A button per die: a standard die's total reported ("2d6 = 8"), a
/// special die's face by its symbols.
pub(super) fn dice_buttons(dice: &[VassalDie], words: &Words) -> String {
    let mut out = String::new();
    for die in dice {
        match die {
            VassalDie::Standard { count, sides } => {
                let name = format!("{count}d{sides}");
                let tip = xml(&Words::fill(&words.vassal_roll, &[("dice", &name)]));
                let _ = writeln!(
                    out,
                    "  <VASSAL.build.module.DiceButton addToTotal=\"0\" canDisable=\"false\" hotkey=\"\" icon=\"\" keepCount=\"1\" keepDice=\"false\" keepOption=\"&gt;\" lockAdd=\"false\" lockDice=\"false\" lockPlus=\"false\" lockSides=\"false\" nDice=\"{count}\" nSides=\"{sides}\" name=\"{name}\" plus=\"0\" prompt=\"false\" propertyGate=\"\" reportTotal=\"true\" sortDice=\"false\" text=\"{name}\" tooltip=\"{tip}\"/>"
                );
            }
            VassalDie::Faces { name, faces } => {
                let _ = writeln!(
                    out,
                    "  <VASSAL.build.module.SpecialDiceButton canDisable=\"false\" description=\"\" hotkey=\"\" icon=\"\" name=\"{0}\" propertyGate=\"\" resultButton=\"false\" resultChatter=\"true\" resultWindow=\"false\" text=\"{0}\" tooltip=\"{1}\">",
                    xml(name),
                    xml(&Words::fill(&words.vassal_roll_die, &[("die", name)]))
                );
                let _ = writeln!(
                    out,
                    "    <VASSAL.build.module.SpecialDie format=\"$result$\" name=\"{}\">",
                    xml(name)
                );
                for face in faces {
                    let symbols = crate::model::face_symbols(face).count();
                    let text = if symbols == 0 {
                        words.blank.clone()
                    } else {
                        face.split_whitespace().collect::<Vec<_>>().join(" ")
                    };
                    let _ = writeln!(
                        out,
                        "      <VASSAL.build.module.SpecialDieFace icon=\"\" text=\"{}\" value=\"{symbols}\"/>",
                        xml(&text)
                    );
                }
                out.push_str("    </VASSAL.build.module.SpecialDie>\n");
                out.push_str("  </VASSAL.build.module.SpecialDiceButton>\n");
            }
        }
    }
    out
}

/// The Charts window: a tab for each chart (none without charts).
pub(super) fn charts_window(charts: &[VassalChart], words: &Words) -> String {
    if charts.is_empty() {
        return String::new();
    }
    let (name, tip) = (xml(&words.vassal_charts), xml(&words.vassal_charts_tip));
    let mut out = format!(
        "  <VASSAL.build.module.ChartWindow description=\"\" hotkey=\"\" icon=\"\" name=\"{name}\" text=\"{name}\" tooltip=\"{tip}\">\n    <VASSAL.build.widget.TabWidget description=\"\" entryName=\"{name}\">\n"
    );
    for chart in charts {
        let _ = writeln!(
            out,
            "      <VASSAL.build.widget.Chart chartName=\"{}\" description=\"\" fileName=\"{}\"/>",
            xml(&chart.name),
            xml(&chart.image)
        );
    }
    out.push_str("    </VASSAL.build.widget.TabWidget>\n  </VASSAL.build.module.ChartWindow>\n");
    out
}

/// A turn tracker counting the turns from the first, reporting "Turn 3".
pub(super) fn turn_tracker(turns: &VassalTurns, words: &Words) -> String {
    let (turn, tip) = (xml(&words.turn), xml(&words.vassal_turn_tip));
    format!(
        "  <VASSAL.build.module.turn.TurnTracker buttonText=\"{turn}\" description=\"\" icon=\"\" name=\"{turn}\" tooltip=\"{tip}\" turnFormat=\"{turn} $level1$\">\n    <VASSAL.build.module.turn.CounterTurnLevel incr=\"1\" loop=\"false\" loopLimit=\"{}\" name=\"{turn}\" property=\"Turn\" start=\"{}\" turnFormat=\"$value$\"/>\n  </VASSAL.build.module.turn.TurnTracker>\n",
        turns.last, turns.first
    )
}
