//! Layout: a card template's pictures (`[[images]]`) as image items relative
//! to the card's top-left corner — each fitted into its box by its fit mode
//! and anchor, cut off at the box (rounded) and at the card's bleed edge
//! (its trim on butted home sheets, so art never reaches the next card).
//! Drawn over the background, under the frames and text.

use super::doc::{ImageItem, Item};
use crate::model::{ArtFiles, CardTemplate, Deck, ImageSource};

/// Where a card's pictures come from and how far they may run: the files
/// load found, the card's size and its bleed.
#[derive(Clone, Debug, Default)]
pub struct CardArt {
    pub files: ArtFiles,
    pub width: f32,
    pub height: f32,
    pub bleed: f32,
}

impl CardArt {
    /// The picture items of `template` for a card whose field values
    /// `value_of` gives (a picture not found is left out: load reported it).
    pub fn items(
        &self,
        template: &CardTemplate,
        value_of: impl Fn(&str) -> Option<String>,
    ) -> Vec<Item> {
        let edge = [
            -self.bleed,
            -self.bleed,
            self.width + 2.0 * self.bleed,
            self.height + 2.0 * self.bleed,
        ];
        template
            .images
            .iter()
            .filter_map(|region| {
                let name = match &region.source {
                    ImageSource::File(file) => file.value.clone(),
                    ImageSource::Field(field) => region.file_for(&value_of(&field.value)?),
                };
                let image = self.files.get(&name)?;
                let boxed = [region.left, region.top, region.width, region.height];
                let clip = intersect(boxed, edge)?;
                // Corners rounded only where the box itself shows.
                let radius = if clip == boxed { region.radius } else { 0.0 };
                Some(Item::Image(ImageItem {
                    image: image.clone(),
                    rect: region.placed(image.aspect()),
                    clip,
                    radius,
                }))
            })
            .collect()
    }
}

impl CardArt {
    /// The picture items of card `index` of `deck` on `template`.
    pub fn card_items(&self, template: &CardTemplate, deck: &Deck, index: usize) -> Vec<Item> {
        if template.images.is_empty() {
            return Vec::new();
        }
        self.items(template, |name| {
            let field = deck.field_index(name)?;
            deck.text(deck.cards.get(index)?, field)
        })
    }
}

/// The overlap of two rectangles (x, y, w, h), if they overlap.
fn intersect(a: [f32; 4], b: [f32; 4]) -> Option<[f32; 4]> {
    let x = a[0].max(b[0]);
    let y = a[1].max(b[1]);
    let right = (a[0] + a[2]).min(b[0] + b[2]);
    let bottom = (a[1] + a[3]).min(b[1] + b[3]);
    (right > x && bottom > y).then_some([x, y, right - x, bottom - y])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::{FileId, Loc};
    use crate::model::{Anchor, FitMode, ImageFile, ImageFormat, ImageRegion, Located};
    use std::sync::Arc;

    fn template(left: f32, source: ImageSource) -> CardTemplate {
        let loc = Loc::new(FileId::default(), 0..0);
        CardTemplate {
            id: "t".into(),
            source: "t".into(),
            family: "sans".into(),
            regions: Vec::new(),
            frames: Vec::new(),
            background: None,
            images: vec![ImageRegion {
                source,
                left,
                top: 10.0,
                width: 100.0,
                height: 50.0,
                fit: FitMode::Cover,
                anchor: Anchor::CENTER,
                radius: 6.0,
                pattern: None,
                loc,
            }],
        }
    }

    fn art(bleed: f32) -> CardArt {
        let file = |name: &str| {
            Arc::new(ImageFile {
                name: name.into(),
                path: name.into(),
                len: 1,
                format: ImageFormat::Png,
                width: 200,
                height: 100,
            })
        };
        CardArt {
            files: [("a.png", file("a.png")), ("b.png", file("b.png"))]
                .into_iter()
                .map(|(n, f)| (n.to_string(), f))
                .collect(),
            width: 180.0,
            height: 252.0,
            bleed,
        }
    }

    fn located(s: &str) -> Located<String> {
        Located::new(s.into(), Loc::new(FileId::default(), 0..0))
    }

    #[test]
    fn a_field_names_each_cards_picture() {
        let t = template(10.0, ImageSource::Field(located("art")));
        let items = art(0.0).items(&t, |f| (f == "art").then(|| "b.png".to_string()));
        let [Item::Image(image)] = &items[..] else {
            panic!("one picture: {items:?}")
        };
        assert_eq!(image.image.name, "b.png");
        assert_eq!(image.rect, [10.0, 10.0, 100.0, 50.0]);
        assert_eq!((image.clip, image.radius), ([10.0, 10.0, 100.0, 50.0], 6.0));
        assert!(art(0.0).items(&t, |_| None).is_empty());
        assert!(art(0.0).items(&t, |_| Some("c.png".into())).is_empty());
    }

    #[test]
    fn art_past_the_trim_stops_at_the_bleed_edge() {
        let t = template(-20.0, ImageSource::File(located("a.png")));
        let clip = |bleed| match &art(bleed).items(&t, |_| None)[..] {
            [Item::Image(i)] => (i.clip, i.radius),
            other => panic!("{other:?}"),
        };
        assert_eq!(clip(0.0), ([0.0, 10.0, 80.0, 50.0], 0.0));
        assert_eq!(clip(9.0), ([-9.0, 10.0, 89.0, 50.0], 0.0));
        assert_eq!(clip(30.0), ([-20.0, 10.0, 100.0, 50.0], 6.0));
    }
}
