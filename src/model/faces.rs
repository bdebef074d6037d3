//! Model: dice with custom faces (symbols such as swords, bursts and
//! shields on each face) — the declaration of a faces field, the symbols on
//! a face, and exact fractions. The odds of one die against another are
//! `odds::opposed_dice`'s.

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

    #[test]
    fn counts_symbols() {
        assert_eq!(count_on("sword sword burst", "sword"), 2);
        assert_eq!(count_on("", "sword"), 0);
    }
}
