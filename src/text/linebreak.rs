//! Text: total-fit line breaking (Knuth and Plass, as TeX does it) — the
//! breaks of a whole paragraph chosen together, with TeX's demerits and
//! penalties. Input: the places a line may end, measured; output: the chosen
//! ones and how much each line's spaces stretch or shrink.

/// What kind of place a line may end at.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BreakKind {
    /// At a space between words.
    Space,
    /// Inside a word, where a hyphen is set.
    Hyphen,
    /// A line must end here: a hard line break or the paragraph's end. The
    /// line before it is set at its natural width, as a last line.
    Forced,
}

/// A place a line may end. Widths are from the paragraph's start at its
/// natural spacing; stretch and shrink are the spaces' totals to there.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Break {
    pub kind: BreakKind,
    /// Where a line ending here ends (its hyphen not counted).
    pub end: f32,
    /// Where the next line starts (past the space, if any).
    pub start: f32,
    pub stretch_end: f32,
    pub stretch_start: f32,
    pub shrink_end: f32,
    pub shrink_start: f32,
    /// The hyphen's width, set when a line ends here.
    pub hyphen: f32,
}

impl Break {
    /// The paragraph's start: where the first line starts.
    pub const START: Break = Break {
        kind: BreakKind::Space,
        end: 0.0,
        start: 0.0,
        stretch_end: 0.0,
        stretch_start: 0.0,
        shrink_end: 0.0,
        shrink_start: 0.0,
        hyphen: 0.0,
    };
}

/// How lines are judged.
#[derive(Clone, Copy, Debug)]
pub struct Measure {
    pub width: f32,
    /// Stretch every line has besides its spaces': a ragged right margin
    /// (TeX's `\rightskip 0pt plus 2em`); 0 for justified text.
    pub line_stretch: f32,
    /// The worst badness a line may have (TeX's `\tolerance`); `None`
    /// takes any line whose spaces need not shrink below their minimum.
    pub tolerance: Option<f32>,
    /// Whether lines may end at hyphens.
    pub hyphens: bool,
}

/// TeX's `\linepenalty`, `\hyphenpenalty`, `\adjdemerits` and `\doublehyphendemerits`.
/// The hyphen penalty is eight times TeX's 50: a line of rules text takes a
/// hyphen only where it spares a line spaces half as wide again as they
/// should be (tuned against typst on the shipped rules, bench/linequality:
/// fewer hyphens and fewer loose lines than typst's).
const LINE_PENALTY: f32 = 10.0;
const HYPHEN_PENALTY: f32 = 400.0;
const ADJ_DEMERITS: f32 = 10_000.0;
const DOUBLE_HYPHEN_DEMERITS: f32 = 10_000.0;
/// At most this many lines in a row end in a hyphen: never two.
const MAX_HYPHENS_IN_A_ROW: u8 = 1;

/// A line chosen: it ends at break `end` (an index into the breaks), and its
/// spaces change by `ratio` times their stretch (positive) or shrink
/// (negative); 0 for a last line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Chosen {
    pub end: usize,
    pub ratio: f32,
}

/// A feasible break reached by a best path so far.
struct Node {
    at: usize,
    parent: Option<usize>,
    demerits: f32,
    fitness: u8,
    /// Lines in a row ending in a hyphen up to here.
    hyphens: u8,
    ratio: f32,
}

/// The breaks of a paragraph with the least total demerits: `breaks[0]` is
/// [`Break::START`], the last is [`BreakKind::Forced`]. None when no set of
/// lines meets the measure (a word wider than the line, or a tolerance too strict).
pub fn total_fit(breaks: &[Break], measure: Measure) -> Option<Vec<Chosen>> {
    // Mostly one node a feasible break: room for that at the start.
    let mut nodes = Vec::with_capacity(breaks.len());
    nodes.push(Node {
        at: 0,
        parent: None,
        demerits: 0.0,
        fitness: 1,
        hyphens: 0,
        ratio: 0.0,
    });
    let mut active: Vec<usize> = vec![0];
    let mut best: Vec<Node> = Vec::new();
    for (b, here) in breaks.iter().enumerate().skip(1) {
        if here.kind == BreakKind::Hyphen && !measure.hyphens {
            continue;
        }
        // Best new node per fitness class (and hyphen count), as TeX keeps one per class.
        best.clear();
        let mut k = 0;
        while k < active.len() {
            let a = &nodes[active[k]];
            let from = &breaks[a.at];
            let natural = here.end - from.start + here.hyphen;
            let ratio = line_ratio(here, from, natural, measure);
            if ratio < -1.0 {
                // Too full already: later breaks only make it fuller.
                active.remove(k);
                continue;
            }
            k += 1;
            let badness = badness(ratio);
            if measure.tolerance.is_some_and(|t| badness > t) {
                if ratio > 0.0 {
                    // Too loose: the active nodes after this one (later
                    // breaks, shorter lines) are looser still.
                    break;
                }
                continue;
            }
            let hyphens = if here.kind == BreakKind::Hyphen {
                a.hyphens + 1
            } else {
                0
            };
            // Never two hyphens in a row; never a paragraph (or the text
            // before a hard break) ending on the rest of a hyphenated word.
            if hyphens > MAX_HYPHENS_IN_A_ROW
                || (here.kind == BreakKind::Forced && from.kind == BreakKind::Hyphen)
            {
                continue;
            }
            let fitness = fitness(ratio);
            // Without a tolerance (the last pass, where no line can meet
            // one), lines are told apart by how loose they really are: with
            // TeX's cap every line past it would cost the same, and a tie
            // that keeps two words together could leave one spread across
            // the whole line where a line a little loose was there to take.
            let badness = match measure.tolerance {
                Some(_) => badness,
                None => excess_badness(ratio),
            };
            let mut demerits = (LINE_PENALTY + badness).powi(2);
            if here.kind == BreakKind::Hyphen {
                demerits += HYPHEN_PENALTY.powi(2);
                if a.hyphens > 0 {
                    demerits += DOUBLE_HYPHEN_DEMERITS;
                }
            }
            if fitness.abs_diff(a.fitness) > 1 {
                demerits += ADJ_DEMERITS;
            }
            let total = a.demerits + demerits;
            let node = Node {
                at: b,
                parent: Some(active[k - 1]),
                demerits: total,
                fitness,
                hyphens,
                ratio,
            };
            match best
                .iter_mut()
                .find(|n| n.fitness == fitness && n.hyphens == hyphens)
            {
                Some(n) if n.demerits <= total => {}
                Some(n) => *n = node,
                None => best.push(node),
            }
        }
        if here.kind == BreakKind::Forced {
            // A forced break ends every line before it.
            active.clear();
        }
        for node in best.drain(..) {
            active.push(nodes.len());
            nodes.push(node);
        }
        if active.is_empty() {
            return None;
        }
    }
    let last = breaks.len() - 1;
    let end = active
        .iter()
        .copied()
        .filter(|&n| nodes[n].at == last)
        .min_by(|&x, &y| nodes[x].demerits.total_cmp(&nodes[y].demerits))?;
    let mut chosen = Vec::new();
    let mut n = Some(end);
    while let Some(i) = n {
        if nodes[i].at == 0 {
            break;
        }
        chosen.push(Chosen {
            end: nodes[i].at,
            ratio: nodes[i].ratio,
        });
        n = nodes[i].parent;
    }
    chosen.reverse();
    Some(chosen)
}

/// How far a line from `from` to `here`, `natural` wide, stretches (0 to 1
/// and beyond) or shrinks (0 to -1, less is too full). A last line has
/// infinite stretch: 0 when it is not too full.
fn line_ratio(here: &Break, from: &Break, natural: f32, measure: Measure) -> f32 {
    let room = measure.width - natural;
    if room >= -1e-4 {
        if here.kind == BreakKind::Forced {
            return 0.0;
        }
        let stretch = here.stretch_end - from.stretch_start + measure.line_stretch;
        if room <= 1e-4 {
            0.0
        } else if stretch > 1e-6 {
            room / stretch
        } else {
            f32::INFINITY
        }
    } else {
        let shrink = here.shrink_end - from.shrink_start;
        if shrink > 1e-6 {
            room / shrink
        } else {
            f32::NEG_INFINITY
        }
    }
}

/// TeX's badness: 100 times the cube of the ratio, at most 10,000.
fn badness(ratio: f32) -> f32 {
    if ratio.is_infinite() {
        return 10_000.0;
    }
    (100.0 * ratio.abs().powi(3)).min(10_000.0)
}

/// Badness past TeX's cap: 100 times the cube of the ratio, so a line twice
/// as loose costs eight times as much; a line with no space to stretch
/// (one word) costs more than any that has one.
fn excess_badness(ratio: f32) -> f32 {
    if ratio.is_infinite() {
        return 1e12;
    }
    (100.0 * ratio.abs().powi(3)).min(1e11)
}

/// TeX's fitness classes: 0 tight, 1 decent, 2 loose, 3 very loose.
fn fitness(ratio: f32) -> u8 {
    if ratio < -0.5 {
        0
    } else if ratio <= 0.5 {
        1
    } else if ratio <= 1.0 {
        2
    } else {
        3
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Breaks for words of the given widths with spaces of 1 (stretch 0.5,
    /// shrink 1/3), hyphen points as (word, prefix width) and a forced end.
    fn breaks(words: &[f32], hyphen_points: &[(usize, f32)]) -> Vec<Break> {
        let mut out = vec![Break::START];
        let (mut x, mut stretch, mut shrink) = (0.0, 0.0, 0.0);
        for (i, w) in words.iter().enumerate() {
            for &(_, prefix) in hyphen_points.iter().filter(|(k, _)| *k == i) {
                out.push(Break {
                    kind: BreakKind::Hyphen,
                    end: x + prefix,
                    start: x + prefix,
                    stretch_end: stretch,
                    stretch_start: stretch,
                    shrink_end: shrink,
                    shrink_start: shrink,
                    hyphen: 0.5,
                });
            }
            x += w;
            let last = i + 1 == words.len();
            out.push(Break {
                kind: if last {
                    BreakKind::Forced
                } else {
                    BreakKind::Space
                },
                end: x,
                start: x + 1.0,
                stretch_end: stretch,
                stretch_start: stretch + 0.5,
                shrink_end: shrink,
                shrink_start: shrink + 1.0 / 3.0,
                hyphen: 0.0,
            });
            x += 1.0;
            stretch += 0.5;
            shrink += 1.0 / 3.0;
        }
        out
    }

    fn measure(width: f32) -> Measure {
        Measure {
            width,
            line_stretch: 0.0,
            tolerance: None,
            hyphens: true,
        }
    }

    #[test]
    fn total_fit_takes_a_looser_line_early_to_spare_a_bad_one_later() {
        // "aaa bb cc ddddd" in 6, ragged: greedy sets "aaa bb" / "cc" (a
        // gap of 4); total fit sets "aaa" / "bb cc" (gaps of 3 and 1).
        let b = breaks(&[3.0, 2.0, 2.0, 5.0], &[]);
        let ragged = Measure {
            line_stretch: 2.0,
            ..measure(6.0)
        };
        let lines = total_fit(&b, ragged).expect("fits");
        let ends: Vec<usize> = lines.iter().map(|l| l.end).collect();
        assert_eq!(ends, vec![1, 3, 4]);
        assert_eq!(lines[2].ratio, 0.0, "the last line is not stretched");
    }

    #[test]
    fn no_hyphen_before_a_last_line_nor_two_in_a_row() {
        // Every word can only be split in two; a line fits one word and a bit.
        let words = [6.0; 6];
        let points: Vec<(usize, f32)> = (0..6).map(|i| (i, 3.0)).collect();
        let b = breaks(&words, &points);
        let lines = total_fit(&b, measure(10.0)).expect("fits");
        let kinds: Vec<BreakKind> = lines.iter().map(|l| b[l.end].kind).collect();
        assert_ne!(kinds[kinds.len() - 2], BreakKind::Hyphen, "{kinds:?}");
        assert!(kinds.contains(&BreakKind::Hyphen), "{kinds:?}");
        assert!(
            !kinds
                .windows(2)
                .any(|w| w.iter().all(|k| *k == BreakKind::Hyphen)),
            "{kinds:?}"
        );
    }

    #[test]
    fn a_word_wider_than_the_line_has_no_fit() {
        let b = breaks(&[4.0, 30.0], &[]);
        assert!(total_fit(&b, measure(10.0)).is_none());
    }

    #[test]
    fn past_any_tolerance_the_least_loose_line_is_taken() {
        // Five short words, then one (a tied pair) too wide to join them:
        // the first line is loose past TeX's cap whichever break it takes,
        // and it takes all five words rather than spread four.
        let b = breaks(&[1.0, 1.0, 1.0, 1.0, 1.0, 12.0, 3.0], &[]);
        let lines = total_fit(&b, measure(20.0)).expect("fits");
        assert_eq!(
            lines[0].end,
            5,
            "{:?}",
            lines.iter().map(|l| l.end).collect::<Vec<_>>()
        );
    }

    #[test]
    fn a_strict_tolerance_may_leave_no_fit() {
        let b = breaks(&[4.0, 4.0, 9.0], &[]);
        let strict = Measure {
            tolerance: Some(100.0),
            ..measure(11.0)
        };
        assert!(total_fit(&b, strict).is_none());
        assert!(total_fit(&b, measure(11.0)).is_some());
    }
}
