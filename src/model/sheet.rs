//! Model: a label or card sheet template (page size and the grid of labels), in points.

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Paper {
    pub width: f32,
    pub height: f32,
}

impl Paper {
    pub const LETTER: Paper = Paper {
        width: 612.0,
        height: 792.0,
    };
    pub const A4: Paper = Paper {
        width: 595.2756,
        height: 841.8898,
    };
}

/// A paper named by its size (`paper = "a4"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PaperSize {
    Letter,
    A4,
}

impl PaperSize {
    pub fn paper(self) -> Paper {
        match self {
            PaperSize::Letter => Paper::LETTER,
            PaperSize::A4 => Paper::A4,
        }
    }
}

/// A playing-card size for print-and-play sheets ("poker" 2.5 x 3.5 in).
#[derive(Clone, Debug, PartialEq)]
pub struct CardSize {
    pub id: String,
    pub name: String,
    pub width: f32,
    pub height: f32,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SheetTemplate {
    pub id: String,
    pub name: String,
    pub aliases: Vec<String>,
    pub paper_name: String,
    pub paper: Paper,
    pub label_width: f32,
    pub label_height: f32,
    pub radius: f32,
    pub columns: usize,
    pub rows: usize,
    pub left: f32,
    pub top: f32,
    pub pitch_x: f32,
    pub pitch_y: f32,
}

impl SheetTemplate {
    pub fn per_page(&self) -> usize {
        self.columns * self.rows
    }

    /// Top-left corner of label `n` (0-based, across then down) on its page.
    pub fn label_origin(&self, n: usize) -> (f32, f32) {
        let n = n % self.per_page();
        let col = n % self.columns;
        let row = n / self.columns;
        (
            self.left + col as f32 * self.pitch_x,
            self.top + row as f32 * self.pitch_y,
        )
    }

    pub fn matches(&self, name: &str) -> bool {
        self.id.eq_ignore_ascii_case(name)
            || self.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
    }
}

/// Avery 5395 as `data/sheets.toml` gives it, for the layout tests.
#[cfg(test)]
pub(crate) fn avery_5395() -> SheetTemplate {
    SheetTemplate {
        id: "avery-5395".into(),
        name: "Avery 5395".into(),
        aliases: vec!["avery-8395".into()],
        paper_name: "letter".into(),
        paper: Paper::LETTER,
        label_width: 243.0,
        label_height: 168.0,
        radius: 13.5,
        columns: 2,
        rows: 4,
        left: 49.5,
        top: 42.0,
        pitch_x: 270.0,
        pitch_y: 180.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn label_origins_go_across_then_down() {
        let s = avery_5395();
        assert_eq!(s.label_origin(0), (49.5, 42.0));
        assert_eq!(s.label_origin(1), (319.5, 42.0));
        assert_eq!(s.label_origin(2), (49.5, 222.0));
        assert_eq!(s.label_origin(7), (319.5, 582.0));
        assert_eq!(s.label_origin(8), (49.5, 42.0));
    }

    #[test]
    fn aliases_match() {
        assert!(avery_5395().matches("AVERY-8395"));
        assert!(!avery_5395().matches("avery-5160"));
    }
}
