//! Text: shaping — a word's characters in one face turned into glyphs with
//! their advances by rustybuzz (kerning, standard ligatures), cached per
//! face and word since the same words come back on card after card.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Arc, RwLock};

use super::font::{Face, FontBytes};

/// A glyph as set: its id in its face, how many characters of the run's
/// text it stands for, and its advance.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Glyph {
    pub id: u16,
    /// 1 for most glyphs, 2 or 3 for a ligature ("fi", "ffi"), 0 for a
    /// second glyph of one character.
    pub chars: u16,
    /// Advance in font units: the font's own, kerned, or widened (a
    /// justified line's spaces).
    pub advance: f32,
}

/// The glyph `face` sets `text[start..end]`, a glyph's cluster, with when
/// it is a hyphen-minus that is a number's sign (see [`Face::sign_glyph`]).
fn sign_at(face: &Face, text: &str, start: usize, end: usize) -> Option<u16> {
    if text.get(start..end) != Some("-") {
        return None;
    }
    face.sign_glyph(
        text.get(..start).and_then(|s| s.chars().next_back()),
        text.get(end..).and_then(|s| s.chars().next()),
    )
}

/// The characters each glyph stands for, in order: `text` split by the
/// glyphs' `chars` (a glyph past the end of the text gets "").
pub fn clusters<'a>(
    text: &'a str,
    glyphs: &'a [Glyph],
) -> impl Iterator<Item = (&'a str, &'a Glyph)> {
    let mut rest = text;
    glyphs.iter().map(move |g| {
        let end = rest
            .char_indices()
            .nth(usize::from(g.chars))
            .map_or(rest.len(), |(i, _)| i);
        let (this, after) = rest.split_at(end);
        rest = after;
        (this, g)
    })
}

/// How many shaped words a face keeps before it starts again: the cache
/// cannot grow without bound on a hostile text of endless distinct words.
const CACHE_WORDS: usize = 1 << 16;

/// Shaped words of one face, hashed by FNV-1a (short keys, no hostile
/// collisions to fear: the cache is bounded and starts again when full).
/// Each thread looks in its own copy first ([`NEAR`]): threads reading one
/// lock word after word fought over its cache line.
pub(super) struct ShapeCache {
    /// Names this cache in the threads' copies (never reused, unlike an
    /// address: a later font book's face may sit where this one was).
    uid: u64,
    words: RwLock<Words>,
}

impl Default for ShapeCache {
    fn default() -> ShapeCache {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        ShapeCache {
            uid: NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            words: RwLock::default(),
        }
    }
}

/// How many faces a thread keeps copies for before it starts again.
const NEAR_FACES: usize = 32;

thread_local! {
    /// This thread's copy of the words it has looked up, by cache (a few
    /// faces: found by a scan, where a map would hash the uid every word).
    static NEAR: std::cell::RefCell<Vec<(u64, Words)>> = std::cell::RefCell::default();
}

/// Each word's glyphs.
type Words = HashMap<Box<str>, Arc<[Glyph]>, BuildHasherDefault<Fnv>>;

/// FNV-1a, 64 bits.
pub(super) struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

impl std::fmt::Debug for ShapeCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ShapeCache")
    }
}

impl Face {
    /// `text` (a word, or part of one, in this face) shaped: kerned, with
    /// the font's standard ligatures. A font rustybuzz cannot read gets one
    /// glyph per character at its own advances.
    pub fn shape(&self, text: &str) -> Arc<[Glyph]> {
        let mut out = Vec::new();
        self.shape_into(text, &mut out);
        out.into()
    }

    /// Appends `text` shaped (see [`Face::shape`]) to `out`; its width at size 1.
    pub fn shape_into(&self, text: &str, out: &mut Vec<Glyph>) -> f32 {
        let from = out.len();
        let uid = self.shaped.uid;
        let near = NEAR.with_borrow(|near| {
            match near
                .iter()
                .find(|(u, _)| *u == uid)
                .and_then(|(_, w)| w.get(text))
            {
                Some(hit) => {
                    out.extend_from_slice(hit);
                    true
                }
                None => false,
            }
        });
        if !near {
            let glyphs = self.shape_cached(text);
            out.extend_from_slice(&glyphs);
            NEAR.with_borrow_mut(|near| {
                // Faces of font books dropped since (watch, serve) go too.
                let at = match near.iter().position(|(u, _)| *u == uid) {
                    Some(at) => at,
                    None => {
                        if near.len() >= NEAR_FACES {
                            near.clear();
                        }
                        near.push((uid, Words::default()));
                        near.len() - 1
                    }
                };
                let words = &mut near[at].1;
                if words.len() >= CACHE_WORDS {
                    words.clear();
                }
                words.insert(text.into(), glyphs);
            });
        }
        unit_width(&out[from..], self.units_per_em)
    }

    /// Shapes `text` and keeps it in the cache.
    fn shape_cached(&self, text: &str) -> Arc<[Glyph]> {
        if let Some(hit) = self
            .shaped
            .words
            .read()
            .ok()
            .and_then(|cache| cache.get(text).cloned())
        {
            return hit;
        }
        let glyphs: Arc<[Glyph]> = self.shape_uncached(text).into();
        if let Ok(mut cache) = self.shaped.words.write() {
            if cache.len() >= CACHE_WORDS {
                cache.clear();
            }
            cache.insert(text.into(), glyphs.clone());
        }
        glyphs
    }

    /// rustybuzz's reading of the face, made the first time it is needed
    /// (`None`: rustybuzz cannot read the font).
    pub(super) fn shaper(&self) -> Option<&Shaper> {
        (self.shaper)
            .get_or_init(|| Shaper::new(self.data.clone()))
            .as_ref()
    }

    fn shape_uncached(&self, text: &str) -> Vec<Glyph> {
        let Some(shaper) = self.shaper() else {
            return self.plain_glyphs(text);
        };
        let mut buffer = rustybuzz::UnicodeBuffer::new();
        buffer.push_str(text);
        buffer.guess_segment_properties();
        let plan = shaper.plan(buffer.direction(), buffer.script());
        let out = rustybuzz::shape_with_plan(shaper.face(), &plan, buffer);
        let infos = out.glyph_infos();
        let positions = out.glyph_positions();
        infos
            .iter()
            .zip(positions)
            .enumerate()
            .map(|(i, (info, pos))| {
                let start = info.cluster as usize;
                // A cluster runs to the next glyph's cluster (or the end);
                // glyphs after the first of a cluster stand for nothing.
                let shares = i > 0 && infos[i - 1].cluster == info.cluster;
                let end = infos[i + 1..]
                    .iter()
                    .map(|next| next.cluster as usize)
                    .find(|&c| c != start)
                    .unwrap_or(text.len());
                let chars = if shares {
                    0
                } else {
                    text.get(start..end).map_or(0, |s| s.chars().count())
                };
                let glyph = Glyph {
                    id: u16::try_from(info.glyph_id).unwrap_or(0),
                    chars: u16::try_from(chars).unwrap_or(u16::MAX),
                    advance: pos.x_advance as f32,
                };
                match (!shares).then(|| sign_at(self, text, start, end)).flatten() {
                    Some(id) => Glyph {
                        id,
                        advance: self.advance(id),
                        ..glyph
                    },
                    None => glyph,
                }
            })
            .collect()
    }

    /// One glyph per character at the font's own advances (no shaping):
    /// page furniture, markers and fonts rustybuzz cannot read.
    pub fn plain_glyphs(&self, text: &str) -> Vec<Glyph> {
        self.set_glyphs(text)
            .map(|id| Glyph {
                id,
                chars: 1,
                advance: self.advance(id),
            })
            .collect()
    }
}

self_cell::self_cell!(
    /// A font's bytes and rustybuzz's reading of them, parsed once.
    struct ShaperFace {
        owner: FontBytes,
        #[covariant]
        dependent: RbFace,
    }
);

type RbFace<'a> = rustybuzz::Face<'a>;

/// What rustybuzz needs to shape in one face, made once (parsing the face
/// and compiling a plan cost far more than shaping a word): the parsed
/// face and a plan per direction and script met.
pub(super) struct Shaper {
    face: ShaperFace,
    plans: RwLock<Vec<PlanFor>>,
}

/// A shaping plan and the direction and script it is for.
type PlanFor = (
    rustybuzz::Direction,
    Option<rustybuzz::Script>,
    Arc<rustybuzz::ShapePlan>,
);

impl Shaper {
    /// `None` when rustybuzz cannot read the font.
    pub(super) fn new(data: FontBytes) -> Option<Shaper> {
        let face = ShaperFace::try_new(data, |data| rustybuzz::Face::from_slice(data, 0).ok_or(()))
            .ok()?;
        Some(Shaper {
            face,
            plans: RwLock::new(Vec::new()),
        })
    }

    /// The font's tables, as parsed.
    pub(super) fn tables(&self) -> &ttf_parser::Face<'_> {
        self.face()
    }

    fn face(&self) -> &rustybuzz::Face<'_> {
        self.face.borrow_dependent()
    }

    /// The plan for text of `direction` and `script`, compiled the first time.
    fn plan(
        &self,
        direction: rustybuzz::Direction,
        script: rustybuzz::Script,
    ) -> Arc<rustybuzz::ShapePlan> {
        // A buffer of digits and punctuation alone has no script.
        let script = Some(script).filter(|s| *s != rustybuzz::script::UNKNOWN);
        let found = |plans: &[PlanFor]| {
            plans
                .iter()
                .find(|(d, s, _)| *d == direction && *s == script)
                .map(|(_, _, p)| p.clone())
        };
        if let Some(plan) = self.plans.read().ok().and_then(|p| found(&p)) {
            return plan;
        }
        let plan = Arc::new(rustybuzz::ShapePlan::new(
            self.face(),
            direction,
            script,
            None,
            &[],
        ));
        if let Ok(mut plans) = self.plans.write()
            && found(&plans).is_none()
        {
            plans.push((direction, script, plan.clone()));
        }
        plan
    }
}

impl std::fmt::Debug for Shaper {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Shaper")
    }
}

/// Width at size 1 of glyphs of a face with `units_per_em`.
pub fn unit_width(glyphs: &[Glyph], units_per_em: f32) -> f32 {
    glyphs.iter().map(|g| g.advance).sum::<f32>() / units_per_em
}

#[cfg(test)]
mod tests {
    use super::*;

    fn serif() -> Face {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fonts/DejaVuSerifCondensed.ttf");
        Face::parse(std::fs::read(path).expect("font file")).expect("font parses")
    }

    /// The glyph set for the first hyphen-minus of `text`.
    fn glyph_of_hyphen(text: &str, glyphs: &[Glyph]) -> u16 {
        let at = text.find('-').expect("a hyphen-minus");
        let mut pos = 0;
        for (part, g) in clusters(text, glyphs) {
            if pos == at {
                return g.id;
            }
            pos += part.len();
        }
        panic!("no glyph at {at} in {text:?}")
    }

    #[test]
    fn a_numbers_sign_is_set_as_a_minus_and_still_reads_as_a_hyphen() {
        let face = serif();
        let minus = face.glyph('\u{2212}').expect("DejaVu has U+2212");
        let hyphen = face.glyph('-').expect("and a hyphen");
        let first = |text: &str| face.shape(text)[0].id;
        for sign in ["-1", "-12", "(-2)", "+1/-1"] {
            let glyphs = face.shape(sign);
            assert_eq!(glyph_of_hyphen(sign, &glyphs), minus, "{sign}");
            // Its text is still the data's hyphen-minus (what ToUnicode maps).
            let parts: String = clusters(sign, &glyphs).map(|(p, _)| p).collect();
            assert_eq!(parts, sign);
            // Measured as set, shaped or not.
            let shaped = unit_width(&glyphs, face.units_per_em) * 10.0;
            assert!((shaped - face.width(sign, 10.0)).abs() < 0.3, "{sign}");
        }
        // Ranges, compounds and a lone hyphen keep it.
        assert_eq!(face.shape("4-6")[1].id, hyphen);
        assert_eq!(face.shape("Fat-4")[3].id, hyphen);
        assert_eq!(first("-"), hyphen);
        assert_eq!(first("-X"), hyphen);
    }

    #[test]
    fn ligatures_stand_for_their_letters() {
        let face = serif();
        let glyphs = face.shape("office");
        assert!(glyphs.len() < 6, "ffi is one glyph: {glyphs:?}");
        let parts: Vec<&str> = clusters("office", &glyphs).map(|(s, _)| s).collect();
        assert_eq!(parts.concat(), "office");
        assert!(parts.contains(&"ff") || parts.contains(&"ffi"), "{parts:?}");
    }

    #[test]
    fn kerned_pairs_are_narrower_than_their_advances() {
        let face = serif();
        for pair in ["AV", "To"] {
            let shaped = unit_width(&face.shape(pair), face.units_per_em);
            let plain = unit_width(&face.plain_glyphs(pair), face.units_per_em);
            assert!(shaped < plain - 0.01, "{pair}: {shaped} vs {plain}");
        }
        // A word shaped twice is the same (the second from the cache).
        assert_eq!(face.shape("AVAST"), face.shape("AVAST"));
    }
}
