//! Load stage: proof that a font file a game names can be used by every
//! later stage — measured (ttf-parser: its cmap and horizontal metrics),
//! shaped (rustybuzz), subset into a PDF (subsetter) and copied for the
//! HTML reference as it is. Input: the file's bytes; output: `Ok`, or why
//! it cannot be used. A subset of every glyph stands for the subsets the
//! PDFs make (any of them is part of it).

/// The largest font file read (it is kept whole in memory, and each PDF
/// subsets it).
pub const MAX_FONT_BYTES: u64 = 32 * 1024 * 1024;

/// The text shaped on trial: letters, digits, a space and a minus, as
/// rules text is made of.
const TRIAL: &str = "Aa Zz 09 -\u{2212}";

/// Why `data` cannot be used as a font, if it cannot.
pub fn prove_font(data: &[u8]) -> Result<(), String> {
    // A copy of a font built into the binary is proved already (by this
    // module's test, over every one): the whole-font subset below is the
    // largest fixed cost of a build (a third of a short rulebook's CPU
    // time for the twelve shipped faces), and comparing bytes is a
    // hundredth of it.
    if is_built_in(data) {
        return Ok(());
    }
    let face = ttf_parser::Face::parse(data, 0).map_err(|e| format!("it is not a font ({e})"))?;
    if face.number_of_glyphs() == 0 {
        return Err("it has no glyphs".to_string());
    }
    let tables = face.tables();
    let Some(cmap) = tables.cmap else {
        return Err("it has no character map (cmap)".to_string());
    };
    if !cmap.subtables.into_iter().any(|s| s.is_unicode()) {
        return Err("its character map has no Unicode table".to_string());
    }
    if tables.hmtx.is_none() {
        return Err("it has no horizontal metrics (hmtx)".to_string());
    }
    let shaper = rustybuzz::Face::from_slice(data, 0)
        .ok_or_else(|| "the text shaper cannot read it".to_string())?;
    let mut buffer = rustybuzz::UnicodeBuffer::new();
    buffer.push_str(TRIAL);
    rustybuzz::shape(&shaper, &[], buffer);
    // Every glyph, not a sample: a PDF subsets whichever glyphs its text
    // uses, and one damaged glyph fails every subset that holds it.
    let glyphs: Vec<u16> = (0..face.number_of_glyphs()).collect();
    if let Some(name) = face.raw_face().table(ttf_parser::Tag::from_bytes(b"name"))
        && name_records_overflow(name)
    {
        return Err("its name table is damaged (a string runs past 64 KB)".to_string());
    }
    let remapper = subsetter::GlyphRemapper::new_from_glyphs_sorted(&glyphs);
    subsetter::subset(data, 0, &remapper)
        .map_err(|e| format!("it cannot be subset for a PDF ({e})"))?;
    Ok(())
}

/// Whether `data` is byte for byte one of the fonts built into the binary.
fn is_built_in(data: &[u8]) -> bool {
    super::embedded::files_under("fonts/")
        .iter()
        .any(|(_, built_in)| *built_in == data)
}

/// Whether a record of the `name` table reaches past 64 KB of its strings
/// (offset + length over `u16::MAX`): subsetter 0.2.6 adds the two as
/// `u16`, which panics in a build with overflow checks.
fn name_records_overflow(table: &[u8]) -> bool {
    let u16_at = |i: usize| {
        table
            .get(i..i + 2)
            .map(|b| usize::from(u16::from_be_bytes([b[0], b[1]])))
    };
    let Some(count) = u16_at(2) else {
        return false;
    };
    (0..count).any(|r| {
        let at = 6 + r * 12;
        matches!((u16_at(at + 8), u16_at(at + 10)), (Some(length), Some(offset)) if offset + length > usize::from(u16::MAX))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dejavu() -> Vec<u8> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fonts");
        std::fs::read(dir.join("DejaVuSansCondensed.ttf")).expect("font file")
    }

    #[test]
    fn every_built_in_font_proves_the_long_way() {
        // prove_font takes a built-in font on trust: this is the proof.
        let fonts: Vec<_> = super::super::embedded::files_under("fonts/")
            .into_iter()
            .filter(|(p, _)| p.ends_with(".ttf") || p.ends_with(".otf"))
            .collect();
        assert!(fonts.len() >= 12, "the shipped faces are built in");
        for (path, data) in fonts {
            assert!(is_built_in(data), "{path}");
            // And parses: a face of it is parsed only when first used,
            // where a failure could no longer be reported at its line.
            assert!(crate::text::Face::parse(data.to_vec()).is_ok(), "{path}");
            // A byte past its end: no longer the built-in font, so proved
            // in full (and still a usable font).
            let mut copy = data.to_vec();
            copy.push(0);
            assert!(!is_built_in(&copy), "{path}");
            assert_eq!(prove_font(&copy), Ok(()), "{path}");
        }
    }

    #[test]
    fn a_whole_font_is_usable_and_a_cut_or_garbage_one_is_not() {
        let font = dejavu();
        assert_eq!(prove_font(&font), Ok(()));
        assert!(prove_font(b"this is not a font at all, just some words").is_err());
        assert!(prove_font(&font[..font.len() / 3]).is_err());
        assert!(prove_font(&font[..2000]).is_err());
    }

    #[test]
    fn a_name_record_past_64_kb_is_damaged_not_a_panic() {
        // The name table's header (format, 1 record, strings at 18), then
        // a record whose string is 0x0100 bytes at 0xFFF0.
        let mut table = vec![0, 0, 0, 1, 0, 18];
        table.extend([0, 3, 0, 1, 4, 9, 0, 1, 1, 0, 0xFF, 0xF0]);
        assert!(name_records_overflow(&table));
        table[16..18].copy_from_slice(&[0, 0x10]);
        assert!(!name_records_overflow(&table));
        assert!(!name_records_overflow(&[0, 0]));
    }
}
