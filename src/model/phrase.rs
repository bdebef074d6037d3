//! Model: phrases — card text in one of a few declared forms, with slots that
//! name items of a collection ("Play an Extra {types}" matches "Play an Extra
//! Artillery"), so an ability is structured data while the card keeps the
//! words it prints.

use crate::diag::Loc;

/// One declared form of a phrase field: an id and the ways it is written.
#[derive(Clone, Debug, PartialEq)]
pub struct PhraseForm {
    pub id: String,
    /// Each text is literal words and `{collection}` slots. All texts of a
    /// form mean the same ("Opposing {types} Negated" = "Negate Opposing {types}").
    pub texts: Vec<String>,
    pub loc: Loc,
}

/// A value read against the forms: which form, and what each slot holds.
#[derive(Clone, Debug, PartialEq)]
pub struct Phrase {
    pub form: String,
    /// (collection, the words in the slot).
    pub slots: Vec<(String, String)>,
}

#[derive(Clone, Debug, PartialEq)]
enum Piece {
    Words(String),
    Slot(String),
}

/// Splits "Play an Extra {types}" into words and slots; None if a brace is unmatched.
fn pieces(text: &str) -> Option<Vec<Piece>> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let close = rest[open..].find('}')? + open;
        if open > 0 {
            out.push(Piece::Words(rest[..open].to_string()));
        }
        let name = rest[open + 1..close].trim();
        if name.is_empty() || name.contains('{') {
            return None;
        }
        out.push(Piece::Slot(name.to_string()));
        rest = &rest[close + 1..];
    }
    if rest.contains('}') {
        return None;
    }
    if !rest.is_empty() {
        out.push(Piece::Words(rest.to_string()));
    }
    Some(out)
}

/// The collections a form's text names in its slots; Err with the text when
/// its braces do not pair up.
pub fn form_slots(text: &str) -> Result<Vec<String>, String> {
    let p = pieces(text).ok_or_else(|| text.to_string())?;
    Ok(p.into_iter()
        .filter_map(|p| match p {
            Piece::Slot(s) => Some(s),
            Piece::Words(_) => None,
        })
        .collect())
}

/// Reads `value` against the forms. Words match without regard to case
/// ("play an extra Infantry" is "Play an Extra {types}"); a slot takes at
/// least one character.
pub fn read_phrase(forms: &[PhraseForm], value: &str) -> Option<Phrase> {
    read_phrases(forms, value).into_iter().next()
}

/// Every reading of `value`: one for each form text whose words it
/// matches, in the order the forms are declared (so a caller can take the
/// first whose slots name real items).
pub fn read_phrases(forms: &[PhraseForm], value: &str) -> Vec<Phrase> {
    let mut found = Vec::new();
    for form in forms {
        for text in &form.texts {
            let Some(p) = pieces(text) else { continue };
            let mut slots = Vec::new();
            if match_pieces(&p, value.trim(), &mut slots) {
                found.push(Phrase {
                    form: form.id.clone(),
                    slots,
                });
            }
        }
    }
    found
}

fn match_pieces(p: &[Piece], s: &str, slots: &mut Vec<(String, String)>) -> bool {
    match p.split_first() {
        None => s.is_empty(),
        Some((Piece::Words(w), rest)) => {
            let n = w.len();
            s.get(..n).is_some_and(|head| head.eq_ignore_ascii_case(w))
                && match_pieces(rest, &s[n..], slots)
        }
        Some((Piece::Slot(name), rest)) => {
            // Try every split point, shortest slot first.
            for (i, _) in s.char_indices().skip(1).chain([(s.len(), ' ')]) {
                let taken = &s[..i];
                slots.push((name.clone(), taken.trim().to_string()));
                if !taken.trim().is_empty() && match_pieces(rest, &s[i..], slots) {
                    return true;
                }
                slots.pop();
            }
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn forms() -> Vec<PhraseForm> {
        let f = |id: &str, texts: &[&str]| PhraseForm {
            id: id.into(),
            texts: texts.iter().map(|t| t.to_string()).collect(),
            loc: Loc::new(0, 0..0),
        };
        vec![
            f("scout", &["Scout"]),
            f("extra", &["Play an Extra {types}"]),
            f(
                "negate",
                &["Opposing {types} Negated", "Negate Opposing {types}"],
            ),
        ]
    }

    #[test]
    fn reads_each_form() {
        let read = |s: &str| read_phrase(&forms(), s);
        assert_eq!(
            read("Scout"),
            Some(Phrase {
                form: "scout".into(),
                slots: vec![]
            })
        );
        assert_eq!(
            read("play an extra Infantry"),
            Some(Phrase {
                form: "extra".into(),
                slots: vec![("types".into(), "Infantry".into())]
            })
        );
        let negated = read("Opposing Fort Negated");
        assert_eq!(
            negated.map(|p| p.slots),
            Some(vec![("types".into(), "Fort".into())])
        );
        assert_eq!(
            read("Negate Opposing Leader").map(|p| p.form),
            Some("negate".into())
        );
        assert_eq!(read("Play an Extra "), None);
        assert_eq!(read("Scouts"), None);
        assert_eq!(read("Opposing Negated"), None);
    }

    #[test]
    fn slots_of_a_form() {
        assert_eq!(
            form_slots("Play an Extra {types}"),
            Ok(vec!["types".to_string()])
        );
        assert!(form_slots("Play an {types").is_err());
        assert!(form_slots("Play }").is_err());
    }
}
