//! Render: files gathered into a zip archive — each entry stored as it is
//! (no compression: the pictures in it are compressed already), with its
//! CRC-32, a fixed date so the same files give the same bytes, and the
//! central directory that zip readers look entries up in.

use super::RenderError;

/// The DOS date of every entry: 1980-01-01, 00:00.
const DOS_DATE: u16 = (1 << 5) | 1;
const DOS_TIME: u16 = 0;

/// A zip archive being written in memory.
#[derive(Default)]
pub struct ZipWriter {
    bytes: Vec<u8>,
    /// Each entry's name, CRC, size and where its local header is.
    entries: Vec<(String, u32, u32, u32)>,
}

fn u32_of(n: usize, name: &str) -> Result<u32, RenderError> {
    u32::try_from(n).map_err(|_| RenderError::TooLargeForZip(name.to_string()))
}

impl ZipWriter {
    /// Adds a file named `name` (a `/`-separated path) holding `data`.
    pub fn add(&mut self, name: &str, data: &[u8]) -> Result<(), RenderError> {
        let mut crc = flate2::Crc::new();
        crc.update(data);
        let crc = crc.sum();
        let size = u32_of(data.len(), name)?;
        let offset = u32_of(self.bytes.len(), name)?;
        let name_len =
            u16::try_from(name.len()).map_err(|_| RenderError::TooLargeForZip(name.into()))?;
        let b = &mut self.bytes;
        b.extend(0x0403_4b50u32.to_le_bytes());
        b.extend(20u16.to_le_bytes()); // version needed: 2.0
        b.extend(0x0800u16.to_le_bytes()); // flags: names in UTF-8
        b.extend(0u16.to_le_bytes()); // stored
        b.extend(DOS_TIME.to_le_bytes());
        b.extend(DOS_DATE.to_le_bytes());
        b.extend(crc.to_le_bytes());
        b.extend(size.to_le_bytes());
        b.extend(size.to_le_bytes());
        b.extend(name_len.to_le_bytes());
        b.extend(0u16.to_le_bytes());
        b.extend(name.as_bytes());
        b.extend(data);
        self.entries.push((name.to_string(), crc, size, offset));
        Ok(())
    }

    /// The archive: the entries, then the central directory.
    pub fn finish(mut self) -> Result<Vec<u8>, RenderError> {
        let start = u32_of(self.bytes.len(), "the archive")?;
        let count = u16::try_from(self.entries.len())
            .map_err(|_| RenderError::TooLargeForZip("the archive's entry count".into()))?;
        for (name, crc, size, offset) in &self.entries {
            let b = &mut self.bytes;
            b.extend(0x0201_4b50u32.to_le_bytes());
            b.extend(20u16.to_le_bytes()); // made by: 2.0
            b.extend(20u16.to_le_bytes()); // needed: 2.0
            b.extend(0x0800u16.to_le_bytes());
            b.extend(0u16.to_le_bytes());
            b.extend(DOS_TIME.to_le_bytes());
            b.extend(DOS_DATE.to_le_bytes());
            b.extend(crc.to_le_bytes());
            b.extend(size.to_le_bytes());
            b.extend(size.to_le_bytes());
            b.extend((name.len() as u16).to_le_bytes());
            b.extend([0u8; 12]); // extra, comment, disk, internal attributes (2 each), external (4)
            b.extend(offset.to_le_bytes());
            b.extend(name.as_bytes());
        }
        let end = u32_of(self.bytes.len(), "the archive")?;
        let b = &mut self.bytes;
        b.extend(0x0605_4b50u32.to_le_bytes());
        b.extend([0u8; 4]); // disk numbers
        b.extend(count.to_le_bytes());
        b.extend(count.to_le_bytes());
        b.extend((end - start).to_le_bytes());
        b.extend(start.to_le_bytes());
        b.extend(0u16.to_le_bytes());
        Ok(self.bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The entries read back by walking the central directory as a zip
    /// reader does, each checked against its local header and CRC.
    fn read_back(zip: &[u8]) -> Vec<(String, Vec<u8>)> {
        let at = |i: usize, n: usize| -> u32 {
            let mut v = 0u32;
            for k in (0..n).rev() {
                v = (v << 8) | u32::from(zip[i + k]);
            }
            v
        };
        let end = zip.len() - 22;
        assert_eq!(at(end, 4), 0x0605_4b50);
        let count = at(end + 10, 2) as usize;
        let mut p = at(end + 16, 4) as usize;
        let mut out = Vec::new();
        for _ in 0..count {
            assert_eq!(at(p, 4), 0x0201_4b50);
            let (crc, size) = (at(p + 16, 4), at(p + 24, 4) as usize);
            let name_len = at(p + 28, 2) as usize;
            let local = at(p + 42, 4) as usize;
            let name = String::from_utf8(zip[p + 46..p + 46 + name_len].to_vec()).expect("utf-8");
            assert_eq!(at(local, 4), 0x0403_4b50);
            let data_at = local + 30 + at(local + 26, 2) as usize + at(local + 28, 2) as usize;
            let data = zip[data_at..data_at + size].to_vec();
            let mut c = flate2::Crc::new();
            c.update(&data);
            assert_eq!(c.sum(), crc, "{name}");
            out.push((name, data));
            p += 46 + name_len;
        }
        out
    }

    #[test]
    fn entries_read_back_whole_and_in_order() {
        let mut zip = ZipWriter::default();
        zip.add("buildFile.xml", b"<x/>").expect("add");
        zip.add("images/a b.png", &[0u8, 1, 2, 255]).expect("add");
        zip.add("empty", b"").expect("add");
        let bytes = zip.finish().expect("finish");
        assert_eq!(
            read_back(&bytes),
            vec![
                ("buildFile.xml".to_string(), b"<x/>".to_vec()),
                ("images/a b.png".to_string(), vec![0, 1, 2, 255]),
                ("empty".to_string(), Vec::new()),
            ]
        );
    }

    #[test]
    fn the_same_files_give_the_same_bytes() {
        let make = || {
            let mut zip = ZipWriter::default();
            zip.add("a", b"1").expect("add");
            zip.finish().expect("finish")
        };
        assert_eq!(make(), make());
    }
}
