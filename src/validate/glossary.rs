//! Validate stage, the glossary: from the game's `[[glossary]]` entries to
//! diagnostics — a term (or alias) given twice, whatever its capitals, is a
//! `duplicate-value` pointing at both; an empty definition is an
//! `empty-definition`; unbalanced markup in a definition a warning.

use std::collections::HashMap;

use crate::diag::{Diagnostics, Loc};
use crate::model::GlossaryEntry;
use crate::text::rich_problem;

/// The most terms and aliases a glossary holds: each is looked for in the
/// whole rules prose, so the cost is the prose times the terms.
pub const MAX_GLOSSARY_FORMS: usize = 500;

pub fn validate_glossary(glossary: &[GlossaryEntry], diags: &mut Diagnostics) {
    let mut seen: HashMap<String, &Loc> = HashMap::new();
    let mut forms = 0;
    for entry in glossary {
        forms += entry.forms().count();
        if forms > MAX_GLOSSARY_FORMS {
            diags.push(crate::error!(
                "limit-exceeded",
                Some(entry.term.loc),
                "the glossary has more than {MAX_GLOSSARY_FORMS} terms and aliases";
                hint: "keep the glossary to the rules' own terms: each is looked for in every page"
            ));
            return;
        }
        for form in entry.forms() {
            let key = form.value.trim().to_lowercase();
            if key.is_empty() {
                diags.push(crate::error!(
                    "bad-value", Some(form.loc), "a glossary term or alias is empty";
                    hint: "write the term as the rules write it"
                ));
                continue;
            }
            match seen.get(&key) {
                Some(first) => diags.push(
                    crate::error!(
                        "duplicate-value", Some(form.loc),
                        "the glossary has the term `{}` twice", form.value;
                        hint: "each term (and alias) is defined once, whatever its capitals; merge the two entries"
                    )
                    .with_label(*(*first), "the first is here"),
                ),
                None => {
                    seen.insert(key, &form.loc);
                }
            }
        }
        let definition = &entry.definition;
        if definition.value.trim().is_empty() {
            diags.push(crate::error!(
                "empty-definition", Some(definition.loc),
                "the glossary term `{}` has an empty definition", entry.term.value;
                hint: "say what the term means, best in the rules' own words"
            ));
        } else if let Some((at, why)) = rich_problem(&definition.value) {
            diags.push(crate::warning!(
                "unbalanced-markup", Some(definition.loc),
                "in the definition of `{}`: {why}", entry.term.value;
                hint: "marker at character {} of the text; escape a literal star as \\\\*",
                definition.value[..at].chars().count() + 1
            ));
        }
    }
}
