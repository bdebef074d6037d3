//! Validate stage: images in the Markdown rules. The HTML reference loads
//! nothing from elsewhere and does not yet copy image files, so an image is
//! an `unsupported-image` error at its place in the Markdown (one whose
//! target is not even a safe link is an `unsafe-link` instead).

use pulldown_cmark::{Event, Parser, Tag};

use crate::diag::{Diagnostic, Diagnostics, Loc, Sources};
use crate::model::link::is_safe_link;
use crate::model::{Game, markdown_options};

pub fn validate_images(game: &Game, sources: &Sources, diags: &mut Diagnostics) {
    for page in &game.rules {
        let text = sources.text(page.file);
        for (event, range) in Parser::new_ext(text, markdown_options()).into_offset_iter() {
            if let Event::Start(Tag::Image { dest_url, .. }) = event
                // An unsafe target is an `unsafe-link` (see `rules::check_links`).
                && is_safe_link(&dest_url)
            {
                let remote = dest_url.contains("//") || dest_url.contains(':');
                diags.push(
                    Diagnostic::error(
                        "unsupported-image",
                        format!("the rules show an image `{dest_url}`, which the HTML reference cannot include"),
                        Some(Loc::new(page.file, range)),
                    )
                    .with_hint(if remote {
                        "the reference loads nothing from other sites; put the data in a table or a shortcode"
                    } else {
                        "images in rules text are not supported yet; use a table or a shortcode"
                    }),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use pulldown_cmark::{Event, Parser, Tag};

    #[test]
    fn images_are_found_with_their_span() {
        let md = "Text ![map](https://example.com/m.png) more.";
        let found: Vec<_> = Parser::new(md)
            .into_offset_iter()
            .filter(|(e, _)| matches!(e, Event::Start(Tag::Image { .. })))
            .map(|(_, r)| &md[r])
            .collect();
        assert_eq!(found, ["![map](https://example.com/m.png)"]);
    }
}
