//! The rulebook's model of text extraction against the real thing: given
//! the words `pdftotext` finds on each page of every shipped rulebook, the
//! model (`grogpress::layout::extraction`) must group them into poppler's
//! blocks and read those blocks in poppler's order. The column flow relies
//! on it to keep column one's prose before column two's. The model follows
//! poppler 22.12 (Debian bookworm's poppler-utils, which `.ci/run` installs);
//! another poppler version that reads differently fails here first.

mod support;

use std::path::Path;

use grogpress::layout::extraction::{Block, Word, blocks, reading_order};
use support::tools::{self, page_count, tool};

/// A block as `pdftotext -bbox-layout` gives it: its box and its words.
struct PopplerBlock {
    bounds: [f32; 4],
    words: Vec<Word>,
}

fn attr(tag: &str, name: &str) -> f32 {
    tools::attr(tag, name) as f32
}

/// The blocks of one page, in pdftotext's reading order. A word's font size
/// and baseline come back from its box: DejaVu's ascent and descent make a
/// box 1.164 sizes tall, with the baseline 0.236 sizes above its foot (the
/// bold serif's box is a little taller; rounding to the quarter points our
/// sizes come in absorbs it).
fn poppler_blocks(pdf: &Path, page: usize) -> Vec<PopplerBlock> {
    let p = page.to_string();
    let xml = tool(
        "pdftotext",
        &[
            "-f",
            &p,
            "-l",
            &p,
            "-bbox-layout",
            pdf.to_str().expect("path"),
            "-",
        ],
    );
    let mut out: Vec<PopplerBlock> = Vec::new();
    for tag in xml.split('<').skip(1) {
        if tag.starts_with("block ") {
            out.push(PopplerBlock {
                bounds: ["xMin", "yMin", "xMax", "yMax"].map(|a| attr(tag, a)),
                words: Vec::new(),
            });
        } else if tag.starts_with("word ") {
            let (y0, y1) = (attr(tag, "yMin"), attr(tag, "yMax"));
            let size = ((y1 - y0) / 1.164 * 4.0).round() / 4.0;
            let word = Word {
                x0: attr(tag, "xMin"),
                x1: attr(tag, "xMax"),
                base: y1 - 0.236 * size,
                size,
                face: 0,
            };
            out.last_mut()
                .expect("a word inside a block")
                .words
                .push(word);
        }
    }
    out
}

fn same_box(block: &Block, bounds: [f32; 4]) -> bool {
    [block.x0, block.y0, block.x1, block.y1]
        .iter()
        .zip(bounds)
        .all(|(a, b)| (a - b).abs() < 1.0)
}

#[test]
fn the_model_groups_and_orders_every_rulebook_page_as_pdftotext_does() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let out = tmp.path().to_str().expect("path");
    let mut pages_checked = 0;
    let mut blocks_checked = 0;
    let mut wrong = Vec::new();
    for game in [
        "battlefront",
        "battlegrid",
        "bcs",
        "grid-battles",
        "grognards",
    ] {
        for layout in [&[][..], &["--paper", "a4"]] {
            let mut args = vec!["rulebook", game, "--out", out];
            args.extend_from_slice(layout);
            let run = support::grogpress(&args);
            assert_eq!(run.code, 0, "{}", run.stderr);
            let pdf = tmp.path().join(game).join(format!("{game}-rules.pdf"));
            for page in 1..=page_count(&pdf) {
                let poppler = poppler_blocks(&pdf, page);
                let words = poppler.iter().flat_map(|b| b.words.clone()).collect();
                let model = blocks(words);
                let order = reading_order(&model);
                pages_checked += 1;
                blocks_checked += poppler.len();
                let matches = order.len() == poppler.len()
                    && order
                        .iter()
                        .zip(&poppler)
                        .all(|(&k, p)| same_box(&model[k], p.bounds));
                if !matches {
                    wrong.push(format!("{game} {layout:?} page {page}"));
                }
            }
        }
    }
    assert!(
        pages_checked >= 100 && blocks_checked >= 1000,
        "{pages_checked} pages, {blocks_checked} blocks"
    );
    assert!(
        wrong.is_empty(),
        "the model reads these pages differently: {wrong:?}"
    );
}
