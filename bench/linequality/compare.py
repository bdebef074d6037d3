"""Line quality of grogpress's rulebooks against typst's on the same text.

Usage (from the repository): python3 bench/linequality/compare.py [--bin target/release/grogpress]
    [--games a,b] [--out DIR] [--json FILE]

For every shipped game with rules, on Letter and A4, in one and two columns:
builds `grogpress rulebook GAME --paper P --columns N`, writes the game's
rules Markdown as a .typ file set like it (the same body face and size,
paper, margins, columns, gutter, justified, hyphenated, English) and
compiles it with typst (`pip install typst`), then measures both PDFs with
measure.py. Shortcodes (cards, data tables) are left out of the typst text;
pipe tables are set as typst tables with start and end markers, so a split
table is counted. Prints a table of the figures.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from measure import measure  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
PAPERS = {"letter": "us-letter", "a4": "a4"}


def escape(text):
    """Typst markup's special characters escaped, then Markdown's bold,
    italic and links turned into typst's."""
    out = re.sub(r"([\\#$@<>`\[\]~=_*/+])", r"\\\1", text)
    out = re.sub(r"\\\*\\\*(.+?)\\\*\\\*", r"*\1*", out)
    out = re.sub(r"(?<![\w\\])\\\*(?!\s)(.+?)(?<!\s)\\\*", r"_\1_", out)
    out = re.sub(r"\\\[([^\]]*?)\\\]\([^)]*\)", r"\1", out)
    out = re.sub(r":([a-z][a-z0-9-]*):", "\u25a0", out)
    return out


def markdown_to_typst(md):
    """The rules' prose as typst: headings, paragraphs, lists, pipe tables."""
    out, para, table = [], [], []
    tables = 0

    def flush():
        nonlocal tables
        if para:
            out.append(escape(" ".join(para)) + "\n")
            para.clear()
        if table:
            rows = [
                [c.strip() for c in r.strip().strip("|").split("|")]
                for r in table
                if not re.fullmatch(r"\s*\|?[\s:|-]+\|?\s*", r)
            ]
            n = max(len(r) for r in rows)
            cells = ", ".join("[" + escape(c) + "]" for r in rows for c in r + [""] * (n - len(r)))
            tables += 1
            out.append(
                f"#place(text(size: 2pt, fill: white)[TBLSTART{tables}])\n"
                f"#table(columns: {n}, inset: 3pt, {cells})\n"
                f"#place(text(size: 2pt, fill: white)[TBLEND{tables}])\n"
            )
            table.clear()

    for line in md.splitlines():
        s = line.strip()
        if s.startswith("{{") or s.startswith("{%") or s.startswith("<!--"):
            flush()
            continue
        if s.startswith("|"):
            if para:
                flush()
            table.append(s)
            continue
        if table:
            flush()
        if not s:
            flush()
        elif m := re.match(r"(#+)\s+(.*?)(\s*\{#[^}]*\})?$", s):
            flush()
            out.append("=" * len(m.group(1)) + " " + escape(m.group(2)) + "\n")
        elif m := re.match(r"[-*+]\s+(.*)", s):
            flush()
            para.append("- " + m.group(1))
            flush()
        elif m := re.match(r"\d+[.)]\s+(.*)", s):
            flush()
            para.append("+ " + m.group(1))
            flush()
        else:
            para.append(s)
    flush()
    # A list item's marker was escaped with the rest: restore it.
    return "\n".join(re.sub(r"^\\([-+]) ", r"\1 ", p) for p in out)


def typst_source(md, paper, columns, layout):
    size = 9.5
    return f"""#set page(paper: "{PAPERS[paper]}", margin: (left: {layout['left']}pt, right: {layout['right']}pt, top: 60pt, bottom: 54pt), columns: {columns})
#set columns(gutter: 14pt)
#set text(font: "{layout['font']}", stretch: {layout['stretch']}, size: {size}pt, lang: "en", hyphenate: true, overhang: false)
#set par(justify: true, leading: {size * 0.25 + 1.2:.2f}pt, spacing: 8pt)
#show heading: set text(size: 11pt)
{markdown_to_typst(md)}
"""


def rules_text(game):
    return "\n\n".join(p.read_text() for p in sorted((ROOT / "data" / game / "rules").glob("*.md")))


def games():
    return sorted(p.parent.parent.name for p in (ROOT / "data").glob("*/rules/*.md"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=str(ROOT / "target/release/grogpress"))
    ap.add_argument("--games")
    ap.add_argument("--out")
    ap.add_argument("--json")
    ap.add_argument("--reuse-typst", action="store_true",
                    help="measure the typst PDFs an earlier run left in --out again, not compiling them")
    ap.add_argument("--font", default="DejaVu Serif",
                    help="the body face for typst (as typst names it)")
    ap.add_argument("--stretch", default="87.5%", help="the face's width (DejaVu Serif Condensed: 87.5%%)")
    ap.add_argument("--one-column-measure", type=float, default=0.0,
                    help="the text width of one column in pt (0: the page less 42pt a side)")
    a = ap.parse_args()
    import typst

    out = Path(a.out or tempfile.mkdtemp(prefix="linequality-"))
    rows = []
    for game in (a.games.split(",") if a.games else sorted(set(games()))):
        md = rules_text(game)
        for paper in ("letter", "a4"):
            for columns in (2, 1):
                ours_dir = out / f"ours-{paper}-{columns}"
                subprocess.run(
                    [a.bin, "rulebook", game, "--paper", paper, "--columns", str(columns),
                     "--out", str(ours_dir), "--root", str(ROOT)],
                    cwd=ROOT, check=True, capture_output=True,
                )
                ours_pdf = next((ours_dir / game).glob("*rules*.pdf"))
                width = 612.0 if paper == "letter" else 595.28
                side = 42.0
                if columns == 1 and a.one_column_measure:
                    side = (width - a.one_column_measure) / 2
                layout = {"left": side, "right": side, "font": a.font, "stretch": a.stretch}
                typ = out / f"{game}-{paper}-{columns}.typ"
                typ.write_text(typst_source(md, paper, columns, layout))
                theirs_pdf = typ.with_suffix(".pdf")
                if not (a.reuse_typst and theirs_pdf.exists()):
                    typst.compile(str(typ), output=str(theirs_pdf), font_paths=[str(ROOT / "fonts")],
                                  ignore_system_fonts=True)
                row = {"game": game, "paper": paper, "columns": columns,
                       "ours": measure(str(ours_pdf), columns),
                       "typst": measure(str(theirs_pdf), columns, front=0)}
                rows.append(row)
                print_row(row)
    for side in ("ours", "typst"):
        j = sum(r[side]["justified"] for r in rows)
        h = sum(r[side]["hyphenated"] for r in rows)
        lo = sum(r[side]["loose"] for r in rows)
        print(f"{side:<6} all: {h} of {j} full lines hyphenated ({100.0 * h / max(1, j):.1f}%), "
              f"{lo} loose ({100.0 * lo / max(1, j):.1f}%), "
              f"widest space {max(r[side]['max_space'] for r in rows):.2f}, "
              f"runs {max(r[side]['hyphen_run'] for r in rows)}, "
              f"at a column's foot {sum(r[side]['hyphen_at_column_end'] for r in rows)}")
    if a.json:
        Path(a.json).write_text(json.dumps(rows, indent=1))


def print_row(r):
    o, t = r["ours"], r["typst"]
    print(
        f"{r['game']:<13}{r['paper']:<7}{r['columns']}  "
        f"hyph {o['hyphen_share']:5.1f}% / {t['hyphen_share']:5.1f}%  "
        f"runs {o['hyphen_run']}/{t['hyphen_run']}  end {o['hyphen_at_column_end']}/{t['hyphen_at_column_end']}  "
        f"loose {o['loose']:3}/{t['loose']:3} of {o['justified']:4}/{t['justified']:4}  "
        f"max {o['max_space']:.2f}/{t['max_space']:.2f}  "
        f"emptiest {o['emptiest_page']}/{t['emptiest_page']}  split {o['split_tables']}/{t['split_tables']}  "
        f"chars {o['chars_min']}-{o['chars_max']} ({o['chars_per_line']})",
        flush=True,
    )


if __name__ == "__main__":
    main()
