"""Line-quality figures of a rulebook PDF, from `pdftotext -bbox-layout` word boxes.

Usage: python3 measure.py FILE.pdf --columns 1|2 (the columns' edges are read off the text)

Counts, over the body text's lines (lines of the commonest height):
- justified lines: full lines (their right end on a column's right edge);
- hyphenated: full lines ending in a hyphen after a letter ("calcula-");
  runs: the longest run of hyphenated lines in a row in one column;
- page turns: hyphenated lines that are the last line of a column;
- loose lines: full lines whose spaces are over 1.5x the normal space (the
  median space between words on lines that end short of the edge);
- emptiest page: the least filled page of running text (not the front
  pages, nor the last), filled to the lowest text of its columns;
- split tables: tables that continue on another page (our "(continued)"
  heads; typst: the markers compare.py puts at a table's start and end).
- characters per line: the median of full lines' lengths.
"""

import argparse
import html
import json
import re
import statistics
import subprocess
import sys

HYPHENS = ("-", "\u2010", "\u00ad")


def words_of(pdf):
    """Pages of lines of words: [(page_w, page_h, [[(x0, y0, x1, y1, text)]])]."""
    xml = subprocess.run(
        ["pdftotext", "-bbox-layout", pdf, "-"], capture_output=True, text=True, check=True
    ).stdout
    pages = []
    for page in re.finditer(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', xml, re.S):
        lines = []
        for line in re.finditer(r"<line[^>]*>(.*?)</line>", page.group(3), re.S):
            words = [
                (float(a), float(b), float(c), float(d), html.unescape(t))
                for a, b, c, d, t in re.findall(
                    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>',
                    line.group(1),
                )
            ]
            if words:
                lines.append(words)
        pages.append((float(page.group(1)), float(page.group(2)), lines))
    return pages


def frame(pages, columns, body_h):
    """Column (left, right) edges and the text block's top and height, read
    off the body lines: the commonest left and right ends."""
    from collections import Counter
    lefts, rights, tops, bottoms = Counter(), Counter(), [], []
    for _, _, lines in pages:
        for l in lines:
            if abs(round(l[0][3] - l[0][1], 1) - body_h) <= 0.3 and len(l) > 3:
                lefts[round(l[0][0])] += 1
                rights[round(max(w[2] for w in l))] += 1
                tops.append(l[0][1])
                bottoms.append(l[0][3])

    def commonest(counter):
        picked = []
        for x, _ in counter.most_common():
            if all(abs(x - p) > 40 for p in picked):
                picked.append(x)
            if len(picked) == columns:
                break
        return sorted(picked)

    edges = list(zip(commonest(lefts), commonest(rights)))
    top = min(tops) if tops else 0.0
    return edges, top, (max(bottoms) - top) if bottoms else 1.0


def measure(pdf, columns, front=2):
    pages = words_of(pdf)
    heights = [round(l[0][3] - l[0][1], 1) for _, _, ls in pages for l in ls if len(l) >= 6]
    body_h = statistics.mode(heights) if heights else 0
    edges, top, height = frame(pages, columns, body_h)
    full, short = [], []
    by_column = {}
    for p, (_, _, lines) in enumerate(pages):
        if p < front:
            continue
        for line in lines:
            if abs(round(line[0][3] - line[0][1], 1) - body_h) > 0.3:
                continue
            if sum(w[4] == "." for w in line) > 3:
                continue  # a contents line's leader dots
            x1 = max(w[2] for w in line)
            col = next((i for i, (a, b) in enumerate(edges) if a - 1 <= line[0][0] <= b - 20), None)
            if col is None:
                continue
            entry = (p, col, line)
            by_column.setdefault((p, col), []).append(entry)
            if abs(x1 - edges[col][1]) < 1.5 and len(line) > 1:
                full.append(entry)
            elif len(line) > 1:
                short.append(entry)
    gaps = [round(b[0] - a[2], 2) for _, _, l in short for a, b in zip(l, l[1:])]
    normal = statistics.median(gaps) if gaps else 1.0

    def hyphenated(line):
        t = line[-1][4]
        return t.endswith(HYPHENS) and len(t) > 1 and t[-2].isalpha()

    hyph = [e for e in full if hyphenated(e[2])]
    loose, worst = 0, 0.0
    for _, _, l in full:
        # A justified line's spaces are all one width: its median gap is
        # its space (an icon or a list marker leaves a wider gap).
        r = statistics.median(b[0] - a[2] for a, b in zip(l, l[1:])) / normal
        worst = max(worst, r)
        loose += r > 1.5
    # Runs of hyphenated lines and hyphens at a column's end.
    run, turns = 0, 0
    for (p, c), entries in by_column.items():
        entries.sort(key=lambda e: e[2][0][1])
        cur = 0
        for e in entries:
            cur = cur + 1 if hyphenated(e[2]) else 0
            run = max(run, cur)
        if entries and hyphenated(entries[-1][2]):
            turns += 1
    # Emptiest page of running text.
    fills, fill_pages = [], []
    for p, (_, ph, lines) in enumerate(pages):
        if p < front or p == len(pages) - 1:
            continue
        col_fill = []
        for col, (a, b) in enumerate(edges):
            ys = [w[3] for l in lines for w in l if a - 1 <= w[0] <= b and top - 5 <= w[1] <= top + height]
            col_fill.append(((max(ys) - top) / height) if ys else 0.0)
        fills.append(sum(col_fill) / max(1, len(col_fill)))
        fill_pages.append(p + 1)
    text = " ".join(w[4] for _, _, ls in pages for l in ls for w in l)
    starts = {m: p for p, (_, _, ls) in enumerate(pages) for l in ls for w in l for m in re.findall(r"TBLSTART\d+", w[4])}
    ends = {m.replace("END", "START"): p for p, (_, _, ls) in enumerate(pages) for l in ls for w in l for m in re.findall(r"TBLEND\d+", w[4])}
    split = sum(1 for k, p in starts.items() if ends.get(k, p) != p) if starts else text.count("(continued)")
    chars = [sum(len(w[4]) for w in l) + len(l) - 1 for _, _, l in full]
    return {
        "pages": len(pages),
        "justified": len(full),
        "hyphenated": len(hyph),
        "hyphen_share": round(100.0 * len(hyph) / max(1, len(full)), 1),
        "hyphen_run": run,
        "hyphen_at_column_end": turns,
        "loose": loose,
        "max_space": round(worst, 2),
        "emptiest_page": round(min(fills), 2) if fills else None,
        "emptiest_page_number": fill_pages[fills.index(min(fills))] if fills else None,
        "split_tables": split,
        "chars_per_line": statistics.median(chars) if chars else 0,
        "chars_min": min(chars) if chars else 0,
        "chars_max": max(chars) if chars else 0,
    }


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("pdf")
    ap.add_argument("--columns", type=int, default=2)
    ap.add_argument("--front", type=int, default=2, help="pages before the running text")
    a = ap.parse_args()
    json.dump(measure(a.pdf, a.columns, a.front), sys.stdout)
    print()
