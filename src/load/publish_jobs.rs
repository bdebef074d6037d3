//! Load stage: game.toml's `[publish]` (its jobs — labels, aids, cards,
//! card lists, counters — and its options), read against the declarations
//! in [`super::game`], into the model's [`Publish`].

use super::game::{
    CardSheets, Flip, RulebookAlign, aid_job, card_job, card_list_job, counter_face, counter_image,
    counter_marker, counter_side, counters, label_job, options, publish,
};
use super::spec::Tab;
use super::toml::{Reader, Table};
use crate::model::{
    AidJob, CardJob, CardListJob, CounterFace, CounterImage, CounterJob, CounterMarker,
    CounterSide, LabelJob, Located, Publish, PublishOptions,
};

pub(super) fn publish(r: &mut Reader<'_>, t: &Table<'_>) -> Publish {
    use publish as k;
    let t = r.open(t, &k::DEF);
    let rulebook = r.get(&t, k::rulebook).unwrap_or(true);
    let labels = r
        .get(&t, k::labels)
        .iter()
        .filter_map(|l| {
            let l = r.open(l, &label_job::DEF);
            let deck = r.get(&l, label_job::deck);
            let sheet = r.get(&l, label_job::sheet);
            let layout = r.get(&l, label_job::layout);
            Some(LabelJob {
                deck: deck?,
                sheet: sheet?,
                layout: layout?,
            })
        })
        .collect();
    let aids = r
        .get(&t, k::aids)
        .iter()
        .filter_map(|a| {
            let a = r.open(a, &aid_job::DEF);
            let aid = r.get(&a, aid_job::aid)?;
            let copies = match r.get(&a, aid_job::copies) {
                None => 1,
                Some(c) if aid_job::copies.admits(c.value) => c.value as usize,
                Some(c) => {
                    r.diags.push(crate::error!(
                        "bad-value", Some(c.loc), "copies = {} is out of range", c.value;
                        hint: "an aid page holds 1 to 4 copies side by side"
                    ));
                    1
                }
            };
            let margin = match r.get(&a, aid_job::margin) {
                Some(m) if m.value < 0.0 => {
                    r.diags.push(crate::error!(
                        "bad-value", Some(m.loc), "a margin of {} pt is less than none", m.value;
                        hint: "give a length of 0 or more, e.g. \"0.5in\""
                    ));
                    None
                }
                m => m.map(|m| m.value),
            };
            Some(AidJob {
                aid,
                copies,
                margin,
            })
        })
        .collect();
    let cards = r
        .get(&t, k::cards)
        .iter()
        .filter_map(|c| {
            let c = r.open(c, &card_job::DEF);
            let deck = r.get(&c, card_job::deck);
            let layout = r.get(&c, card_job::layout);
            let back = r.get(&c, card_job::back);
            let size = r.get(&c, card_job::size);
            Some(CardJob {
                deck: deck?,
                layout: layout?,
                back: back?,
                size,
            })
        })
        .collect();
    let card_lists = r
        .get(&t, k::card_lists)
        .iter()
        .filter_map(|c| {
            let c = r.open(c, &card_list_job::DEF);
            let deck = r.get(&c, card_list_job::deck)?;
            let group_by = r.get(&c, card_list_job::group_by);
            Some(CardListJob { deck, group_by })
        })
        .collect();
    let counters = r.get(&t, k::counters).and_then(|c| counters(r, &c));
    let options = r
        .get(&t, k::options)
        .map(|o| publish_options(r, &o))
        .unwrap_or_default();
    Publish {
        labels,
        aids,
        cards,
        rulebook,
        card_lists,
        counters,
        options,
    }
}

fn publish_options(r: &mut Reader<'_>, t: &Table<'_>) -> PublishOptions {
    let t = r.open(t, &options::DEF);
    let [paper, chart_paper, card_paper, rulebook_paper] = [
        options::paper,
        options::chart_paper,
        options::card_paper,
        options::rulebook_paper,
    ]
    .map(|key| r.get(&t, key).map(|size| size.value.paper()));
    let flip_short = r.get(&t, options::flip).map(|f| f.value == Flip::Short);
    let gutterfold = r
        .get(&t, options::card_sheets)
        .map(|f| f.value == CardSheets::Gutterfold);
    let rulebook_ragged = r
        .get(&t, options::rulebook_align)
        .map(|a| a.value == RulebookAlign::Ragged);
    let counter_size = r.get(&t, options::counter_size).and_then(|size| {
        crate::load::parse_counter_size(&size.value)
            .map_err(|why| {
                r.diags.push(crate::error!(
                    "bad-value", Some(size.loc), "{why}";
                    hint: "write a fraction of an inch (\"3/4\") or a length (\"19mm\")"
                ));
            })
            .ok()
    });
    let columns = r.get(&t, options::rulebook_columns);
    let rulebook_columns = columns.and_then(|c| {
        if options::rulebook_columns.admits(c.value) {
            usize::try_from(c.value).ok()
        } else {
            r.diags.push(crate::error!(
                "out-of-range",
                Some(c.loc), "a rulebook has 1 or 2 columns, not {}", c.value;
                hint: "write 1 or 2"
            ));
            None
        }
    });
    PublishOptions {
        odds: r.get(&t, options::odds).unwrap_or(false),
        paper,
        chart_paper,
        card_paper,
        flip_short,
        gutterfold,
        bleed: r.get(&t, options::bleed),
        counter_size,
        rulebook_paper,
        rulebook_columns,
        rulebook_ragged,
        rule_numbers: r.get(&t, options::rule_numbers).unwrap_or(false),
        label_offset: (
            r.get(&t, options::label_offset_x).map(|l| l.value),
            r.get(&t, options::label_offset_y).map(|l| l.value),
        ),
    }
}

fn counters(r: &mut Reader<'_>, t: &Table<'_>) -> Option<CounterJob> {
    use counters as k;
    let t = r.open(t, &k::DEF);
    let units = r.get(&t, k::units);
    let sides: Vec<CounterSide> = r
        .get(&t, k::sides)
        .iter()
        .filter_map(|s| counter_side(r, s))
        .collect();
    let faces = counter_faces(r, &t);
    let corner_keys = [k::top_left, k::top_right, k::bottom_left, k::bottom_right];
    let corners = corner_keys.map(|key| r.get(&t, key));
    let corners = if faces.is_some() {
        // A strip takes the corners' place: a corner named too would be lost.
        for corner in corners.iter().flatten() {
            r.diags.push(crate::error!(
                "bad-value", Some(corner.loc),
                "counters with a factor strip have no corners to print `{}` in", corner.value;
                hint: "drop the corner keys (top_left, top_right, bottom_left, bottom_right), or `factors`"
            ));
        }
        None
    } else {
        for (key, corner) in corner_keys.iter().zip(&corners) {
            if corner.is_none() {
                r.missing(t.span(), key.name(), t.owner, "string");
            }
        }
        let [Some(a), Some(b), Some(c), Some(d)] = corners else {
            return None;
        };
        Some([a, b, c, d])
    };
    let separator = r.get(&t, k::separator);
    let steps = r.get(&t, k::steps);
    let designation = r.get(&t, k::designation);
    let formation = r.get(&t, k::formation);
    let swatch = r.get(&t, k::swatch);
    let setup = r.get(&t, k::setup);
    let class = r.get(&t, k::class);
    if faces.is_none() {
        // Printed only on a strip layout: without one they would be lost.
        for key in [&separator, &steps, &designation, &formation, &setup]
            .into_iter()
            .flatten()
        {
            r.diags.push(crate::error!(
                "bad-value", Some(key.loc),
                "`{}` is printed only on counters with a factor strip", key.value;
                hint: "add `factors = [...]` (the front's factor fields), or drop the key"
            ));
        }
    }
    let symbol = r.get(&t, k::symbol);
    let echelon = r.get(&t, k::echelon);
    let markers = r
        .get(&t, k::markers)
        .iter()
        .filter_map(|m| counter_marker(r, m))
        .collect();
    let image = r.get(&t, k::image).and_then(|i| counter_image(r, &i));
    Some(CounterJob {
        units: units?,
        corners,
        faces: faces.unwrap_or_default(),
        separator,
        steps,
        designation,
        formation,
        swatch,
        setup,
        class,
        sides,
        symbol,
        echelon,
        markers,
        image,
    })
}

/// The faces of a factor-strip layout: `factors` (and `reduced`), or the
/// `[[publish.counters.faces]]` tables, every face as many factors as the
/// first. `None` for the corner layout (neither given).
fn counter_faces(r: &mut Reader<'_>, t: &Tab<'_, '_>) -> Option<Vec<CounterFace>> {
    use counters as k;
    let at = |r: &mut Reader<'_>, key: &str| {
        let span = t.get_ref().get(key).map(|v| v.span());
        span.map(|s| r.loc(s))
    };
    let factors = r.get(t, k::factors);
    let reduced = r.get(t, k::reduced);
    let tables = r.get(t, k::faces);
    let mut faces = Vec::new();
    let given = |key: &str| t.get_ref().contains_key(key);
    if given(k::factors.name()) {
        let front = factors;
        let loc = at(r, k::factors.name())?;
        faces.push(CounterFace {
            factors: front,
            loc,
        });
        if given(k::reduced.name()) {
            let back = reduced;
            let loc = at(r, k::reduced.name())?;
            faces.push(CounterFace { factors: back, loc });
        }
    } else if given(k::reduced.name()) {
        let loc = at(r, k::reduced.name())?;
        r.diags.push(crate::error!(
            "missing-field", Some(loc),
            "`reduced` names the back's factors, but no `factors` names the front's";
            hint: "add `factors = [...]`: the front's factor fields, in the strip's order"
        ));
    }
    if !tables.is_empty() {
        if !faces.is_empty() {
            let loc = at(r, k::faces.name())?;
            r.diags.push(crate::error!(
                "bad-value", Some(loc),
                "the faces are given twice: by `factors` (and `reduced`) and by `[[publish.counters.faces]]`";
                hint: "keep one: `factors` and `reduced` for two faces, `[[publish.counters.faces]]` for up to four"
            ));
            return Some(faces);
        }
        for table in &tables {
            let f = r.open(table, &counter_face::DEF);
            let factors = r.get(&f, counter_face::factors);
            let loc = table
                .get_ref()
                .get(counter_face::factors.name())
                .map_or_else(|| r.loc(table.span()), |v| r.loc(v.span()));
            // A table without `factors` is reported missing; not again as too narrow.
            if table.get_ref().contains_key(counter_face::factors.name()) {
                faces.push(CounterFace { factors, loc });
            }
        }
    }
    if faces.is_empty() {
        return None;
    }
    if faces.len() > 4 {
        r.diags.push(crate::error!(
            "bad-value", Some(faces[4].loc),
            "{} faces: a unit has at most four steps, on two counters", faces.len();
            hint: "give at most four `[[publish.counters.faces]]`"
        ));
        faces.truncate(4);
    }
    let width = faces[0].factors.len();
    if width == 0 {
        r.diags.push(crate::error!(
            "bad-value", Some(faces[0].loc),
            "a factor strip of no factors";
            hint: "name the unit fields the strip prints, e.g. factors = [\"attack\", \"defense\", \"movement\"]"
        ));
    }
    for face in &faces[1..] {
        if face.factors.len() != width {
            r.diags.push(crate::error!(
                "bad-value", Some(face.loc),
                "this face has {} factors, the front {width}", face.factors.len();
                hint: "every face names its factors in the front's order, one field for each"
            ));
        }
    }
    Some(faces)
}

/// `[publish.counters.image]`: `file`, `field`, or both with `{}` in the
/// file, as a card template's `[[images]]` takes them.
fn counter_image(r: &mut Reader<'_>, t: &Table<'_>) -> Option<CounterImage> {
    use counter_image as k;
    let at = r.loc(t.span());
    let t = r.open(t, &k::DEF);
    let file = r.get(&t, k::file);
    let field = r.get(&t, k::field);
    let radius = r.get(&t, k::radius).map_or(0.0, |l| l.value.max(0.0));
    let (fit, anchor) = super::template::fit_and_anchor(r, &t, k::fit, k::anchor);
    let (source, pattern) =
        super::template::image_source(r, file, field, &at, ("the counters' image", "unit"))?;
    Some(CounterImage {
        source,
        pattern,
        fit,
        anchor,
        radius,
    })
}

fn counter_marker(r: &mut Reader<'_>, t: &Table<'_>) -> Option<CounterMarker> {
    use counter_marker as k;
    let t = r.open(t, &k::DEF);
    let back = r.get(&t, k::back);
    let count = r.get(&t, k::count);
    let color = r.get(&t, k::color);
    Some(CounterMarker {
        name: r.get(&t, k::name)?,
        back,
        count,
        color,
    })
}

fn counter_side(r: &mut Reader<'_>, t: &Table<'_>) -> Option<CounterSide> {
    use counter_side as k;
    let t = r.open(t, &k::DEF);
    let name = r.get(&t, k::name);
    let color = r.get(&t, k::color);
    if k::units.of(&t).is_none() {
        r.diags.push(crate::error!(
            "missing-field", Some(r.loc(t.span())), "{} needs `units`", k::DEF.what;
            hint: "write how many of each unit the side has: units = {{ archer = 4 }}"
        ));
    }
    let mut units = Vec::new();
    if let Some(table) = r.table(&t, k::units.name()) {
        let names: Vec<String> = table
            .get_ref()
            .keys()
            .map(|k| k.get_ref().to_string())
            .collect();
        for key in names {
            let at = table
                .get_ref()
                .get_key_value(key.as_str())
                .map(|(k, _)| r.loc(k.span()));
            if let (Some(count), Some(at)) = (r.opt_int(&table, &key), at) {
                units.push((Located::new(key, at), count));
            }
        }
    }
    let affiliation = r.get(&t, k::affiliation);
    Some(CounterSide {
        name: name?,
        color,
        units,
        affiliation,
    })
}
