//! Live, serve: the files of out/ as URLs — input: a URL path under
//! `/out/` or a file a build wrote; output: the regular file it names
//! (opened without following a symbolic link), or the URL a written file
//! is pushed as.

use std::ffi::OsString;
use std::fs::{File, Metadata};
use std::path::{Component, Path, PathBuf};

use hyper::header::{HeaderMap, IF_NONE_MATCH};
use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, percent_decode_str, utf8_percent_encode};

use crate::publish::Written;

/// What a URL's path segment keeps as it is (RFC 3986's unreserved).
const UNRESERVED: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'~');

/// The URL of the file at `rel` under out/: `/out/` and its names, each
/// %-encoded but for the unreserved characters (`None` for a `..`, a root).
pub(super) fn out_url(rel: &Path) -> Option<String> {
    let mut url = String::from("/out");
    for component in rel.components() {
        let Component::Normal(name) = component else {
            return None;
        };
        url.push('/');
        url.extend(utf8_percent_encode(&name.to_string_lossy(), UNRESERVED));
    }
    Some(url)
}

/// The URLs under `/out/` a written file changed, with its path (a folder
/// of card images as its URL with a trailing `/`).
pub(super) fn changed_urls(written: &Written, out: &Path) -> Vec<(String, PathBuf)> {
    let url = |path: &PathBuf| Some((out_url(path.strip_prefix(out).ok()?)?, path.clone()));
    match written {
        Written::Output { path, .. }
        | Written::Rulebook { path, .. }
        | Written::Preview { path } => url(path).into_iter().collect(),
        Written::Images { dir, .. } => (url(dir).into_iter()).map(|(u, p)| (u + "/", p)).collect(),
        Written::Html { changed, .. } => changed.iter().filter_map(url).collect(),
    }
}

/// The segments of a URL path under `/out/`, %-decoded, if each is a plain
/// name: not empty, not `.`/`..` or hidden (a leading dot), with no `/`, `\`
/// or NUL once decoded, no malformed escape and UTF-8. Else `None`.
pub(super) fn url_segments(rel: &str) -> Option<Vec<OsString>> {
    let hex = |e: &str| (e.get(..2)).is_some_and(|h| h.bytes().all(|b| b.is_ascii_hexdigit()));
    let plain = |segment: &str| {
        let name = percent_decode_str(segment).decode_utf8().ok()?;
        let plain = !name.is_empty() && !name.starts_with('.') && !name.contains(['/', '\\', '\0']);
        (plain && segment.split('%').skip(1).all(hex)).then(|| OsString::from(name.as_ref()))
    };
    rel.split('/').map(plain).collect()
}

/// Opens the regular file `out/<segments...>` if no symbolic link lies on
/// its way under `out`, even one to somewhere harmless (the path resolves to
/// itself), and the file opened is the one looked at (not one swapped in
/// since). With its metadata and content type.
pub(super) fn open_under(
    out: &Path,
    segments: &[OsString],
) -> Option<(File, Metadata, &'static str)> {
    let under = |dir: PathBuf| segments.iter().fold(dir, |path, name| path.join(name));
    let path = under(out.canonicalize().ok()?);
    let looked = std::fs::symlink_metadata(&path).ok()?;
    if path.canonicalize().ok()? != path || !looked.is_file() {
        return None;
    }
    let file = File::open(&path).ok()?;
    let opened = file.metadata().ok()?;
    let same = identity(&opened) == identity(&looked) && opened.len() == looked.len();
    (same && opened.is_file()).then(|| (file, opened, content_type(&path.to_string_lossy())))
}

/// The content type of a file, by its extension.
pub(super) fn content_type(name: &str) -> &'static str {
    let guess = mime_guess::from_path(name).first_raw();
    guess.unwrap_or("application/octet-stream")
}

/// A version of an output file, for `ETag`: its size, time and (on Unix)
/// inode. Outputs are replaced by renaming a new file over them, so a
/// rewritten file has another; one left alone keeps it (304).
pub(super) fn etag(meta: &Metadata) -> String {
    let time = meta.modified().ok();
    let since = time.and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok());
    let nanos = since.map_or(0, |d| d.as_nanos());
    format!("\"{:x}-{nanos:x}-{:x}\"", meta.len(), identity(meta).1)
}

/// Which file `meta` is: its device and inode (on Unix; elsewhere none).
#[cfg(unix)]
fn identity(meta: &Metadata) -> (u64, u64) {
    use std::os::unix::fs::MetadataExt;
    (meta.dev(), meta.ino())
}
#[cfg(not(unix))]
fn identity(_: &Metadata) -> (u64, u64) {
    (0, 0)
}

/// Whether the request's `If-None-Match` names the version `tag` (or `*`).
pub(super) fn held(headers: &HeaderMap, tag: &str) -> bool {
    let asked = headers.get(IF_NONE_MATCH).and_then(|h| h.to_str().ok());
    asked.is_some_and(|h| h.split(',').any(|t| t.trim() == tag || t.trim() == "*"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;
    use std::path::PathBuf;

    #[test]
    fn only_plain_names_are_served() {
        let names = |rel: &str| {
            url_segments(rel).map(|s| {
                s.iter()
                    .map(|n| n.to_string_lossy().into_owned())
                    .collect::<Vec<_>>()
            })
        };
        assert_eq!(
            names("g/action-labels.pdf"),
            Some(vec!["g".into(), "action-labels.pdf".into()])
        );
        assert_eq!(
            names("g/my%20card.png"),
            Some(vec!["g".into(), "my card.png".into()])
        );
        for bad in [
            "../secret",
            "g/../../x",
            "/etc/passwd",
            "g//etc/passwd",
            "g/%2e%2e/x",
            "g/%2E%2E/x",
            "g/..%2fx",
            "g/%2fetc%2fpasswd",
            "g/a%5c..%5cb",
            "g/a%00b",
            "g/%zz",
            "g/%2",
            "g/.hidden.tmp-1",
            "g/./x",
            "g/",
            "",
        ] {
            assert_eq!(names(bad), None, "{bad}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn no_symbolic_link_under_out_is_followed() {
        let dir = tempfile::tempdir().expect("temp dir");
        let out = dir.path().join("out");
        std::fs::create_dir_all(out.join("g/sub")).expect("mkdir");
        std::fs::write(out.join("g/sub/a.pdf"), b"%PDF").expect("write");
        std::fs::write(dir.path().join("secret.txt"), b"secret").expect("write");
        let link = |target: &Path, at: &str| {
            std::os::unix::fs::symlink(target, out.join(at)).expect("link");
        };
        link(&dir.path().join("secret.txt"), "g/secret.txt");
        link(dir.path(), "g/up");
        link(&out.join("g/sub"), "g/inside");
        link(&out.join("g/sub/a.pdf"), "g/b.pdf");
        let open = |rel: &str| url_segments(rel).and_then(|s| open_under(&out, &s));
        let (mut file, meta, kind) = open("g/sub/a.pdf").expect("a real file");
        assert_eq!(meta.len(), 4);
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes).expect("read");
        assert_eq!((bytes.as_slice(), kind), (&b"%PDF"[..], "application/pdf"));
        // Links are refused wherever they point, even inside out/.
        for bad in [
            "g/secret.txt",
            "g/up/secret.txt",
            "g/inside/a.pdf",
            "g/b.pdf",
            "g/sub",
            "g/missing",
        ] {
            assert!(open(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn a_version_held_is_named_by_if_none_match() {
        use hyper::header::HeaderValue;
        let held = |asked: &str, tag: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(IF_NONE_MATCH, HeaderValue::from_str(asked).expect("value"));
            super::held(&headers, tag)
        };
        assert!(held("\"a-1\"", "\"a-1\""));
        assert!(held(" \"b\" , \"a-1\" ", "\"a-1\""));
        assert!(held("*", "\"a-1\""));
        assert!(!held("\"a-2\"", "\"a-1\""));
        assert!(!held("", "\"a-1\""));
    }

    #[test]
    fn written_files_are_named_by_their_urls() {
        let out = Path::new("out");
        let urls = |w: &Written| {
            let named = changed_urls(w, out);
            assert!(named.iter().all(|(_, path)| path.starts_with(out)));
            named.into_iter().map(|(url, _)| url).collect::<Vec<_>>()
        };
        assert_eq!(
            urls(&Written::Preview {
                path: out.join("g/preview/my aid-1.png")
            }),
            vec!["/out/g/preview/my%20aid-1.png"]
        );
        assert_eq!(
            urls(&Written::Images {
                count: 2,
                dir: out.join("g/images/action")
            }),
            vec!["/out/g/images/action/"]
        );
        assert_eq!(
            urls(&Written::Html {
                index: out.join("g/html/index.html"),
                files: 9,
                changed: vec![out.join("g/html/a.html"), out.join("g/html/style.css")],
                millis: 1
            }),
            vec!["/out/g/html/a.html", "/out/g/html/style.css"]
        );
        // Nothing outside the output folder is named.
        assert!(
            urls(&Written::Output {
                path: PathBuf::from("/elsewhere/x.pdf"),
                summary: String::new()
            })
            .is_empty()
        );
    }
}
