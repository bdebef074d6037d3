//! Rules Markdown: the parsed page (`parse_rules`: its shortcodes, card
//! mentions and nodes), `parse_shortcode`, `data_anchor`, the rulebook's
//! blocks (`read_blocks`, `link_mentions`) and the HTML reference's page
//! body (`render_markdown`), over the same text.
#![no_main]

use std::ops::Range;

use grogpress::internals::{RulebookBlock, link_mentions, read_blocks};
use grogpress::load::rules::{parse_rules, parse_shortcode};
use grogpress::model::{Shortcode, data_anchor};
use grogpress::internals::RenderError;
use grogpress::internals::{PageLinks, UsedIds, render_markdown};
use grogpress::internals::TableNames;
use libfuzzer_sys::fuzz_target;

struct Links {
    names: TableNames,
}

impl PageLinks for Links {
    fn card_href(&mut self, title: &str) -> Option<String> {
        (title == "Great Road").then(|| "#card-action-great-road".to_string())
    }
    fn shortcode(&mut self, code: &Shortcode) -> Result<String, RenderError> {
        match code.name.as_str() {
            "fail" => Err(RenderError::Shortcode("no such thing".into())),
            _ => Ok(format!("<div>{}</div>", code.args.len())),
        }
    }
    fn icon(&self, name: &str) -> Option<String> {
        matches!(name, "sword" | "shield").then(|| "<svg></svg>".to_string())
    }
    fn table_mentions(&self, text: &str) -> Vec<(Range<usize>, String)> {
        self.names
            .find(text)
            .into_iter()
            .map(|(r, t)| (r, format!("#table-{t}")))
            .collect()
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(md) = std::str::from_utf8(data) else {
        return;
    };
    let doc = parse_rules(md);
    for (_, span) in &doc.nodes {
        assert!(span.start <= span.end && span.end <= md.len(), "{span:?}");
    }
    for p in &doc.problems {
        assert!(
            p.span.start <= p.span.end && p.span.end <= md.len(),
            "{p:?}"
        );
    }
    for code in &doc.shortcodes {
        assert!(code.span.end <= md.len() && code.name_span.end <= md.len());
        let _ = data_anchor(code);
    }
    // The shortcode parser on its own, wherever a `{{` starts.
    if let Some(at) = md.find("{{") {
        let _ = parse_shortcode(&md[at..], at);
    }
    let names = TableNames::new([("Combat Table", 0), ("Terrain Effects Chart", 1)]);
    let anchors = ["#table-combat".to_string(), "#table-terrain".to_string()];
    for mut block in read_blocks(&doc, &["sword", "shield"]) {
        link_mentions(&mut block, &names, &anchors);
        if let RulebookBlock::Para { links, plain, .. } = &block {
            let solid = plain.chars().filter(|c| !c.is_whitespace()).count();
            for l in links {
                assert!(
                    l.chars.start <= l.chars.end && l.chars.end <= solid,
                    "{l:?}"
                );
            }
        }
    }
    let mut used = UsedIds::default();
    let _ = render_markdown(&doc, &mut used, &mut Links { names });
});
