//! Model: what a terrain type or a map feature does in play — its movement
//! cost for each movement class (or that the class may not enter), the
//! combat-table column shift and die-roll modifier it gives a defender, and
//! any other named effect — and the words the terrain effects chart and the
//! map's legend print for them. Plain data with source locations.

use super::Located;

/// The movement-class key that stands for every class.
pub const ALL_CLASSES: &str = "all";

/// The largest movement cost (or addition) a terrain or feature may give.
pub const MAX_MOVE_COST: u32 = 99;

/// The largest column shift or die-roll modifier, either way, one terrain gives.
pub const MAX_TERRAIN_MODIFIER: i64 = 20;

/// What entering a terrain (or crossing, or moving along, a feature) costs
/// one movement class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveCost {
    /// This many movement points.
    Cost(u32),
    /// This many points more than the terrain entered ("+2"): a feature.
    Add(u32),
    /// The class may not enter (or cross).
    Prohibited,
}

impl MoveCost {
    /// As a terrain effects chart prints it in `words`: "2", "+1", "P"
    /// (the word `tec_prohibited`).
    pub fn short(self, words: &crate::text::Words) -> String {
        match self {
            MoveCost::Cost(n) => n.to_string(),
            MoveCost::Add(n) => format!("+{n}"),
            MoveCost::Prohibited => words.tec_prohibited.clone(),
        }
    }
}

/// A terrain's (or feature's) effects, as the map file declares them.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct TerrainEffects {
    /// The cost per movement class (`all`: every class not named), in the
    /// file's order.
    pub moves: Vec<(Located<String>, MoveCost)>,
    /// The combat-table column shift a defender here gets (negative: left).
    pub shift: Option<Located<i64>>,
    /// The die-roll modifier a combat against a defender here gets.
    pub drm: Option<Located<i64>>,
    /// Other effects, by name ("Line of sight" = "Blocked"), in order.
    pub other: Vec<(Located<String>, Located<String>)>,
}

impl TerrainEffects {
    /// Whether anything is declared.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty() && self.shift.is_none() && self.drm.is_none() && self.other.is_empty()
    }

    /// The cost for `class`: its own entry, else the `all` entry.
    pub fn move_cost(&self, class: &str) -> Option<MoveCost> {
        let find = |name: &str| {
            self.moves
                .iter()
                .find(|(c, _)| c.value == name)
                .map(|(_, m)| *m)
        };
        find(class).or_else(|| find(ALL_CLASSES))
    }

    pub fn shift(&self) -> i64 {
        self.shift.as_ref().map_or(0, |s| s.value)
    }

    pub fn drm(&self) -> i64 {
        self.drm.as_ref().map_or(0, |s| s.value)
    }

    /// What it does to combat, as a chart prints it: "−1 column, −1 DRM";
    /// `None` when it does nothing.
    pub fn combat_text(&self, words: &crate::text::Words) -> Option<String> {
        use crate::text::Words;
        let signed = |n: i64| {
            if n < 0 {
                format!("\u{2212}{}", n.unsigned_abs())
            } else {
                format!("+{n}")
            }
        };
        let mut parts = Vec::new();
        match self.shift() {
            0 => {}
            n if n.abs() == 1 => parts.push(Words::fill(&words.tec_column, &[("n", &signed(n))])),
            n => parts.push(Words::fill(&words.tec_columns, &[("n", &signed(n))])),
        }
        if self.drm() != 0 {
            parts.push(Words::fill(&words.tec_drm_n, &[("n", &signed(self.drm()))]));
        }
        (!parts.is_empty()).then(|| parts.join(", "))
    }

    /// The other effect named `name`, if declared.
    pub fn other(&self, name: &str) -> Option<&str> {
        self.other
            .iter()
            .find(|(n, _)| n.value == name)
            .map(|(_, v)| v.value.as_str())
    }

    /// One line saying everything it does, for the map's legend, in
    /// `words`, each of the map's `classes` (id, name) by its name:
    /// "Move: foot 2, tracked 3, wheeled P · Combat: −1 column · Line of sight: Blocked".
    pub fn summary(&self, classes: &[(String, String)], words: &crate::text::Words) -> String {
        use crate::text::Words;
        let mut parts = Vec::new();
        if !self.moves.is_empty() {
            let all = self.move_cost(ALL_CLASSES);
            let costs: Vec<String> = if classes.is_empty()
                || classes
                    .iter()
                    .all(|(c, _)| self.move_cost(c) == all && all.is_some())
            {
                all.map(|m| vec![m.short(words)]).unwrap_or_default()
            } else {
                classes
                    .iter()
                    .filter_map(|(c, name)| {
                        let cost = self.move_cost(c)?.short(words);
                        Some(format!("{name} {cost}"))
                    })
                    .collect()
            };
            if !costs.is_empty() {
                let costs = costs.join(", ");
                parts.push(Words::fill(&words.legend_move, &[("costs", &costs)]));
            }
        }
        parts.extend(
            self.combat_text(words)
                .map(|c| Words::fill(&words.legend_combat, &[("effects", &c)])),
        );
        parts.extend(
            self.other
                .iter()
                .map(|(n, v)| format!("{}: {}", n.value, v.value)),
        );
        if parts.is_empty() {
            words.legend_none.clone()
        } else {
            parts.join(" \u{b7} ")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Loc;

    fn at<T>(value: T) -> Located<T> {
        Located::new(value, Loc::new(0, 0..0))
    }

    #[test]
    fn a_class_takes_its_own_cost_else_the_cost_for_all() {
        let e = TerrainEffects {
            moves: vec![
                (at("all".to_string()), MoveCost::Cost(2)),
                (at("wheeled".to_string()), MoveCost::Prohibited),
            ],
            shift: Some(at(-1)),
            drm: Some(at(-2)),
            other: vec![(at("Line of sight".to_string()), at("Blocked".to_string()))],
        };
        assert_eq!(e.move_cost("foot"), Some(MoveCost::Cost(2)));
        assert_eq!(e.move_cost("wheeled"), Some(MoveCost::Prohibited));
        assert_eq!(
            e.combat_text(crate::text::Words::english()).as_deref(),
            Some("\u{2212}1 column, \u{2212}2 DRM")
        );
        let english = crate::text::Words::english();
        let classes =
            [("foot", "foot"), ("wheeled", "wheeled")].map(|(c, n)| (c.to_string(), n.to_string()));
        assert_eq!(
            e.summary(&classes, english),
            "Move: foot 2, wheeled P \u{b7} Combat: \u{2212}1 column, \u{2212}2 DRM \u{b7} Line of sight: Blocked"
        );
        assert_eq!(
            TerrainEffects::default().summary(&classes, english),
            "No effect"
        );
        assert_eq!(MoveCost::Add(2).short(english), "+2");
        // In German, each class by its name and in the language's words.
        let german = crate::text::Words::for_language("de");
        let named =
            [("foot", "Zu Fuß"), ("wheeled", "Räder")].map(|(c, n)| (c.to_string(), n.to_string()));
        assert_eq!(
            e.summary(&named, &german),
            "Bewegung: Zu Fuß 2, Räder V \u{b7} Kampf: \u{2212}1 Spalte, \u{2212}2 WM \u{b7} Line of sight: Blocked"
        );
        assert_eq!(
            TerrainEffects::default().summary(&named, &german),
            "Keine Wirkung"
        );
    }
}
