//! Model: dice with custom faces (Grid Battles' swords, bursts and shields) —
//! the declaration of a faces field, and the exact distribution of hits when
//! an attack die meets a defense die.

/// The most faces a die may have: more is surely a mistake, and every face
/// is drawn and counted.
pub const MAX_FACES: usize = 1000;

/// The `limit-exceeded` error for a die of `faces` faces, at `loc`.
pub fn too_many_faces(field: &str, faces: usize, loc: crate::diag::Loc) -> crate::diag::Diagnostic {
    crate::error!(
        "limit-exceeded", Some(loc), "`{field}` lists {faces} faces; a die has at most {MAX_FACES}";
        hint: "give the die its real faces, one entry per face"
    )
}

/// How a `faces` field is checked: the int field that gives the die's number
/// of sides, and int fields that record how many of a symbol the die bears.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FacesDecl {
    /// The field holding the number of sides (`sides = "sides"`).
    pub sides_field: Option<String>,
    /// (symbol, field holding its total over all faces).
    pub totals: Vec<(String, String)>,
}

/// The symbols on one face, written "sword sword burst" ("" = blank).
pub fn face_symbols(face: &str) -> impl Iterator<Item = &str> {
    face.split_whitespace()
}

/// A die's faces as one line of text: "sword · blank · sword burst".
pub fn faces_text(faces: &[super::Located<String>]) -> String {
    let names: Vec<&str> = faces
        .iter()
        .map(|f| {
            if f.value.is_empty() {
                "blank"
            } else {
                f.value.as_str()
            }
        })
        .collect();
    names.join(" · ")
}

/// How many times `symbol` appears on a face.
pub fn count_on(face: &str, symbol: &str) -> u32 {
    face_symbols(face).filter(|s| *s == symbol).count() as u32
}

/// One attack: the attack die's faces against the defense die's faces. Hits
/// are the attack die's `hit` symbols (plus its `bonus` symbols when the
/// attacker has the bonus) less the defense die's `block` symbols, never below 0.
pub struct Attack<'a> {
    pub attack_faces: &'a [String],
    pub defense_faces: &'a [String],
    pub hit: &'a str,
    pub bonus: &'a str,
    pub block: &'a str,
    pub with_bonus: bool,
}

/// The exact distribution of hits: `ways[h]` of `outcomes` equally likely
/// rolls give `h` hits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HitDistribution {
    pub ways: Vec<u64>,
    pub outcomes: u64,
}

impl HitDistribution {
    /// Expected hits as a fraction (numerator, denominator), reduced.
    pub fn expected(&self) -> (u64, u64) {
        let total: u64 = self
            .ways
            .iter()
            .enumerate()
            .map(|(h, w)| h as u64 * w)
            .sum();
        reduce(total, self.outcomes)
    }
}

pub fn hit_distribution(a: &Attack<'_>) -> HitDistribution {
    let mut ways: Vec<u64> = Vec::new();
    for attack in a.attack_faces {
        let mut dealt = count_on(attack, a.hit);
        if a.with_bonus {
            dealt += count_on(attack, a.bonus);
        }
        for defense in a.defense_faces {
            let hits = dealt.saturating_sub(count_on(defense, a.block)) as usize;
            if ways.len() <= hits {
                ways.resize(hits + 1, 0);
            }
            ways[hits] += 1;
        }
    }
    HitDistribution {
        ways,
        outcomes: (a.attack_faces.len() * a.defense_faces.len()) as u64,
    }
}

/// A fraction in lowest terms.
pub fn reduce(n: u64, d: u64) -> (u64, u64) {
    let g = gcd(n, d).max(1);
    (n / g, d / g)
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn faces(f: &[&str]) -> Vec<String> {
        f.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn counts_symbols() {
        assert_eq!(count_on("sword sword burst", "sword"), 2);
        assert_eq!(count_on("", "sword"), 0);
    }

    #[test]
    fn two_dice_by_hand() {
        // Attack: blank, sword, sword burst. Defense: blank, shield.
        let attack = faces(&["", "sword", "sword burst"]);
        let defense = faces(&["", "shield"]);
        let mut a = Attack {
            attack_faces: &attack,
            defense_faces: &defense,
            hit: "sword",
            bonus: "burst",
            block: "shield",
            with_bonus: false,
        };
        // Without bonus: hits 0 (blank x2, sword-shield x2), 1 (sword-blank x2).
        assert_eq!(
            hit_distribution(&a),
            HitDistribution {
                ways: vec![4, 2],
                outcomes: 6
            }
        );
        a.with_bonus = true;
        // With: sword burst gives 2 vs blank, 1 vs shield.
        let d = hit_distribution(&a);
        assert_eq!(d.ways, vec![3, 2, 1]);
        assert_eq!(d.expected(), (2, 3));
    }
}
