//! Publish (diff): the rules as passages — each heading, paragraph, list
//! item, table row and code block of the rules pages, its words as a reader
//! sees them (line breaks in the Markdown are spaces) — and two versions'
//! passages matched: the same words in the same order are unchanged
//! wherever they now fall; the same words out of order have moved; what is
//! left is paired, in its place between unchanged passages, with the
//! passage it most resembles (changed), else added or removed.

use std::collections::{HashMap, HashSet, VecDeque};

use crate::diag::Loc;
use crate::model::Game;
use crate::model::rules::{Node, Tag};

/// One passage of the rules.
#[derive(Clone, Debug)]
pub struct Passage {
    /// The words, whitespace collapsed.
    pub text: String,
    /// The heading it falls under (its own words for a heading).
    pub section: String,
    pub heading: bool,
    pub loc: Loc,
}

/// How a new passage stands to the old ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pairing {
    Unchanged(usize),
    Moved(usize),
    Changed(usize),
    Added,
}

/// Whether a container holds a passage of its own.
fn is_passage(tag: &Tag) -> bool {
    matches!(
        tag,
        Tag::Paragraph
            | Tag::Heading(_)
            | Tag::Item
            | Tag::TableRow
            | Tag::TableHead
            | Tag::CodeBlock(_)
            | Tag::HtmlBlock
    )
}

/// Every passage of the game's rules pages, in reading order.
pub fn passages(game: &Game) -> Vec<Passage> {
    let mut out = Vec::new();
    let mut section = String::new();
    for page in &game.rules {
        // Open passages, innermost last: (text so far, is heading, start).
        let mut open: Vec<(String, bool, usize)> = Vec::new();
        for (node, span) in &page.doc.nodes {
            match node {
                Node::Start(tag) if is_passage(tag) => {
                    open.push((String::new(), matches!(tag, Tag::Heading(_)), span.start));
                }
                Node::End(tag) if is_passage(tag) => {
                    let Some((text, heading, start)) = open.pop() else {
                        continue;
                    };
                    let text = collapse(&text);
                    if text.is_empty() {
                        continue;
                    }
                    if heading {
                        section = text.clone();
                    }
                    out.push(Passage {
                        text,
                        section: section.clone(),
                        heading,
                        loc: Loc::new(page.file, start..span.end.max(start)),
                    });
                }
                Node::Text(s) | Node::Code(s) | Node::Html(s) | Node::InlineHtml(s) => {
                    if let Some((text, ..)) = open.last_mut() {
                        text.push_str(s);
                    }
                }
                Node::SoftBreak | Node::HardBreak | Node::End(Tag::TableCell) => {
                    if let Some((text, ..)) = open.last_mut() {
                        text.push(' ');
                    }
                }
                _ => {}
            }
        }
    }
    // Passages of a page come in the order they end; a list item ends after
    // its nested items: reading order is where each begins.
    out.sort_by_key(|p| (p.loc.file, p.loc.span.start));
    out
}

/// Whitespace runs as one space, none at the ends.
fn collapse(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// How each new passage stands to the old ones (in new order), and which
/// old passages no new one took (removed).
pub fn pair(old: &[Passage], new: &[Passage]) -> (Vec<Pairing>, Vec<usize>) {
    let mut by_text: HashMap<&str, VecDeque<usize>> = HashMap::new();
    for (i, p) in old.iter().enumerate() {
        by_text.entry(p.text.as_str()).or_default().push_back(i);
    }
    let mut pairing: Vec<Pairing> = vec![Pairing::Added; new.len()];
    let mut same: Vec<(usize, usize)> = Vec::new();
    for (j, p) in new.iter().enumerate() {
        if let Some(i) = by_text
            .get_mut(p.text.as_str())
            .and_then(VecDeque::pop_front)
        {
            same.push((j, i));
        }
    }
    // The longest run of pairs in the same order in both is unchanged; any
    // other pair has moved.
    let kept = longest_increasing(&same.iter().map(|&(_, i)| i).collect::<Vec<_>>());
    let kept: HashSet<usize> = kept.into_iter().collect();
    let mut taken = vec![false; old.len()];
    for (n, &(j, i)) in same.iter().enumerate() {
        taken[i] = true;
        pairing[j] = if kept.contains(&n) {
            Pairing::Unchanged(i)
        } else {
            Pairing::Moved(i)
        };
    }
    // The gaps between unchanged passages: each leftover passage, old or
    // new, by the number of unchanged passages before it.
    let anchors_new: Vec<usize> = same
        .iter()
        .enumerate()
        .filter(|(n, _)| kept.contains(n))
        .map(|(_, &(j, _))| j)
        .collect();
    let mut anchors_old: Vec<usize> = same
        .iter()
        .enumerate()
        .filter(|(n, _)| kept.contains(n))
        .map(|(_, &(_, i))| i)
        .collect();
    anchors_old.sort_unstable();
    let mut gaps_old: HashMap<usize, Vec<usize>> = HashMap::new();
    for i in (0..old.len()).filter(|&i| !taken[i]) {
        gaps_old
            .entry(anchors_old.partition_point(|&a| a < i))
            .or_default()
            .push(i);
    }
    let words_old: HashMap<usize, HashSet<String>> = gaps_old
        .values()
        .flatten()
        .map(|&i| (i, words(&old[i].text)))
        .collect();
    for j in 0..new.len() {
        if pairing[j] != Pairing::Added {
            continue;
        }
        let gap = anchors_new.partition_point(|&a| a < j);
        let Some(candidates) = gaps_old.get_mut(&gap) else {
            continue;
        };
        let mine = words(&new[j].text);
        let best = candidates
            .iter()
            .enumerate()
            .take(50)
            .filter(|(_, i)| old[**i].heading == new[j].heading)
            .map(|(at, &i)| (at, similarity(&mine, &words_old[&i])))
            .filter(|&(_, s)| s >= 0.4)
            .max_by(|a, b| a.1.total_cmp(&b.1));
        if let Some((at, _)) = best {
            let i = candidates.remove(at);
            taken[i] = true;
            pairing[j] = Pairing::Changed(i);
        }
    }
    let removed = (0..old.len()).filter(|&i| !taken[i]).collect();
    (pairing, removed)
}

fn words(text: &str) -> HashSet<String> {
    text.split_whitespace()
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase()
        })
        .filter(|w| !w.is_empty())
        .collect()
}

/// How much two passages share: twice their common words over all their words.
fn similarity(a: &HashSet<String>, b: &HashSet<String>) -> f64 {
    if a.is_empty() && b.is_empty() {
        return 1.0;
    }
    let common = a.intersection(b).count();
    2.0 * common as f64 / (a.len() + b.len()) as f64
}

/// The positions of a longest strictly increasing subsequence of `xs`
/// (patience sorting, n log n).
fn longest_increasing(xs: &[usize]) -> Vec<usize> {
    let mut tails: Vec<usize> = Vec::new();
    let mut prev: Vec<Option<usize>> = vec![None; xs.len()];
    for (n, &x) in xs.iter().enumerate() {
        let at = tails.partition_point(|&t| xs[t] < x);
        if at > 0 {
            prev[n] = Some(tails[at - 1]);
        }
        if at == tails.len() {
            tails.push(n);
        } else {
            tails[at] = n;
        }
    }
    let mut out = Vec::with_capacity(tails.len());
    let mut at = tails.last().copied();
    while let Some(n) = at {
        out.push(n);
        at = prev[n];
    }
    out.reverse();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn passages_of(texts: &[&str]) -> Vec<Passage> {
        texts
            .iter()
            .enumerate()
            .map(|(n, t)| Passage {
                text: t.to_string(),
                section: String::new(),
                heading: false,
                loc: Loc::new(0, n..n + 1),
            })
            .collect()
    }

    #[test]
    fn the_longest_increasing_run_is_found() {
        assert_eq!(longest_increasing(&[3, 0, 1, 4, 2, 5]), vec![1, 2, 4, 5]);
        assert!(longest_increasing(&[]).is_empty());
    }

    #[test]
    fn unchanged_moved_changed_added_and_removed_are_told_apart() {
        let old = passages_of(&[
            "Units move in the movement phase.",
            "Each hex costs one point.",
            "Rivers cost two more.",
            "Retreats are optional.",
            "Supply is traced five hexes.",
        ]);
        let new = passages_of(&[
            "Units move in the movement phase.",
            "Each hex costs two points.",
            "Supply is traced five hexes.",
            "Rivers cost two more.",
            "Night turns halve movement.",
        ]);
        let (pairing, removed) = pair(&old, &new);
        assert_eq!(
            pairing,
            vec![
                Pairing::Unchanged(0),
                Pairing::Changed(1),
                Pairing::Moved(4),
                Pairing::Unchanged(2),
                Pairing::Added,
            ]
        );
        assert_eq!(removed, vec![3]);
    }
}
