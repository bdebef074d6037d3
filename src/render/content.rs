//! Render stage: a page's drawing operations → the bytes of its PDF content
//! stream. Numbers are written to a thousandth of a point (shorter than the
//! shortest round-trip float), glyph codes as literal strings of their raw
//! bytes (a byte each, only `(`, `)`, `\\` and CR escaped; a hex string
//! spends two and pdf-writer's literal strings four on most glyph ids), so
//! there is less to write and less to compress.

/// A content stream being written: one operator a line, operands before it.
#[derive(Default)]
pub struct ContentStream {
    buf: Vec<u8>,
}

impl ContentStream {
    pub fn new() -> Self {
        Self::default()
    }

    /// A stream expected to hold about `bytes` (it grows past them).
    pub fn with_capacity(bytes: usize) -> Self {
        Self {
            buf: Vec::with_capacity(bytes),
        }
    }

    /// The stream's bytes.
    pub fn finish(self) -> Vec<u8> {
        self.buf
    }

    /// A number to a thousandth (enough for points, colours and em
    /// thousandths), trailing zeros dropped; never an exponent or `-0`.
    fn num(&mut self, v: f32) {
        let v = if v.is_finite() { f64::from(v) } else { 0.0 };
        // Rounded half away from zero, as `round` does, without its libm
        // call: an f32 times 1000 is exact in an f64, and so is adding a
        // half to it; the cast truncates (and saturates).
        let t = v * 1000.0;
        let thousandths = if t >= 0.0 {
            (t + 0.5) as i64
        } else {
            (t - 0.5) as i64
        };
        if thousandths < 0 {
            self.buf.push(b'-');
        }
        let a = thousandths.unsigned_abs();
        self.uint(a / 1000);
        let frac = a % 1000;
        if frac != 0 {
            let digits = [frac / 100, frac / 10 % 10, frac % 10];
            let keep = if digits[2] != 0 {
                3
            } else if digits[1] != 0 {
                2
            } else {
                1
            };
            self.buf.push(b'.');
            for d in &digits[..keep] {
                self.buf.push(b'0' + *d as u8);
            }
        }
        self.buf.push(b' ');
    }

    /// A number at full precision (a transform's scale can be 0.0004).
    fn precise(&mut self, v: f32) {
        use std::io::Write as _;
        let v = if v.is_finite() { v } else { 0.0 };
        // Most are whole or a few decimals (a form placed at 36.25): those
        // are written as [`Self::num`] writes them, without the float
        // formatter, when that decimal reads back as `v` itself.
        let thousandths = (f64::from(v) * 1000.0).round();
        if thousandths.abs() < 1e15 && (thousandths / 1000.0) as f32 == v {
            self.num(v);
            return;
        }
        let _ = write!(self.buf, "{v} ");
    }

    fn uint(&mut self, mut n: u64) {
        let mut digits = [0u8; 20];
        let mut k = digits.len();
        loop {
            k -= 1;
            digits[k] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        self.buf.extend_from_slice(&digits[k..]);
    }

    fn name(&mut self, name: &[u8]) {
        self.buf.push(b'/');
        self.buf.extend_from_slice(name);
        self.buf.push(b' ');
    }

    /// A literal string of raw bytes: the delimiters and backslash escaped,
    /// and CR (a reader would turn a raw one into LF).
    fn literal(&mut self, bytes: &[u8]) {
        self.buf.reserve(bytes.len() + bytes.len() / 8 + 2);
        self.buf.push(b'(');
        // Copied a run at a time between the few bytes that need escaping.
        let mut rest = bytes;
        while let Some(k) = rest
            .iter()
            .position(|b| matches!(b, b'(' | b')' | b'\\' | b'\r'))
        {
            self.buf.extend_from_slice(&rest[..k]);
            match rest[k] {
                b'\r' => self.buf.extend_from_slice(b"\\r"),
                b => self.buf.extend_from_slice(&[b'\\', b]),
            }
            rest = &rest[k + 1..];
        }
        self.buf.extend_from_slice(rest);
        self.buf.push(b')');
    }

    /// Ends an operation: its operator and a newline (the space after the
    /// last operand becomes part of the separator).
    fn op(&mut self, op: &[u8]) {
        self.buf.extend_from_slice(op);
        self.buf.push(b'\n');
    }

    pub fn save_state(&mut self) {
        self.op(b"q");
    }

    pub fn restore_state(&mut self) {
        self.op(b"Q");
    }

    pub fn transform(&mut self, m: [f32; 6]) {
        for v in m {
            self.precise(v);
        }
        self.op(b"cm");
    }

    pub fn set_line_width(&mut self, width: f32) {
        self.num(width);
        self.op(b"w");
    }

    pub fn set_dash_pattern(&mut self, on: f32, off: f32) {
        self.buf.push(b'[');
        self.num(on);
        self.num(off);
        self.buf.extend_from_slice(b"] 0 ");
        self.op(b"d");
    }

    pub fn set_fill_gray(&mut self, gray: f32) {
        self.num(gray);
        self.op(b"g");
    }

    pub fn set_fill_rgb(&mut self, r: f32, g: f32, b: f32) {
        self.num(r);
        self.num(g);
        self.num(b);
        self.op(b"rg");
    }

    pub fn move_to(&mut self, x: f32, y: f32) {
        self.num(x);
        self.num(y);
        self.op(b"m");
    }

    pub fn line_to(&mut self, x: f32, y: f32) {
        self.num(x);
        self.num(y);
        self.op(b"l");
    }

    pub fn cubic_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        for v in [x1, y1, x2, y2, x, y] {
            self.num(v);
        }
        self.op(b"c");
    }

    pub fn close_path(&mut self) {
        self.op(b"h");
    }

    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32) {
        for v in [x, y, w, h] {
            self.num(v);
        }
        self.op(b"re");
    }

    pub fn clip_nonzero(&mut self) {
        self.op(b"W");
    }

    pub fn end_path(&mut self) {
        self.op(b"n");
    }

    pub fn fill_nonzero(&mut self) {
        self.op(b"f");
    }

    pub fn fill_even_odd(&mut self) {
        self.op(b"f*");
    }

    pub fn fill_nonzero_and_stroke(&mut self) {
        self.op(b"B");
    }

    pub fn stroke(&mut self) {
        self.op(b"S");
    }

    pub fn x_object(&mut self, name: &[u8]) {
        self.name(name);
        self.op(b"Do");
    }

    pub fn begin_text(&mut self) {
        self.op(b"BT");
    }

    pub fn end_text(&mut self) {
        self.op(b"ET");
    }

    /// Sets the font named `prefix` and a number (`/F3`), without building
    /// the name first: a page sets fonts dozens of times.
    pub fn set_numbered_font(&mut self, prefix: &[u8], n: u64, size: f32) {
        self.numbered_name(prefix, n);
        self.num(size);
        self.op(b"Tf");
    }

    /// Paints the XObject named `prefix` and a number (`/Fm2 Do`).
    pub fn numbered_x_object(&mut self, prefix: &[u8], n: u64) {
        self.numbered_name(prefix, n);
        self.op(b"Do");
    }

    fn numbered_name(&mut self, prefix: &[u8], n: u64) {
        self.buf.push(b'/');
        self.buf.extend_from_slice(prefix);
        self.uint(n);
        self.buf.push(b' ');
    }

    /// Sets the text matrix to an unscaled one at (x, y): what nearly
    /// every run of glyphs needs, its four constant numbers written as is.
    pub fn set_text_position(&mut self, x: f32, y: f32) {
        self.buf.extend_from_slice(b"1 0 0 1 ");
        self.num(x);
        self.num(y);
        self.op(b"Tm");
    }

    /// Shows two-byte glyph codes (`Tj`).
    pub fn show(&mut self, codes: &[u8]) {
        self.literal(codes);
        self.buf.push(b' ');
        self.op(b"Tj");
    }

    /// Shows two-byte glyph codes with the pen moved after some of them
    /// (`TJ`): `adjust` holds (glyphs before the move, amount in thousandths
    /// of an em, TJ's sign), in order.
    pub fn show_positioned(&mut self, codes: &[u8], adjust: &[(usize, f32)]) {
        self.buf.push(b'[');
        let mut from = 0;
        for &(to, amount) in adjust {
            let to = (to * 2).min(codes.len());
            self.literal(&codes[from..to]);
            self.buf.push(b' ');
            self.num(amount);
            from = to;
        }
        if from < codes.len() {
            self.literal(&codes[from..]);
        }
        self.buf.extend_from_slice(b"] ");
        self.op(b"TJ");
    }

    /// `/tag BMC`.
    pub fn begin_marked_content(&mut self, tag: &[u8]) {
        self.name(tag);
        self.op(b"BMC");
    }

    /// `/tag <</MCID n>> BDC`: content of a structure element.
    pub fn begin_marked_content_with_id(&mut self, tag: &[u8], mcid: i32) {
        self.name(tag);
        self.buf.extend_from_slice(b"<</MCID ");
        self.uint(u64::from(mcid.unsigned_abs()));
        self.buf.extend_from_slice(b">> ");
        self.op(b"BDC");
    }

    /// `/Artifact <</Type /Pagination>> BDC`: running heads and page numbers.
    pub fn begin_pagination_artifact(&mut self) {
        self.op(b"/Artifact <</Type /Pagination>> BDC");
    }

    pub fn end_marked_content(&mut self) {
        self.op(b"EMC");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(f: impl FnOnce(&mut ContentStream)) -> String {
        let mut c = ContentStream::new();
        f(&mut c);
        String::from_utf8(c.finish()).unwrap_or_default()
    }

    #[test]
    fn numbers_are_short_and_exact_to_a_thousandth() {
        let s = written(|c| {
            for v in [
                0.0, -0.0, 1.0, 752.5742, -3.25, 0.91764706, 0.0004, -0.0004, 12.1,
            ] {
                c.num(v);
            }
        });
        assert_eq!(s, "0 0 1 752.574 -3.25 0.918 0 0 12.1 ");
    }

    #[test]
    fn non_finite_numbers_are_written_as_zero() {
        let s = written(|c| c.move_to(f32::NAN, f32::INFINITY));
        assert_eq!(s, "0 0 m\n");
    }

    #[test]
    fn glyph_codes_are_raw_literal_strings_and_adjustments_split_them() {
        let codes = [0u8, 0x0a, 0, b'(', b'\\', b')', 0, b'\r', 0x12, 0xff];
        let bytes = |f: &dyn Fn(&mut ContentStream)| {
            let mut c = ContentStream::new();
            f(&mut c);
            c.finish()
        };
        assert_eq!(
            bytes(&|c| c.show(&codes)),
            b"(\x00\x0a\x00\\(\\\\\\)\x00\\r\x12\xff) Tj\n".to_vec()
        );
        assert_eq!(
            bytes(&|c| c.show_positioned(&codes[..6], &[(1, -12.5), (2, 4.0)])),
            b"[(\x00\x0a) -12.5 (\x00\\() 4 (\\\\\\))] TJ\n".to_vec()
        );
    }

    #[test]
    fn thousandths_round_half_away_from_zero_as_round_does() {
        let mut seed = 0x9e37_79b9_u32;
        for _ in 0..200_000 {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            let v = f32::from_bits(seed);
            if !v.is_finite() || v.abs() > 1e12 {
                continue;
            }
            for v in [v, v * 1e-30, (v % 1000.0).abs(), 0.0005, -0.0015, 2.5e-4] {
                let want = (f64::from(v) * 1000.0).round() as i64;
                let got = written(|c| c.num(v));
                let a = want.unsigned_abs();
                let sign = if want < 0 { "-" } else { "" };
                let frac = format!("{:03}", a % 1000);
                let frac = frac.trim_end_matches('0');
                let expected = if frac.is_empty() {
                    format!("{sign}{} ", a / 1000)
                } else {
                    format!("{sign}{}.{frac} ", a / 1000)
                };
                assert_eq!(got, expected, "{v:e}");
            }
        }
        assert_eq!(
            written(|c| c.set_text_position(12.5, 700.25)),
            "1 0 0 1 12.5 700.25 Tm\n"
        );
    }

    #[test]
    fn a_transform_keeps_small_scales() {
        let s = written(|c| c.transform([0.0004, 0.0, 0.0, 0.5, 1.0, 2.0]));
        assert_eq!(s, "0.0004 0 0 0.5 1 2 cm\n");
    }

    #[test]
    fn a_transform_reads_back_as_the_numbers_given() {
        let values = [
            36.25,
            0.1,
            -612.0,
            1.0 / 3.0,
            0.0004,
            1e-7,
            123_456.79,
            -0.001,
            792.0,
        ];
        for v in values {
            let s = written(|c| c.transform([1.0, 0.0, 0.0, 1.0, v, -v]));
            let read: Vec<f32> = s
                .split_whitespace()
                .take(6)
                .map(|t| t.parse().expect("a number"))
                .collect();
            assert_eq!(read, vec![1.0, 0.0, 0.0, 1.0, v, -v], "{s}");
        }
    }

    #[test]
    fn numbered_resources_are_named_as_their_prefix_and_number() {
        let s = written(|c| {
            c.set_numbered_font(b"F", 12, 9.5);
            c.numbered_x_object(b"Fm", 0);
        });
        assert_eq!(s, "/F12 9.5 Tf\n/Fm0 Do\n");
    }

    #[test]
    fn marked_content_carries_its_id() {
        let s = written(|c| {
            c.begin_marked_content_with_id(b"P", 7);
            c.end_marked_content();
        });
        assert_eq!(s, "/P <</MCID 7>> BDC\nEMC\n");
    }
}
