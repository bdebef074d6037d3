//! Validate stage: images in the parsed rules pages. The HTML reference loads
//! nothing from elsewhere and does not yet copy image files, so an image is
//! an `unsupported-image` error at its place in the Markdown (one whose
//! target is not even a safe link is an `unsafe-link` instead).

use crate::diag::{Diagnostics, Loc};
use crate::model::Game;
use crate::model::link::is_safe_link;
use crate::model::rules::{Node, Tag};

pub fn validate_images(game: &Game, diags: &mut Diagnostics) {
    for page in &game.rules {
        for (node, range) in &page.doc.nodes {
            if let Node::Start(Tag::Image { url: dest_url, .. }) = node
                // An unsafe target is an `unsafe-link` (see `rules::check_links`).
                && is_safe_link(dest_url)
            {
                let remote = dest_url.contains("//") || dest_url.contains(':');
                diags.push(
                    crate::error!(
                        "unsupported-image",
                        Some(Loc::new(page.file, range.clone())),
                        "the rules show an image `{dest_url}`, which the HTML reference cannot include"
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
