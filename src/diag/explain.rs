//! Diagnostics: what each diagnostic id means (`grogpress explain <id>`), with
//! an example of data that gives it and the fix. Every id the code can emit has an entry
//! here (tests/explain.rs reads the source to make sure).

/// One diagnostic id explained.
pub struct Explanation {
    pub id: &'static str,
    /// What the problem is and how to fix it.
    pub text: &'static str,
    /// Data that gives the diagnostic, and the fix.
    pub example: &'static str,
}

/// Every diagnostic id, alphabetically.
pub const EXPLANATIONS: &[Explanation] = &[
    Explanation {
        id: "aid-overflow",
        text: "A block of a player aid (a paragraph, a list, the points table) does not fit on the aid's page, even at the smallest type size the layout allows. Text is never cut off silently: shorten the text, split it into fewer words, or print fewer copies side by side (`copies` in [[publish.aids]]) so each copy is wider.",
        example: "# player-aid.toml\n[[blocks]]\nkind = \"paragraph\"\ntext = \"... three pages of text ...\"\n# fix: shorten the paragraph, or in game.toml: [[publish.aids]] copies = 1",
    },
    Explanation {
        id: "areas-not-adjacent",
        text: "A `[[connections]]` entry of an area map joins two areas whose outlines share no stretch of border. That may be meant (a sea crossing, drawn as a line between the two names); if the areas are neighbours, give their shared border the same corners in both outlines.",
        example: "[[areas]]\nid = \"north\"\noutline = [[\"0in\", \"0in\"], [\"2in\", \"0in\"], [\"2in\", \"1in\"], [\"0in\", \"1in\"]]\n[[areas]]\nid = \"south\"\noutline = [[\"0in\", \"1.2in\"], [\"2in\", \"1.2in\"], [\"2in\", \"2in\"], [\"0in\", \"2in\"]]\n[[connections]]\nfrom = \"north\"\nto = \"south\"     # warning: 0.2 in apart\n# fix: start south at 1in, where north ends",
    },
    Explanation {
        id: "art-off-card",
        text: "A card layout's `[[background.art]]` lies wholly off the card, so it would never print. Art may run past the trim into the bleed (print-shop and --bleed output keep what lies in the bleed; butted home sheets cut it off at the trim), but some of it must overlap the card.",
        example: "[[background.art]]\nicon = \"shield\"\ncolor = \"#DCD0B4\"\nleft = 200    # error on a 180 pt wide card: it starts past the right edge\ntop = 40\nsize = 100\n# fix: left = 120 (it may still run on past the edge)",
    },
    Explanation {
        id: "bad-callout",
        text: "A callout fence in the rules does not pair up: a `::: kind` line opens a callout and a line of `:::` alone closes it. Callouts do not nest (a second `::: kind` inside an open one), a `:::` with no callout open closes nothing, and a callout left open runs to the end of its page. Its text is kept either way; add or remove a fence so each callout opens and closes once.",
        example: "::: example\nThe attacker rolls 2d6...\n\n## Next section     # error: the callout is never closed\n# fix: a line `:::` after the example's last paragraph",
    },
    Explanation {
        id: "bad-cell",
        text: "A map names a cell in a way that does not read: neither the map's own code (as `code` writes it: \"0203\" for \"{col:02}{row:02}\", \"B3\" for \"{col:A}{row}\") nor \"column,row\". A range is two cells joined by `..`.",
        example: "# code = \"{col:02}{row:02}\"\n[[cells]]\nterrain = \"woods\"\ncells = [\"2-3\"]     # error\n# fix: cells = [\"0203\"] or [\"2,3\"]",
    },
    Explanation {
        id: "bad-dice",
        text: "A chart block's `dice` is not a dice roll. Write dice as NdS: \"1d6\", \"2d6\", \"1d10\".",
        example: "dice = \"two dice\"   # error\n# fix: dice = \"2d6\"",
    },
    Explanation {
        id: "bad-die-range",
        text: "A cell of a ranges table (barrage, fatigue) is not a range of the table's dice, or one of its declared `words`. Write rolls of the dice from their lowest to their highest: \"6\", \"5-6\".",
        example: "dice = \"1d6\"\nrows = [{ label = [\"Hard unit\"], cells = [\"7\"] }]   # error: 1d6 rolls 1 to 6",
    },
    Explanation {
        id: "bad-enum-value",
        text: "A card's value for an `enum` field is not one of the values the deck declares for that field. Values are compared exactly, including capitals and spaces. Use one of the listed values, or add the new value to the field's `values`.",
        example: "[[fields]]\nname = \"who\"\nkind = \"enum\"\nvalues = [\"Attacker Only\", \"Defender Only\"]\n\n[[cards]]\nwho = \"Defender only\"     # error: not a value of `who`\n# fix: who = \"Defender Only\"",
    },
    Explanation {
        id: "bad-font",
        text: "A font file the game's `fonts/fonts.toml` names cannot be used by every output: it is not a TrueType or OpenType font, it is cut short or damaged, it lacks a Unicode character map (cmap) or horizontal metrics (hmtx), the text shaper cannot read it, or it cannot be subset for a PDF. `check` tries each of these once. Give the font file as its maker ships it; a file cut short in copying is damaged. The family with the unusable face is left out, and the shared fonts stand in while the rest is checked.",
        example: "# fonts/fonts.toml\n[[family]]\nname = \"sans-condensed\"\nregular = \"MySans.ttf\"   # error: MySans.ttf stops after 2,000 bytes\n# fix: copy MySans.ttf again from the font's download",
    },
    Explanation {
        id: "bad-icon",
        text: "An icon file in data/icons/ cannot be read as an icon. An icon is an `<svg viewBox=\"...\">` holding `<path d=\"...\"/>` elements (any SVG path data); other elements, a missing viewBox or path data that cannot be read are reported at the place in the file.",
        example: "<svg width=\"24\" height=\"24\"><path d=\"M2 2 L22 22\"/></svg>   # error: no viewBox\n# fix: <svg viewBox=\"0 0 24 24\"><path d=\"M2 2 L22 22\"/></svg>",
    },
    Explanation {
        id: "bad-id",
        text: "An id that becomes a file name, a link or an HTML id (a deck, aid, chart, collection or random table id, a card layout name) is not a plain name. Ids match `[a-z0-9][a-z0-9_-]*` (at most 100 characters), so no id can name a file outside `out/<game>/`.",
        example: "[[aids]]\nid = \"../Player Aid\"   # error\n# fix: id = \"player-aid\" (and the same in [[publish.aids]] aid = ...)",
    },
    Explanation {
        id: "bad-image",
        text: "A picture a card template or the counters draw (`[[images]]` or `[publish.counters.image]`: its `file`, or the file a card's or unit's field names) says it is a PNG or JPEG but does not decode whole: its header cannot be read, the file is cut short, its data is damaged (a PNG chunk whose checksum is wrong, a JPEG scan that stops early or holds data the decoder cannot read), or it cannot be opened. `check` decodes every such picture once, as the outputs will, so no output meets one it cannot draw. Save the picture again from an image editor.",
        example: "# heroes.csv\ntitle,picture\nKnight,art/knight.jpg   # error: art/knight.jpg stops before its frame header\n# fix: export art/knight.jpg again",
    },
    Explanation {
        id: "bad-length",
        text: "A length is neither a number of points nor a number with a unit. Lengths are written as points (`9`) or as a string with one of the units in, mm, cm or pt.",
        example: "label_width = \"3.375 inches\"   # error\n# fix: label_width = \"3.375in\"",
    },
    Explanation {
        id: "bad-link",
        text: "A link of the rules (`card:`, `rule:`, `index:` or `figure:`) has a space in its target. Markdown ends a link target at a space, so `[x](index:Combat Card)` is no link: it would print as typed. Put such a target in angle brackets.",
        example: "[combat cards](index:Combat Card)   # error\n# fix: [combat cards](<index:Combat Card>)",
    },
    Explanation {
        id: "bad-modifier-group",
        text: "A group of alternatives in a modifier list is not well formed: it needs a `lead`, and its `options` each have a `text` and a `value`.",
        example: "entries = [{ lead = \"Shock Attack\", options = [{ text = \"Breakthrough\" }] }]   # error: the option has no value\n# fix: options = [{ text = \"Breakthrough\", value = \"+2\" }]",
    },
    Explanation {
        id: "bad-modifier-value",
        text: "A modifier's value is not a modifier: write a signed number (\"+1\", \"-2\") or letter (\"-X\", \"+/-X\"); alternatives go in a group.",
        example: "entries = [{ text = \"Double OBJ Zone\", value = \"1\" }]   # error: no sign\n# fix: value = \"+1\"",
    },
    Explanation {
        id: "bad-outline",
        text: "An area's `outline` is not a simple polygon with an inside: fewer than three corners, corners all in one line, or edges that cross (the corners are not listed in order round the area).",
        example: "outline = [[\"0in\", \"0in\"], [\"2in\", \"2in\"], [\"2in\", \"0in\"], [\"0in\", \"2in\"]]   # error: a bow tie\n# fix: [[\"0in\", \"0in\"], [\"2in\", \"0in\"], [\"2in\", \"2in\"], [\"0in\", \"2in\"]]",
    },
    Explanation {
        id: "bad-roll",
        text: "A random table's `roll` is not a roll of dice grogpress knows. Write the roll as \"1d6\", \"2d6\" or \"1d10\".",
        example: "roll = \"d6\"      # error: not a roll of dice\n# fix: roll = \"1d6\"",
    },
    Explanation {
        id: "bad-roll-range",
        text: "A results row's `roll` is not a roll range. Write \"6\", \"5-6\", \"4 or less\" (\"4-\") or \"13 or more\" (\"13+\").",
        example: "rows = [{ roll = \"five to six\", results = [\"A1\"] }]   # error\n# fix: roll = \"5-6\"",
    },
    Explanation {
        id: "bad-row-length",
        text: "A row of a chart table has a different number of cells than the table has columns. Give one cell per column, in column order.",
        example: "columns = [\"Loss?\", \"Retreat?\", \"Traffic?\"]\nrows = [{ roll = \"5-6\", results = [\"A1\", \"-\"] }]   # error: 2 cells, 3 columns",
    },
    Explanation {
        id: "bad-shortcode",
        text: "A shortcode in the Markdown rules (`{{ deck(\"action\") }}`, `{{ card(\"action/great-road\") }}`) is not well formed: it must be a paragraph of its own, with its argument in double quotes.",
        example: "See the cards: {{ deck(\"action\") }}   # error: not a paragraph of its own\n# fix: put {{ deck(\"action\") }} on a line of its own, with blank lines around it",
    },
    Explanation {
        id: "bad-track-range",
        text: "A track of game.toml (`[[tracks]]`) has a range that makes no track: `to` below `from` (no box), a `wrap` of less than 1 or more than the track has boxes, or a `wrap` on a turn track. A total past the end of a numbered track that wraps is kept as a \"+N\" marker and the box of the rest, so N is at most the number of boxes (usually the number of boxes, or `to` on a track from 0).",
        example: "[[tracks]]\nid = \"vp\"\nname = \"Victory Points\"\nkind = \"numbered\"\nto = 20\nwrap = 40   # error: the track has 21 boxes\n# fix: wrap = 20",
    },
    Explanation {
        id: "bad-value",
        text: "A value has the right type but is not allowed here: an unknown field kind, a count below zero, a number of copies out of range, an unknown style or alignment in a layout template, a size of 0 or less where only a positive one makes sense (a type size, a line width, a label's width, a sheet's pitch), a type size over 720 pt, a map's `overlap` outside 0 to 3 in, and the like. The hint lists what is allowed.",
        example: "[[fields]]\nname = \"cost\"\nkind = \"number\"   # error: unknown field kind\n# fix: kind = \"int\"  (text | rich | int | enum | ref)",
    },
    Explanation {
        id: "card-count",
        text: "A deck's `count_per` constraint says how many cards each value of a field must have (e.g. 12 action cards per side), and a value has more or fewer. Add or remove cards, or change the count.",
        example: "[constraints]\ncount_per = { field = \"owner\", count = 12 }\n# error when the U.F.P. cards number 11: add the missing card",
    },
    Explanation {
        id: "card-overflow",
        text: "A card's field does not fit its region of the card layout, even shrunk to the region's `min_size`. The card and field are named. Shorten the text, or give the region more room or a smaller `min_size` in the layout template (templates/labels/<layout>.toml).",
        example: "[[cards]]\ntitle = \"A Very Long Title That Cannot Fit On One Line Of The Card\"\n# fix: shorten it, or in the template: [[regions]] field = \"title\" min_size = 8",
    },
    Explanation {
        id: "card-title-mismatch",
        text: "The rules text names a card with a `card:` link whose text matches a card's title only when capitals are ignored. The printed rules and card should agree; write the title exactly as the card has it, or, where the prose's words should stay, name the card after the scheme (`[*Great Road*](<card:Great road>)`), or retitle the card.",
        example: "A unit that moved with [*Great Road*](card:) ...\n# warning when the card is titled \"Great road\": write [*Great road*](card:)",
    },
    Explanation {
        id: "card-too-small",
        text: "A region of a card layout reaches past the edge of the playing-card size the deck is printed at, so the card would be cut off. Use a bigger card size (`size` in [[publish.cards]]) or a layout made for this size.",
        example: "[[publish.cards]]\ndeck = \"units\"\nsize = \"mini\"   # error: the layout's regions need a poker-size card\n# fix: size = \"poker\"",
    },
    Explanation {
        id: "cell-given-twice",
        text: "A map gives one cell a terrain twice (in two [[cells]] lists, twice in one, in two ranges that overlap, or in the CSV of cells as well). Each cell has one terrain: remove it from all but one list. The error points at the second place; its label at the first.",
        example: "[[cells]]\nterrain = \"woods\"\ncells = [\"0302..0403\"]\n[[cells]]\nterrain = \"hill\"\ncells = [\"0303\"]    # error: 0303 is in the woods' range\n# fix: take 0303 out of one of them",
    },
    Explanation {
        id: "cell-outside-map",
        text: "A map names a cell beyond its `columns` x `rows` (counting from `first_column` and `first_row`, 1 unless set): a terrain cell, either end of a range, a side a feature runs along, a step of a path or a label's cell. The hint gives the first and last cells.",
        example: "columns = 12\nrows = 9\n[[labels]]\ntext = \"Ford\"\nat = \"1310\"    # error: column 13, row 10\n# fix: at = \"1209\"",
    },
    Explanation {
        id: "conflicting-attribute",
        text: "An attribute of places is declared twice with different definitions: in game.toml (for every map) and again in a map file, or twice in one file, its name, kind, show, icon or colours differing. Declare it once, or the same way each time.",
        example: "# game.toml\n[[attributes]]\nid = \"vp\"\nkind = \"number\"\nshow = \"badge\"\n# maps/front.toml\n[[attributes]]\nid = \"vp\"\nkind = \"text\"      # error: vp is a number in game.toml\n# fix: leave it out of the map: game.toml's serves every map",
    },
    Explanation {
        id: "counter-overflow",
        text: "A unit counter's name or a stat does not fit the counter square even at the smallest size the counter layout allows; on counters with a factor strip, the factors (with their separators) do not fit across the counter, or the designation, formation or set-up code its box (the error is at the unit's widest factor, or at the value). Nothing is clipped. Print larger counters (`--size 1`), or shorten the value in the data.",
        example: "grogpress counters grid-battles --size 5/8\n# error: \"Pikeman\" does not fit a 5/8 in counter\n\n# units.toml, with factors = [\"attack\", \"defense\", \"movement\"]\nattack = \"12345678\"   # error: the factors do not fit across the counter",
    },
    Explanation {
        id: "csv-stray-quote",
        text: "A quoted cell of a CSV card list runs on over several lines, and one of those lines has as many commas as a row has cells: most likely a quote typed by mistake at the start of a cell, which made the reader take the rows after it as part of that one cell (so those cards are missing). It is a warning because a cell may hold such lines on purpose. If the quote is a mistake, delete it; a quote inside a cell is written twice (\"\").",
        example: "title,cost,who\n\"Dug In,2,Defender\nAmbush,1,Attacker\n\"Flank\",3,Attacker\n# warning at the quote before Dug In: its line 3 looks like a row\n# fix: Dug In,2,Defender",
    },
    Explanation {
        id: "csv-syntax",
        text: "A CSV card list cannot be read as CSV, most often because a cell opens a quote that is never closed. A cell that starts with \" ends with \"; a quote inside such a cell is written twice (\"\"). Save the sheet from the spreadsheet again as CSV (comma-separated, UTF-8).",
        example: "title,effect\nDug In,\"Ignore the first hit\n# error: the quote opened before Ignore is never closed\n# fix: Dug In,\"Ignore the first hit\"",
    },
    Explanation {
        id: "dangling-card-reference",
        text: "The rules text names a card with a `card:` link, but no deck of the game has a card with that title. Check the spelling against the deck's card titles, or remove the link.",
        example: "Play [*Great Raod*](card:) to move twice.   # error: no card \"Great Raod\"\n# fix: [*Great Road*](card:)",
    },
    Explanation {
        id: "dangling-figure-ref",
        text: "A cross-reference in the rules text, a link with the `figure:` scheme, names a figure the rules do not have. A figure's id is the `id` written in its ```figure block; the target may be on any rules page. The hint names the nearest figure id.",
        example: "```figure\nid = \"river-attack\"\n...\n```\nThe attack ([](figure:river-atack)) is halved.   # error: no figure `river-atack`\n# fix: [](figure:river-attack), printed \"see Figure 3, p. 5\" in the rulebook",
    },
    Explanation {
        id: "dangling-reference",
        text: "A name refers to something the game does not have: a card's `ref` field naming no side, a publish entry naming no deck, aid or sheet, a constraint or template region naming no field of the deck. The hint lists the names that exist.",
        example: "[[cards]]\nowner = \"UFP\"       # error: the sides are \"U.F.P.\" (id ufp) and \"I.S.\" (id is)\n# fix: owner = \"U.F.P.\"",
    },
    Explanation {
        id: "dangling-rule-ref",
        text: "A cross-reference in the rules text, a link with the `rule:` scheme, names a heading the rules do not have. A heading's id is the slug of its text, as the HTML reference anchors it: `## Zone of Control` is `rule:zone-of-control`, a second heading of the same text on its page `-2` after it. The target may be on any rules page (its own page first). The hint names the nearest heading id.",
        example: "## Movement\n...\nUnits stop when they enter an enemy zone ([](rule:movment)).   # error: no heading `movment`\n# fix: [](rule:movement), printed \"see 5.3, p. 4\" in the rulebook",
    },
    Explanation {
        id: "dangling-shortcode",
        text: "A shortcode in the Markdown rules names a deck, card, chart, table, collection or field the game does not have, or `dice` names a collection without a field of kind `faces`. The hint lists what there is; card names are written deck/card-title in lower case with dashes.",
        example: "{{ deck(\"actions\") }}   # error: the deck is `action`\n# fix: {{ deck(\"action\") }}",
    },
    Explanation {
        id: "deck-size",
        text: "A deck's `size` constraint says how many cards it has, and it has more or fewer. Add or remove cards, or correct the size.",
        example: "[constraints]\nsize = 39\n# error when the deck lists 38 cards: add the missing card",
    },
    Explanation {
        id: "duplicate-column",
        text: "A CSV card list has two columns with the same field name in its header row, so it cannot tell which to read. Delete or rename one of them.",
        example: "title,effect,title\n# fix: title,effect",
    },
    Explanation {
        id: "duplicate-connection",
        text: "Two `[[connections]]` entries join the same two places (either way round). A connection runs both ways: list it once.",
        example: "[[connections]]\nfrom = \"paris\"\nto = \"metz\"\nkind = \"rail\"\n[[connections]]\nfrom = \"metz\"\nto = \"paris\"      # error: joined twice\nkind = \"rail\"\n# fix: remove the second",
    },
    Explanation {
        id: "duplicate-figure",
        text: "Two ```figure blocks of the rules have the same `id`; a `figure:` link could not say which it means. Ids are unique across every rules page.",
        example: "```figure\nid = \"attack\"   # on page 1\n...\n```figure\nid = \"attack\"   # error: on page 2 as well\n# fix: id = \"second-attack\"",
    },
    Explanation {
        id: "duplicate-value",
        text: "A deck's `unique` constraint says no two cards share a field's value (within each value of `within`, if given), and two cards do; or two chart blocks share an id; or the game's `[[glossary]]` defines a term (or alias) twice, whatever its capitals. The label points at the first one.",
        example: "[constraints]\nunique = [{ field = \"title\", within = \"owner\" }]\n# error: two I.S. cards titled \"Recon\"; retitle or remove one",
    },
    Explanation {
        id: "empty-definition",
        text: "A `[[glossary]]` entry of game.toml has an empty `definition`. The HTML reference shows a term's definition where the rules use the term, so an empty one would show nothing. Say what the term means, best quoted from the rules, or remove the entry.",
        example: "[[glossary]]\nterm = \"hex\"\ndefinition = \"\"   # error\n# fix: definition = \"Each tile is called a hex.\"",
    },
    Explanation {
        id: "face-count",
        text: "A die's `faces` field has a different number of faces than its `sides` field says. Give the die exactly that many faces; a blank face is written \"\".",
        example: "sides = 6\nfaces = [\"sword\", \"sword\", \"shield\", \"\", \"\"]   # error: 5 faces, 6 sides\n# fix: add the sixth face",
    },
    Explanation {
        id: "face-total",
        text: "A die's faces bear a different number of a symbol than the int field named in `totals` records. Correct the faces or the total.",
        example: "swords = 3\nfaces = [\"sword\", \"sword\", \"shield\", \"\", \"\", \"\"]   # error: 2 swords where swords = 3",
    },
    Explanation {
        id: "figure-label-overflow",
        text: "A label of a rule illustration (`labels` of a ```figure block) is wider than the figure's frame, so it could not be printed whole. A figure's labels are a few words on the map; say more in the caption, or show more hexes (`hexes`) so the figure is wider.",
        example: "```figure\nid = \"assault\"\nmap = \"main\"\nhexes = \"0203..0405\"\ncaption = \"An assault.\"\nlabels = [{ hex = \"0304\", text = \"The attacker rolls two dice and adds...\" }]   # error\n```\n# fix: text = \"Attack\", and the rest in the caption",
    },
    Explanation {
        id: "figure-no-counter",
        text: "A counter of a rule illustration names a unit the named side does not print: a figure shows the counters of the game's counter mix, as `[[publish.counters.sides]]` lists them (the side's colour, the unit's face). Name the side that prints the unit, or add the unit to that side's `units`.",
        example: "counters = [{ unit = \"gd-1\", side = \"Germans\", hex = \"0405\" }]   # error: the Germans print no gd-1\n# fix: side = \"Soviets\"",
    },
    Explanation {
        id: "figure-outside-excerpt",
        text: "A rule illustration places a counter, an arrow's step, a highlight or a label on a hex outside its excerpt (`hexes`, the rectangle of cells between two corners), where it would not be seen. Name a hex inside the excerpt, or widen the excerpt.",
        example: "hexes = \"0203..0506\"\nhighlight = [\"0707\"]   # error: column 7 is right of the excerpt\n# fix: hexes = \"0203..0707\"",
    },
    Explanation {
        id: "figure-too-big",
        text: "A rule illustration cannot be set in the rulebook even scaled down: at the size that fits the page its hexes and counters would be too small to read (less than a quarter of their printed size). A figure is never cut. Show fewer hexes (`hexes`), or print the rulebook with one column (`--columns 1`).",
        example: "hexes = \"0101..4030\"   # error: the whole 40 x 30 map in one figure\n# fix: hexes = \"1210..1815\"",
    },
    Explanation {
        id: "forbidden-field",
        text: "A `[[constraints.when]]` rule says cards with a certain value of a field may not have another field (`forbid`), and this card has it. Remove the field from the card, or correct the value it is conditioned on.",
        example: "[[constraints.when]]\nfield = \"type\"\nis = \"D\"\nforbid = [\"range\"]\n\n[[cards]]\ntype = \"D\"\nrange = 2     # error: a card with type = \"D\" may not have `range`",
    },
    Explanation {
        id: "heading-id-ignored",
        text: "A rules heading ends with an id of its own, `{#id}`, as mdBook and Pandoc write it. grogpress reads it (it is not printed), but a heading's id is always the slug of its text, the same in the PDF, the HTML and `rule:` links; the id given differs from it. Link the heading by its slug, or leave the `{#id}` out.",
        example: "# Combat rules {#combat}   # warning: the id is combat-rules\n# fix: [see combat](rule:combat-rules), and drop {#combat}",
    },
    Explanation {
        id: "incomplete-set",
        text: "A `complete` constraint says that within each value of `within`, an int field takes each of a set of values exactly once, and a value is missing. The hint gives the set and which values are missing.",
        example: "[constraints]\ncomplete = { field = \"force\", within = \"type\", values = \"1..10\" }\n# error when no infantry card has force = 7: add it",
    },
    Explanation {
        id: "invalid-utf8",
        text: "A data file is not valid UTF-8 text, often because it was saved in a legacy encoding (Windows-1252, Latin-1) by a spreadsheet or an old editor. Save it again as UTF-8.",
        example: "A CSV saved as \"CSV (Windows)\" with a card titled Déjà vu\n# fix: save as \"CSV UTF-8\"",
    },
    Explanation {
        id: "label-covers-code",
        text: "A map label would print over a cell code (its own cell's or a neighbour's) wherever it is put: at the cell's centre, or moved below or above it. Shorten the words, make them smaller (`size`), put the label in another cell, or print the codes elsewhere (`code_at`).",
        example: "cell = \"1in\"\n[[labels]]\ntext = \"Maloarkhangelsk Station\"   # error: too wide to clear the codes around 0303\nat = \"0303\"",
    },
    Explanation {
        id: "label-overlap",
        text: "Two map labels would print over each other (two labels in one cell, or a long label reaching over a neighbour's); on a map of places, a place's name over another's name or space, or an attribute's badge or icon of one place over another place's name. Move one of them (to another cell, or the places apart), or shorten it; on a map of places `space` and `name_size` make the marks smaller.",
        example: "[[labels]]\ntext = \"Old Mill\"\nat = \"0303\"\n[[labels]]\ntext = \"Ford\"      # error: overprints \"Old Mill\"\nat = \"0303\"",
    },
    Explanation {
        id: "label-too-small",
        text: "A region of a card layout template reaches past the edge of the labels of the sheet it is printed on, so the card would be cut off. Print on a sheet with labels at least as big (see `grogpress sheets`), or make a template for the smaller sheet.",
        example: "grogpress labels battlegrid --sheet avery-5160\n# error: the BattleGrid template is 243 x 168 pt, Avery 5160 labels are 189 x 72 pt",
    },
    Explanation {
        id: "limit-exceeded",
        text: "A number in the data is past a limit grogpress keeps so that no file, however small, can make a check run for hours or fill the memory: a results table's net modifiers span at most 1000 values and lie within ±1,000,000 (`odds --drm` keeps the same limits and exits 2 past them); a die has at most 1000 faces; a roll at most 20 dice of at most 100 sides; a unit symbol shows at most 4 functions; a map's first column and row are numbered 0 to 9999; a sheet has at most 100 labels across and down; any length is at most 200 in either way; an image at most 64,000,000 pixels; an SVG picture or an icon at most 200,000 path segments, an icon file at most 1 MB; a font file at most 32 MB. In an SVG picture (card or counter art): a `data:` URL of at most 64 KiB, elements nested at most 100 deep, at most 32 MB of SVG once each `<use>` is counted as a copy of what it names, and a DOCTYPE whose entities expand to at most 1 MB (no parameter entities). Such numbers are almost always a typo, or a file crafted to exhaust the machine.",
        example: "drm = \"0..+9223372036854775000\"   # error\n# fix: drm = \"-3..+5\"",
    },
    Explanation {
        id: "lookup-gap",
        text: "A matrix with a `lookup` reads its first columns as conditions, and some combination of their values has no row, so a player could not look it up. Every combination of the key columns needs exactly one row.",
        example: "lookup = { keys = 2, values = [\"Yes\", \"No\"] }\n# error when no row has Yes / No: add it, or make a row cover either (\"Yes / No\")",
    },
    Explanation {
        id: "lookup-overlap",
        text: "A matrix with a `lookup` has two or more rows for the same combination of its key columns, so a lookup would be ambiguous. Every combination needs exactly one row.",
        example: "rows = [{ cells = [\"Yes\", \"No\", \"✓\"] }, { cells = [\"Yes\", \"Yes / No\", \"✗\"] }]   # error: both answer Yes, No",
    },
    Explanation {
        id: "low-contrast",
        text: "A card layout region's text colour (its `color`, black when it has none) differs too little from the layout's background colour, or a counter's black text from its side's (or marker's) colour: a contrast under 4.5:1 by WCAG's measure, hard to read on paper. Give the region a colour that stands out (white on a dark back), or lighten the background; for counters, lighten the side's colour (the hint gives one that reads).",
        example: "[background]\ncolor = \"#23395B\"     # dark blue\n\n[[regions]]\nfield = \"game\"         # warning: black text on dark blue\n# fix: color = \"#FFFFFF\"\n\n[[sides]]\nname = \"Soviets\"\ncolor = \"#B22222\"     # warning: black counter text on red, 3.1:1",
    },
    Explanation {
        id: "low-resolution",
        text: "With `--print-shop`, a picture of a card template prints at fewer than 300 pixels per inch where its box puts it (a warning; under 150 it is an error, as it would print visibly soft or blocky). The resolution is the picture's pixels over the size it is drawn at, after `fit`. Use a larger picture, or a smaller box. Vector art (SVG) is sharp at any size and is never flagged.",
        example: "[[images]]\nfield = \"picture\"\nwidth = 180   # 2.5 in\nheight = 126\nfit = \"cover\"\n# heroes.csv: Knight,art/knight.jpg   # 400 x 280 pixels: 160 dpi, a warning\n# fix: a picture of at least 750 x 525 pixels",
    },
    Explanation {
        id: "mirror-mismatch",
        text: "A deck's `mirrored` constraint says the cards of each value of a field are the same cards except for that field (e.g. each side's action cards differ only in their owner), and they are not: a card has no counterpart, or a counterpart differs in another field.",
        example: "[constraints]\nmirrored = \"owner\"\n# error: the U.F.P. \"Recon\" says \"Look at one unit.\", the I.S. one \"Look at two units.\"",
    },
    Explanation {
        id: "missing-field",
        text: "Something required is missing: a required key of a table, a card without a value for a field that is not optional, a CSV card list without a column (or an empty cell) for a required field, or a deck that declares no fields.",
        example: "[[cards]]\ntitle = \"Recon\"\n# error: the card is missing the field `owner`\n# fix: owner = \"I.S.\" (or declare the field optional = true)",
    },
    Explanation {
        id: "missing-file",
        text: "A file named in the data does not exist: a deck, aid or rules page named in game.toml, a CSV card list named by `cards`, or a card layout template named by [[publish.labels]] `layout`; or a picture an SVG's `<image href>` names. Paths are relative to the game folder (a CSV's to its deck file, an SVG's to the SVG's folder).",
        example: "[[decks]]\nid = \"action\"\nfile = \"action_cards.toml\"   # error: the file is action-cards.toml",
    },
    Explanation {
        id: "missing-glyph",
        text: "A text uses characters that the font has no glyph for, so they would print as empty boxes. The characters are listed as Unicode code points. Replace them (e.g. a typographic symbol by plain text) or use a font family that has them.",
        example: "effect = \"Roll 🎲 to hit.\"   # error: U+1F3B2 is not in DejaVu Sans Condensed\n# fix: effect = \"Roll a 1 to hit.\"",
    },
    Explanation {
        id: "missing-move-cost",
        text: "A terrain gives no movement cost for a movement class that the map's other terrain costs name (or that `move_classes` declares). Once any terrain declares `move`, every terrain gives a cost for every class, its own or through `all`; the terrain effects chart would otherwise have a blank.",
        example: "[[terrain]]\nid = \"clear\"\nmove = { all = 1 }\n[[terrain]]\nid = \"woods\"\nmove = { foot = 2 }     # error: no cost for `tracked`\n[[terrain]]\nid = \"swamp\"\nmove = { foot = 3, tracked = \"prohibited\" }",
    },
    Explanation {
        id: "missing-outline",
        text: "An area of a map with `outlines_svg` has no `outline` of its own, and the SVG has no shape (`<path>`, `<polygon>`, `<rect>`...) whose `id` is the area's. Give the area's shape in the SVG that id, or give the area an `outline`.",
        example: "# maps/board.toml: outlines_svg = \"board.svg\"\n[[areas]]\nid = \"paris\"      # error: board.svg has no id=\"paris\"\n# fix, in board.svg: <path id=\"paris\" d=\"M 10 10 L 90 10 L 90 60 Z\"/>",
    },
    Explanation {
        id: "not-a-cycle",
        text: "A `cycle` constraint follows a ref field of a collection into itself, and the items must form one cycle through all of them (missile > infantry > mounted > missile). The field is not such a ref, or the links stop, repeat early or leave items out; the hint shows the path followed.",
        example: "[constraints]\ncycle = \"bonus_against\"\n# error when mounted beats missile but infantry beats nobody: complete the ring",
    },
    Explanation {
        id: "not-in-set",
        text: "A `complete` constraint says an int field takes each of a set of values, and a card has a value outside the set.",
        example: "[constraints]\ncomplete = { field = \"force\", within = \"type\", values = \"1..10\" }\n\n[[cards]]\nforce = 11    # error: 11 is not one of 1..10",
    },
    Explanation {
        id: "not-neighbours",
        text: "A feature runs along the side two neighbouring cells share (`[[edges]] between`), or a path steps from each cell to a neighbour (`[[paths]] through`, a rule figure's `arrows`); these two cells share no side. In a flat-top hex grid a column's neighbours depend on whether it is a shifted one (`stagger`); the hint lists the first cell's neighbours. On a map of places a figure's arrow steps from each place to one joined to it: by a `[[connections]]` entry, or on an area map that derives adjacency (`adjacency = \"borders\"`) by a shared border; the hint lists the places joined to the first.",
        example: "[[edges]]\nfeature = \"river\"\nbetween = [[\"0203\", \"0205\"]]    # error: two rows apart\n# fix: between = [[\"0203\", \"0204\"]]",
    },
    Explanation {
        id: "off-track",
        text: "A scenario puts a marker or units on a box of a track (`track = \"vp\", at = 25`) that the track does not have: below `from`, or past `to` on a track that does not wrap. Correct the number, or give the track a `wrap` so a total past its end goes round again with a \"+N\" marker.",
        example: "# game.toml: [[tracks]] id = \"vp\", kind = \"numbered\", to = 20\n[[markers]]\nmarker = \"VP\"\ntrack = \"vp\"\nat = 25   # error: the track ends at 20\n# fix: at = 5, or wrap = 20 on the track (25 is then box 5 and the \"+20\" marker)",
    },
    Explanation {
        id: "operational",
        text: "Not a problem in the game's data but in running grogpress (exit status 2): a game folder or file that does not exist, an output folder that cannot be written, a command-line value that cannot be used. Under `--format json` it is printed as a JSON line with this id and no location. Fix what the message names (the path, the permission, the option) and run again.",
        example: "$ grogpress check no-such-game --format json\n{\"severity\":\"error\",\"id\":\"operational\",\"message\":\"no game `no-such-game`: ...\"}",
    },
    Explanation {
        id: "out-of-range",
        text: "A card's value for an int field lies outside the range the deck declares for that field with `min` and `max`. Use a value within the range, or widen the range if the value is right.",
        example: "[[fields]]\nname = \"strength\"\nkind = \"int\"\nmin = 1\nmax = 6\n\n[[cards]]\nstrength = 7     # error: outside 1 to 6\n# fix: strength = 6",
    },
    Explanation {
        id: "outside-safe-zone",
        text: "For print-shop output, text must stay 1/8 in (9 pt) inside the trim of the card so that cutting never clips it; a region of the card layout reaches into that margin. Move or shrink the region, or print without the print-shop options.",
        example: "[[regions]]\nfield = \"title\"\nleft = 4     # error with print-shop output: keep text 9 pt inside the trim\n# fix: left = 9",
    },
    Explanation {
        id: "over-stacked",
        text: "A scenario sets up more units of one side in one hex than its `stacking` limit allows. The error points at the first unit past the limit; its label at the limit. Move a unit to another hex, or raise `stacking`. Only the set-up is checked: reinforcements may enter a hex over several moves.",
        example: "stacking = 2\n[[setup]]\nside = \"Soviets\"\nhex = \"0702\"\nunits = [\"rifle-1\", \"rifle-1\", \"rifle-1\"]   # error at the third\n# fix: set the third up in 0703",
    },
    Explanation {
        id: "part-covers-code",
        text: "A track or holding box placed on a map would print over the code of a cell, so the code could not be read. Place it where no code prints, or print the map's codes nowhere (`code_at = \"none\"` in the map file).",
        example: "[[tracks]]\nid = \"vp\"\nmap = \"main\"\nat = \"0101\"   # error: the map prints a code in every hex\n# fix: code_at = \"none\" in maps/main.toml, or print the track on the tracks sheet (no map)",
    },
    Explanation {
        id: "part-covers-label",
        text: "A track or holding box placed on a map would print over one of the map's labels, or on a map of places over a place's name (or the values under it) or one of its attributes' badges or icons. Move the part or the label (or the place).",
        example: "# maps/main.toml: [[labels]] text = \"Sea of Azov\", at = \"0203\"\n[[boxes]]\nid = \"elim\"\nname = \"Eliminated\"\nmap = \"main\"\nat = \"0202\"   # error: the box covers the label\n# fix: at = \"0805\"",
    },
    Explanation {
        id: "part-covers-place",
        text: "A track or holding box placed on a point-to-point map would print over a space's circle, hiding the space and whatever stands on it. Move the part (its `at`) where no space prints, or move the space.",
        example: "[[spaces]]\nid = \"paris\"\nat = [\"3in\", \"2in\"]\n\n# game.toml\n[[boxes]]\nid = \"elim\"\nname = \"Eliminated\"\nmap = \"front\"\nat = [\"2.8in\", \"1.9in\"]   # error: covers Paris\n# fix: at = [\"0.2in\", \"0.2in\"]",
    },
    Explanation {
        id: "part-off-map",
        text: "A track or holding box placed on a map reaches past the map's edge (the extent of its cells), where it would be cut off. Move it in, give a track fewer boxes a row (`per_row`) or smaller boxes (`box_size`), or make a holding box smaller.",
        example: "# a map 12 squares of 0.75in across (9 in)\n[[tracks]]\nid = \"vp\"\nkind = \"numbered\"\nto = 20\nmap = \"main\"\nx = \"0.5in\"\ny = \"0.5in\"   # error: 21 boxes of 0.75 in in one row are 15.75 in long\n# fix: per_row = 7",
    },
    Explanation {
        id: "part-off-page",
        text: "A track or holding box printed on the tracks sheet (tracks.pdf) does not fit the page: a track given more boxes a row (`per_row`) than the page is wide, or a part taller or wider than the page. Give it fewer boxes a row, or smaller boxes.",
        example: "[[tracks]]\nid = \"supply\"\nkind = \"numbered\"\nto = 40\nper_row = 41   # error: 41 boxes of 0.75 in do not fit a Letter page\n# fix: per_row = 10",
    },
    Explanation {
        id: "parts-overlap",
        text: "Two tracks or holding boxes placed on the same map overlap, so one would print over the other. Move one of them, or make it smaller.",
        example: "[[boxes]]\nid = \"elim\"\nmap = \"main\"\nat = \"0101\"\n[[boxes]]\nid = \"pool\"\nmap = \"main\"\nat = \"0201\"   # error: a 2 in box at 0101 reaches over 0201\n# fix: at = \"0501\"",
    },
    Explanation {
        id: "path-outside-game",
        text: "A path in the data leads outside the game folder: an absolute path, a `..` that climbs past the folder, or a symlink whose target lies outside. A game folder is untrusted (someone else may have written it), so such a file is never read, quoted or published. Name files by paths relative to the game folder (a CSV's relative to its deck file) that stay inside it, and copy shared files into the folder instead of linking to them.",
        example: "rules = [\"/proc/self/environ\"]      # error\nrules = [\"../other-game/rules.md\"]  # error\n# fix: copy the page into this game: rules = [\"rules/rules.md\"]",
    },
    Explanation {
        id: "place-off-map",
        text: "A place of a map of places lies off the map: a space whose circle runs past an edge, an area corner outside the map's `width` x `height`, or an area's name (`label_at`) outside its outline. Positions are lengths from the map's top-left corner.",
        example: "width = \"10in\"\n[[spaces]]\nid = \"brest\"\nat = [\"10in\", \"2in\"]     # error: its circle runs past the right edge\n# fix: at = [\"9.5in\", \"2in\"]",
    },
    Explanation {
        id: "place-overlap",
        text: "Two places of a map of places overlap: two spaces closer than a circle (`space`) apart, or two areas whose insides overlap (neighbouring areas share a border: give it the same corners in both outlines).",
        example: "space = \"0.5in\"\n[[spaces]]\nid = \"a\"\nat = [\"1in\", \"1in\"]\n[[spaces]]\nid = \"b\"\nat = [\"1.3in\", \"1in\"]    # error: 0.3 in from a\n# fix: at = [\"2in\", \"1in\"]",
    },
    Explanation {
        id: "prohibited-terrain",
        text: "A scenario places a unit (set-up or reinforcement) in a hex whose terrain its movement class may not enter: the map's terrain gives that class `\"prohibited\"` in its `move`, and the unit's class is its value of the counters' `class` field. Place it elsewhere, or give the terrain a cost for the class.",
        example: "# map: [[terrain]] id = \"marsh\" move = { foot = 3, tracked = \"prohibited\" }\n[[setup]]\nside = \"Germans\"\nhex = \"0113\"          # a marsh hex\nunits = [\"pz-2\"]      # error: pz-2 is tracked",
    },
    Explanation {
        id: "required-field",
        text: "A `[[constraints.when]]` rule says cards with a certain value of a field need another field (`require`), and this card does not have it. Add the field to the card.",
        example: "[[constraints.when]]\nfield = \"type\"\nis = \"D\"\nrequire = [\"notes\"]\n\n[[cards]]\ntype = \"D\"     # error: a card with type = \"D\" needs `notes`",
    },
    Explanation {
        id: "rulebook-overflow",
        text: "A card, a deck gallery row, a table named by a shortcode (a chart, random table or collection) or a Markdown pipe table in the rules cannot fit the rulebook: a card must fit a column; a table too wide for a column is set across the page, and a long table continues in the next column with its head repeated, but one row of this table is taller than an empty column (or its words too wide even across the page). Rows and cards are never split. Use one column (`--columns 1`) or larger paper, or shorten the row's text.",
        example: "{{ card(\"action/great-road\") }}\n# error at the shortcode: the card is wider than a column",
    },
    Explanation {
        id: "see-twice",
        text: "A cross-reference without words of its own, `[](rule:movement)`, prints the word \"see\" (the game's `[words] see`) before the rule's number and page. Written after a \"see\" of the text, the rulebook reads \"see see 5.3, p. 4\". A warning: the text is printed as written.",
        example: "See [](rule:movement).   # warning: prints \"See see 5.3, p. 4.\"\n# fix: ([](rule:movement)), or: See [the movement rules](rule:movement).",
    },
    Explanation {
        id: "setup-overflow",
        text: "A scenario's set-up card or turn record track cannot be drawn as asked: a place under a counter (a hex, a box's name, \"T3 North edge\") does not fit its cell, a turn's box holds more counters than a page, or a counter does not fit the page at all. Shorten the name, or print smaller counters (`counter_size`) or on larger paper (`paper`).",
        example: "boxes = [\"Strategic Reserve of the Fourth Panzer Army\"]\n[[setup]]\nbox = \"Strategic Reserve of the Fourth Panzer Army\"   # error: too long to print under a counter\n# fix: boxes = [\"4 Pz Reserve\"]",
    },
    Explanation {
        id: "sheet-off-page",
        text: "A sheet template in data/sheets.toml places its labels past the edge of its paper: the first label's offset plus the pitch times the columns and rows does not fit. Check left/top, the pitch and the label size against the sheet's specification.",
        example: "columns = 3\npitch_x = \"3.75in\"   # error on US Letter (8.5 in wide): the third column starts at 8.19 in",
    },
    Explanation {
        id: "svg-reference",
        text: "An SVG picture (card or counter art) refers to something outside itself: a web address (`http:`, `https:` or another scheme), another file by `<use href>`, `url(...)` or a gradient's or pattern's `href`, a style sheet by `@import` or `<?xml-stylesheet?>`, or a `data:` document. Card art is one self-contained SVG: only references to its own elements (`#id`) are followed. Nothing named is ever fetched or opened (a game folder may come from someone else), and the error is at the reference in the SVG, with the place that draws the picture as a second place. Save the SVG with everything embedded (in Inkscape: Save As \"Plain SVG\"), or copy the shapes into it.",
        example: "<use href=\"parts.svg#star\"/>          <!-- error -->\n<rect fill=\"url(https://example.com/g.svg#g)\"/>   <!-- error -->\n<!-- fix: copy the star into this SVG and <use href=\"#star\"/> -->",
    },
    Explanation {
        id: "table-gap",
        text: "A random table has no row for some roll of its dice, so a player rolling it would find no result. Add a row for these rolls or widen a neighbouring row's range; every roll must fall in exactly one row.",
        example: "roll = \"1d6\"\n[[rows]]\nroll = \"1-2\"\n[[rows]]\nroll = \"4-6\"   # error: no row answers a roll of 3",
    },
    Explanation {
        id: "table-overflow",
        text: "A column of a chart table is too narrow for its text even at the smallest type size, so text would spill out. Shorten the text or give the column more width.",
        example: "columns = [\"Attack by Fire and Movement Combined\"]   # error: the heading cannot fit\n# fix: a shorter heading",
    },
    Explanation {
        id: "table-overlap",
        text: "Two rows of a random table both answer the same roll. Each roll must fall in exactly one row: narrow one of the ranges.",
        example: "[[rows]]\nroll = \"1-3\"\n[[rows]]\nroll = \"3-6\"   # error: a roll of 3 is answered by both rows\n# fix: roll = \"4-6\"",
    },
    Explanation {
        id: "toml-syntax",
        text: "A file is not valid TOML: an unclosed string or table header, a missing `=`, a duplicate key, a number that cannot be read. The caret points where the parser stopped; see https://toml.io for the syntax.",
        example: "title = \"Dug In\ntimig = \"Play when attacked:\"\n# error: the string after title = is never closed\n# fix: title = \"Dug In\"",
    },
    Explanation {
        id: "too-many-cells",
        text: "A row of a CSV card list has more cells than its header has columns, most often because a cell with a comma is not in quotes. The row is not read (which cell is extra cannot be told); quote the cell.",
        example: "title,effect\nDug In,Ignore the first hit, then rest.   # error: 3 cells, 2 columns\n# fix: Dug In,\"Ignore the first hit, then rest.\"",
    },
    Explanation {
        id: "too-many-copies",
        text: "A scenario places more copies of a unit for a side than that side's counter mix (`[[publish.counters.sides]] units`) prints, counting its set-up and its reinforcements together; a unit printed once and placed twice is the usual case, a unit its side does not print at all another. The error points at the placement past the mix; its label at the one before. Remove a placement, or print more copies.",
        example: "[[publish.counters.sides]]\nname = \"Germans\"\nunits = { pz-2 = 1 }\n# scenario:\n[[setup]]\nside = \"Germans\"\nhex = \"0305\"\nunits = [\"pz-2\", \"pz-2\"]   # error at the second: the mix has 1\n# fix: units = [\"pz-2\"]",
    },
    Explanation {
        id: "track-overflow",
        text: "A track's number or label, or a track's or holding box's name, does not fit its box or the part: it is never shrunk past reading or cut off. Give the track bigger boxes (`box_size`), a holding box more `width`, or shorten the text.",
        example: "[[tracks]]\nid = \"turns\"\nkind = \"turn\"\nto = 4\nbox_size = \"0.4in\"\nlabels = [\"6 June 1944\", ...]   # error: too long for a 0.4 in box\n# fix: labels = [\"Jun 6\", ...] or box_size = \"0.75in\"",
    },
    Explanation {
        id: "translation-format",
        text: "A translated card template format (`[templates.\"<kind>/<template>\"] <field>` in lang/<tag>.toml, with `templates.format` in `translated`) does not have its source format's `{}` and `{name}`: the places the card's value (as written, or its name spelled out) goes. A format without any where its source has some would print no value on any card, so nothing the card says is lost silently: that is an error. A format with other counts (\"{} / {}\" for \"{}\", or `{name}` for `{}`) prints the value otherwise than the source: a warning. Keep as many of each as the source.",
        example: "# templates/cards/order.toml: format = \"Range {}\"\n# lang/de.toml\n[templates.\"cards/order\"]\nrange = \"Reichweite\"     # error: no `{}`, the range would not be printed\n# fix: range = \"Reichweite {}\"",
    },
    Explanation {
        id: "translation-headings",
        text: "A translated rules page (lang/<tag>/<page>.md) does not have its source page's headings: a translated page keeps them one for one, at the same levels, so its sections, contents and rule numbers match the source's. The warning is at the first heading that differs (or at the top of the page when it has fewer). Translate every heading; add none and drop none.",
        example: "# rules/rules.md\n# Movement\n## Zones of control\n# Combat\n\n# lang/de/rules/rules.md\n# Bewegung\n# Kampf          # warning: the source has `## Zones of control` here\n# fix: ## Kontrollzonen, before # Kampf",
    },
    Explanation {
        id: "translation-missing",
        text: "A translation lacks a text it is to translate: a field `translated` names (\"cards.text\") of a card, item or random table row, or a rules page. The language's build prints the source's text there, in the source language. The warning is at the card's table in the translation file when it has one, else at the source text; the hint gives the table and key to add, with the source text. A rules page is translated as lang/<tag>/ followed by its path in `rules`.",
        example: "# game.toml: languages = [\"en\", \"de\"], translated = [\"orders.title\", \"orders.text\"]\n# lang/de.toml\n[orders.dig-in]\ntitle = \"Eingraben\"     # warning: no `text` for `orders.dig-in`\n# fix: text = \"Die Verteidigung steigt um eins.\"",
    },
    Explanation {
        id: "translation-orphan",
        text: "A translation gives a text for something the source no longer has: a card whose key changed or was removed (a card's key is its title as a slug, an item's its id, a row's its roll), a field not in `translated`, a deck, collection or random table the game does not have, or a translated rules page with no page of the game at its path. It translates nothing; remove it or move it to the source's current key.",
        example: "# orders.toml: the card \"Dig In\" is now \"Entrench\"\n# lang/de.toml\n[orders.dig-in]          # warning: `orders` has no `dig-in` (any more)\ntitle = \"Eingraben\"\n# fix: [orders.entrench]",
    },
    Explanation {
        id: "translation-stale",
        text: "A translated text (or translated rules page) is older than its source: the source text changed after the translation's line was last committed. It is found from the game's git history — the commit that last changed each line of the translation file (`git blame`), and the source as it was at that commit, read with the same plumbing as `grogpress diff` — so it needs the game folder in git; a translation line not yet committed counts as new. Translate the source's new text and commit the translation.",
        example: "# commit 1: orders.toml text = \"Move two more hexes.\"; lang/de.toml text = \"Zieht zwei weitere Hexfelder.\"\n# commit 2: orders.toml text = \"Move three more hexes.\"\n# warning at lang/de.toml: the translation is older than its source\n# fix: text = \"Zieht drei weitere Hexfelder.\", then commit",
    },
    Explanation {
        id: "translation-unchecked",
        text: "The game has translations but its folder is not in a git repository, so no translation can be found older than its source (`translation-stale` compares each translated line's last commit with the source at that commit). The warning is at the first translation in `languages`. Put the game folder under git and commit it; a repository with no commit of a translation yet gives no warning.",
        example: "# game.toml, in a folder that is not in git\nlanguages = [\"en\", \"de\"]   # warning at \"de\"\n# fix: git init && git add . && git commit -m \"game\"",
    },
    Explanation {
        id: "turn-outside-track",
        text: "A reinforcement, a withdrawal or a marker names a turn that is not on the scenario's turn record track, which runs from 1 to `turns`. Correct the turn, or lengthen the scenario.",
        example: "turns = 6\n[[reinforcements]]\nside = \"Soviets\"\nturn = 7   # error: the track ends at turn 6\n# fix: turn = 6",
    },
    Explanation {
        id: "unbalanced-markup",
        text: "A rich-text field opens **bold** or *italic* and never closes it (or closes one it never opened), so the rest of the text would print in the wrong style. Close the marker, or write a literal star as \\*.",
        example: "effect = \"Counts as **two actions.\"   # warning: ** is never closed\n# fix: effect = \"Counts as **two** actions.\"",
    },
    Explanation {
        id: "unconnected-place",
        text: "A place of a map of places is joined to no other place: no `[[connections]]` entry names it (and, on an area map with `adjacency = \"borders\"`, it shares no border). It may be meant (an island reached only by sea); a warning, not an error.",
        example: "[[spaces]]\nid = \"corsica\"     # warning: no connection names it\n# fix: [[connections]] from = \"corsica\", to = \"nice\", kind = \"sea\"",
    },
    Explanation {
        id: "undeclared-box",
        text: "A scenario's set-up or marker names a holding box the scenario does not declare in `boxes`. Declare it (so a misspelt box is caught), or correct the name.",
        example: "boxes = [\"Reserve\"]\n[[setup]]\nside = \"Germans\"\nbox = \"Reserves\"   # error: the box is \"Reserve\"\n# fix: box = \"Reserve\"",
    },
    Explanation {
        id: "undeclared-symbol",
        text: "A cell of a matrix is not one of the matrix's declared `symbols`. Every cell must be one of them: use a declared symbol or declare the new one.",
        example: "symbols = [\"✓\", \"✗\"]\nrows = [{ label = \"Retreat?\", cells = [\"✓\", \"x\"] }]   # error: `x` is not declared\n# fix: cells = [\"✓\", \"✗\"]",
    },
    Explanation {
        id: "undefined-result-code",
        text: "A cell of a results table uses a result code that the table's `legend` does not explain. Add the code to the legend (`#` stands for a number), or fix the cell.",
        example: "rows = [{ roll = \"4-\", results = [\"A3\"] }]\nlegend = [{ code = \"D#\", text = \"Defender loses # steps.\" }]   # error: A3 is not in the legend",
    },
    Explanation {
        id: "unknown-attribute",
        text: "A place gives an attribute the map does not declare. Every attribute a place may have is declared once in the map's `[[attributes]]`: its id, its kind (text, number, yes-no) and how it is printed.",
        example: "[[spaces]]\nid = \"paris\"\nattributes = { vps = 2 }     # error: the map declares `vp`\n# fix: attributes = { vp = 2 }",
    },
    Explanation {
        id: "unknown-callout",
        text: "A callout in the rules (`::: kind` ... `:::`) names a kind grogpress does not know. The kinds are `example` (shown under \"Example\"), `designer` (\"Designer's Note\") and `play-note` (\"Play Note\"). The callout's text is kept, set as ordinary prose.",
        example: "::: sidebar      # error: not a kind of callout\nA note.\n:::\n# fix: ::: designer",
    },
    Explanation {
        id: "unknown-echelon",
        text: "A unit's value in the field `[publish.counters] echelon` names is not an echelon: team, squad, section, platoon, company, battalion, regiment, brigade, division, corps or army. An empty value marks none.",
        example: "[[items]]\nid = \"1-101\"\nsize = \"bn\"             # error: not an echelon\n# fix: size = \"battalion\"",
    },
    Explanation {
        id: "unknown-feature",
        text: "An edge or a path of a map names a feature its `[[features]]` do not define. Define it (id, colour, width) or use one of the ids the hint lists.",
        example: "[[features]]\nid = \"river\"\ncolor = \"#3A7BD5\"\n[[paths]]\nfeature = \"road\"    # error: no [[features]] road\nthrough = [\"0101\", \"0102\"]",
    },
    Explanation {
        id: "unknown-field",
        text: "A key (or a CSV column) is not one the format allows here, usually a typo. Unknown keys are errors so that a misspelt key is never silently ignored. The hint suggests the closest allowed key or lists them.",
        example: "[[cards]]\ntitel = \"Recon\"   # error: unknown key `titel`; did you mean `title`?",
    },
    Explanation {
        id: "unknown-function",
        text: "A unit's value in the field `[publish.counters] symbol` names is not a function a unit symbol can show. The functions are infantry, armour, mechanised, reconnaissance (or cavalry), artillery, anti-tank, air-defence, engineer, headquarters and supply (American spellings too); join several with +. An empty value draws no symbol.",
        example: "[[items]]\nid = \"1-101\"\ntype = \"tanks\"          # error: not a function\n# fix: type = \"armour\"",
    },
    Explanation {
        id: "unknown-icon",
        text: "A text the game prints (a card or collection field, a chart cell or note, a glossary definition, the rules' prose, a CSV cell) writes `:name:`, which draws the icon `name`, but no icon has that name: neither the shipped icons (data/icons/, listed in the hint and by `grogpress docs icons`) nor the game's own `icons/<name>.svg`. Left alone it would print as its name. Add the SVG to the game's `icons/` folder or correct the name. A colon pair only counts when it stands apart from the words around it and holds a name starting with a letter (\"12:30\", \"a:b\" are text). An aid's `dice` block draws each symbol of its faces field with the icon of that name: a symbol with no icon is this error too, at the block's `faces`.",
        example: "effect = \"Move along :rail: lines\"   # error: no icons/rail.svg\n# fix: add icons/rail.svg (one <svg viewBox> of <path>s), or write an icon that exists",
    },
    Explanation {
        id: "unknown-move-class",
        text: "A terrain's or feature's `move` names a movement class the map's `move_classes` does not declare (often a typing slip). Use a declared class, `all`, or add the class to `move_classes`.",
        example: "move_classes = [\"foot\", \"tracked\"]\n[[terrain]]\nid = \"woods\"\nmove = { foot = 2, trakced = 3 }   # error: no class `trakced`",
    },
    Explanation {
        id: "unknown-phrase",
        text: "A `phrase` field's value is in none of the field's declared `forms`. Words match regardless of case; the hint lists the ways it can be written. Rewrite it in one of the forms, or add a form.",
        example: "forms = [{ id = \"scout\", text = \"Scout\" }]\n\n[[cards]]\nability = \"Scouts\"   # error: in none of the forms\n# fix: ability = \"Scout\"",
    },
    Explanation {
        id: "unknown-place",
        text: "A `[[connections]]` entry, or a rule figure of a map of places (its `places`, a counter's or label's `place`, an arrow, `highlight`), names a place the map does not have. Name a place by its id or its name, as its `[[spaces]]` or `[[areas]]` entry gives it.",
        example: "[[connections]]\nfrom = \"paris\"\nto = \"Verdun\"      # error: no such place\nkind = \"rail\"\n# fix: add the space `verdun`, or name one the map has",
    },
    Explanation {
        id: "unknown-rule-number",
        text: "A chart's or a block's `rule` (the rule reference printed beside its title) names a rule number the game's rules do not have. It is checked when the rules are numbered (`rule_numbers = true` in `[publish.options]`, or headings numbered by hand such as `## 9.9 Retreat`); \"5.3 & 5.4\" names two rules, \"5.1b\" names 5.1, \"5\" names 5.0. A game whose rules are not numbered may refer to a rulebook printed elsewhere, and is not checked. The hint lists the numbers nearby.",
        example: "[[blocks]]\nkind = \"results\"\nrule = \"9.9\"      # error when the rules stop at 8.4\n# fix: rule = \"8.4\"",
    },
    Explanation {
        id: "unknown-shortcode",
        text: "A `{{ name(...) }}` shortcode in the Markdown rules is not one grogpress knows. The hint lists the shortcodes (deck, card).",
        example: "{{ cards(\"action\") }}   # error: no shortcode `cards`\n# fix: {{ deck(\"action\") }}",
    },
    Explanation {
        id: "unknown-terrain",
        text: "A map names a terrain its `[[terrain]]` do not define (in `default`, a [[cells]] list or the CSV of cells), or a terrain type that is not an item of the collection the map's `collection` names.",
        example: "default = \"plain\"\n[[terrain]]\nid = \"plain\"\ncolor = \"#B9DDA0\"\n[[cells]]\nterrain = \"forest\"    # error: no [[terrain]] forest\ncells = [\"0203\"]",
    },
    Explanation {
        id: "unreachable-row",
        text: "A row of a random table answers no roll the dice can make (for 2d6, rolls run 2 to 12), so it can never be read. Correct the range or the table's roll.",
        example: "roll = \"1d6\"\n[[rows]]\nroll = \"7\"    # error: no roll of 1d6 (1-6) is 7",
    },
    Explanation {
        id: "unsafe-link",
        text: "A link or image in the rules text points somewhere a published page must never go: a `javascript:`, `vbscript:` or `data:` URL (however it is spelled: capitals, entities, spaces, an autolink or a reference), a `file:` URL, a network path (`//host/share`, which a page opened as a file follows to another machine) or any scheme but http, https and mailto. A game folder may come from someone else, so the link is dropped (its text stays, as text) in the HTML and the PDF. Link to a web page or to a place in the rules instead.",
        example: "[Roll](javascript:alert(1))        # warning: published as plain text\n# fix: [Roll](#table-combat) or [Roll](https://example.com/rules)",
    },
    Explanation {
        id: "unsupported-image",
        text: "An image grogpress cannot draw. In rules text: an image the HTML reference cannot include, from another site (the reference loads nothing from the network) or a file it cannot copy; put the information in a table or a shortcode, or use a local image file. In a card template's `[[images]]`: a file that is not a PNG, a JPEG (8-bit greyscale, RGB or CMYK; not lossless or arithmetic-coded) or an SVG, or an SVG drawn with more than solid-colour shapes (gradients, patterns, transparency, masks, filters, embedded pictures, text, HTML or scripts): card art's vector pictures are drawn as their outlines in every output. Text in an SVG would need fonts the output cannot promise (the system's are never used), and a picture inside it is never loaded: each `<text>` or `<image>` is an error at its place in the SVG. Convert the picture, or flatten the SVG's effects and its text to paths.",
        example: "![Map](https://example.com/map.png)   # error: a remote image\n# heroes.csv: Knight,art/knight.webp   # error: not a PNG, JPEG or SVG\n# fix: Knight,art/knight.png",
    },
    Explanation {
        id: "unused-legend-entry",
        text: "A legend entry of a results table is used by no cell. Remove the entry, or fix the cell that should use it.",
        example: "legend = [{ code = \"A#\", text = \"...\" }, { code = \"R\", text = \"Retreat.\" }]   # error when no cell has R",
    },
    Explanation {
        id: "unused-outline",
        text: "A shape with an id in a map's `outlines_svg` is not used: no area of the map has its id, or the area with its id gives an `outline` of its own (which wins). A warning: the shape is left out of the map.",
        example: "<!-- board.svg -->\n<path id=\"pariss\" d=\"M 10 10 L 90 10 L 90 60 Z\"/>   <!-- warning: no area `pariss` -->\n<!-- fix: id=\"paris\", the area's id -->",
    },
    Explanation {
        id: "unused-symbol",
        text: "A symbol declared by a matrix is used by no cell. Remove it from `symbols`, or fix the cell that should use it.",
        example: "symbols = [\"✓\", \"✗\", \"HQ Only\"]   # warning when no cell is \"HQ Only\"",
    },
    Explanation {
        id: "unused-units",
        text: "A warning: a scenario never places some units of a side's counter mix (neither at set-up, nor as available, nor as reinforcements). It lists them with how many copies are left, at the scenario's name. Place them (`available = true` for units off the map), or leave them out of the mix if the scenario should not use them.",
        example: "[[publish.counters.sides]]\nname = \"Soviets\"\nunits = { rifle-1 = 4 }\n# a scenario that sets up 3: warning: never places rifle-1 (1 of 4)\n# fix: [[setup]] side = \"Soviets\", available = true, units = [\"rifle-1\"]",
    },
    Explanation {
        id: "vassal-no-map",
        text: "A warning of `export vassal`: the game prints counters (`[publish.counters]`) but has no map (`[[maps]]`), so the module has nothing printed to play the counters on. The module gets a plain board, \"Board\" (16 by 12 inches, no grid), for the pieces; add the game's map to play on it in VASSAL, its cells named as printed.",
        example: "[publish.counters]\nunits = \"formations\"   # warning: no [[maps]] in game.toml\n# fix: [[maps]]\n# id = \"main\"\n# file = \"maps/main.toml\"",
    },
    Explanation {
        id: "withdrawn-not-placed",
        text: "A scenario withdraws a unit that is not in play by the withdrawal's turn: it was never set up, arrives later, or has already been withdrawn as often as it was placed. Correct the turn, or the unit.",
        example: "[[reinforcements]]\nside = \"Germans\"\nturn = 4\nunits = [\"pz-2\"]\n[[withdrawals]]\nside = \"Germans\"\nturn = 3\nunits = [\"pz-2\"]   # error: it arrives on turn 4\n# fix: turn = 5",
    },
    Explanation {
        id: "word-too-long",
        text: "A word the game sets in `[words]` cannot be printed where the engine prints it: the title of a part of the rulebook (`contents`, `tables`, `glossary`, `index`) is set as a heading across the page, and one of its words is wider than the page. Shorten the word, or write it as several words with spaces between them so that it can wrap.",
        example: "[words]\ncontents = \"Inhaltsverzeichnisinhaltsverzeichnisinhaltsverzeichnis\"   # error: wider than the page\n# fix: contents = \"Inhalt\"",
    },
    Explanation {
        id: "wrong-map-key",
        text: "A map file gives a key its kind of map does not take: a hex or square map has `columns`, `rows`, `cell`, cell codes, `[[cells]]`, `[[edges]]`, `[[paths]]` and `[[labels]]`; a map of places (`grid = \"points\"` or `\"areas\"`) has `width`, `height`, `[[spaces]]` or `[[areas]]`, `[[connections]]` and `[[attributes]]`.",
        example: "grid = \"points\"\ncolumns = 12      # error: a map of places has no columns\n# fix: width = \"22in\"\n#      height = \"17in\"",
    },
    Explanation {
        id: "wrong-type",
        text: "A value has the wrong TOML type for its key (a number where text is wanted, a table where a list is wanted), or a CSV cell of an `int` field is not a whole number.",
        example: "[[cards]]\ncost = \"2\"   # error: `cost` must be an integer, found string\n# fix: cost = 2",
    },
];

/// The explanation of an id, if there is one.
pub fn explain(id: &str) -> Option<&'static Explanation> {
    EXPLANATIONS.iter().find(|e| e.id == id)
}

/// The explanation of an id, or why there is none (with the closest id).
pub fn lookup(id: &str) -> Result<&'static Explanation, String> {
    explain(id).ok_or_else(|| {
        let ids: Vec<&str> = EXPLANATIONS.iter().map(|e| e.id).collect();
        let hint = super::closest(id, &ids)
            .map(|b| format!("did you mean `{b}`? "))
            .unwrap_or_default();
        format!("no diagnostic `{id}`; {hint}`grogpress explain` lists them")
    })
}

/// What `grogpress explain` prints: the explanation of `id`, or with no id
/// the list of ids (cut to the terminal's lines when `fit`).
pub fn text(id: Option<&str>, fit: bool) -> Result<String, String> {
    match id {
        None => Ok(list(fit)),
        Some(id) => lookup(id).map(render),
    }
}

/// The text `grogpress explain <id>` prints.
pub fn render(e: &Explanation) -> String {
    let example: String = e.example.lines().map(|l| format!("    {l}\n")).collect();
    format!("{}\n\n{}\n\nExample:\n\n{example}", e.id, wrap(e.text, 78))
}

/// Every id with the first sentence of its explanation. On a terminal
/// (`fit`) the sentence is cut to an 80-column line with "…"; into a file
/// or a pipe it is printed whole, for grep and for reading.
pub fn list(fit: bool) -> String {
    let width = EXPLANATIONS.iter().map(|e| e.id.len()).max().unwrap_or(0);
    EXPLANATIONS
        .iter()
        .map(|e| {
            let first = e.text.split(". ").next().unwrap_or(e.text);
            let first = first.split(" (e.g").next().unwrap_or(first);
            let first = first.trim_end_matches('.');
            let first = match wrap(first, 76 - width).split_once('\n') {
                Some((line, _)) if fit => format!("{line} …"),
                _ => first.to_string(),
            };
            format!("{:width$}  {first}\n", e.id)
        })
        .collect()
}

/// Greedy word wrap of a paragraph to `width` characters.
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line_len = 0;
    for word in text.split_whitespace() {
        let len = word.chars().count();
        if line_len > 0 && line_len + 1 + len > width {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(word);
        line_len += len;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_sorted_unique_kebab_case() {
        let ids: Vec<&str> = EXPLANATIONS.iter().map(|e| e.id).collect();
        let mut sorted = ids.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(ids, sorted);
        for id in ids {
            assert!(
                id.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
                "{id}"
            );
        }
    }

    #[test]
    fn renders_paragraph_and_example() {
        let text = explain("wrong-type").map(render).unwrap_or_default();
        assert!(text.starts_with("wrong-type\n\n"));
        assert!(text.contains("Example:\n\n    [[cards]]\n"));
        assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
    }
}
