//! Render stage: why an output could not be drawn — the one error every
//! renderer (PDF, PNG, HTML, zip) returns, from the failure and what it was
//! about to the message printed, and into publish's [`OpError`] with that
//! message. Data problems are not among them: validate reports those
//! before anything is drawn.

use std::path::PathBuf;

use crate::diag::OpError;

/// Why a renderer could not make its output.
#[derive(Debug)]
pub enum RenderError {
    /// A template of `templates/html/` that does not parse (`file` None:
    /// the set as a whole) or does not render.
    Template {
        file: Option<String>,
        message: String,
    },
    /// A shortcode the page cannot show (validate reports these first).
    Shortcode(String),
    /// Writing the PDF failed.
    Write(std::io::Error),
    /// An image file that cannot be read (`decode`: or decoded) into a PDF.
    Image {
        path: PathBuf,
        decode: bool,
        message: String,
    },
    /// A font the subsetter cannot handle.
    Font { face: String, message: String },
    /// A stream that zlib cannot compress.
    Compress(String),
    /// Our own SVG that does not read back.
    Svg(String),
    /// A picture too large to have pixels.
    Canvas { width: u32, height: u32 },
    /// A PNG that cannot be encoded.
    Png(std::io::Error),
    /// A file, or the archive, past the 4 GB a plain zip holds.
    TooLargeForZip(String),
}

impl RenderError {
    /// A template that failed: `file` (e.g. `card.html`) and the engine's error.
    pub fn template(file: &str, e: impl std::fmt::Display) -> RenderError {
        RenderError::Template {
            file: Some(file.to_string()),
            message: e.to_string(),
        }
    }
}

impl std::fmt::Display for RenderError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RenderError::Template {
                file: Some(file),
                message,
            } => write!(f, "templates/html/{file}: {message}"),
            RenderError::Template {
                file: None,
                message,
            } => write!(f, "templates/html: {message}"),
            RenderError::Shortcode(message) => f.write_str(message),
            RenderError::Write(e) => write!(f, "cannot write the PDF: {e}"),
            RenderError::Image {
                path,
                decode,
                message,
            } => {
                let doing = if *decode { "decode" } else { "read" };
                write!(f, "cannot {doing} the image {}: {message}", path.display())
            }
            RenderError::Font { face, message } => {
                write!(f, "cannot subset font {face}: {message}")
            }
            RenderError::Compress(message) => write!(f, "cannot compress a stream: {message}"),
            RenderError::Svg(message) => write!(f, "SVG: {message}"),
            RenderError::Canvas { width, height } => {
                write!(f, "cannot make a {width} x {height} image")
            }
            RenderError::Png(e) => write!(f, "PNG: {e}"),
            RenderError::TooLargeForZip(name) => {
                write!(f, "{name} is too large for a zip archive (4 GB)")
            }
        }
    }
}

impl std::error::Error for RenderError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RenderError::Write(e) | RenderError::Png(e) => Some(e),
            _ => None,
        }
    }
}

/// Publish reports a renderer's failure as an operational error, in the
/// renderer's words.
impl From<RenderError> for OpError {
    fn from(e: RenderError) -> OpError {
        OpError::new(e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_failure_is_told_as_the_renderers_told_it() {
        let cases = [
            (
                RenderError::template("card.html", "no such variable"),
                "templates/html/card.html: no such variable",
            ),
            (
                RenderError::Template {
                    file: None,
                    message: "bad tag".into(),
                },
                "templates/html: bad tag",
            ),
            (
                RenderError::Image {
                    path: PathBuf::from("art/a.png"),
                    decode: true,
                    message: "bad header".into(),
                },
                "cannot decode the image art/a.png: bad header",
            ),
            (
                RenderError::Canvas {
                    width: 3,
                    height: 4,
                },
                "cannot make a 3 x 4 image",
            ),
            (RenderError::Png(std::io::Error::other("full")), "PNG: full"),
        ];
        for (error, told) in cases {
            assert_eq!(OpError::from(error).to_string(), told);
        }
    }
}
