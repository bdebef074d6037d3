"""Rulebook build time, grogpress against typst, on the same text at two
sizes ten times apart. grogpress must stay at least 5x faster.

Usage (from the repository): python3 bench/linequality/speed.py [--bin target/release/grogpress]
    [--repeat 3] [--small 4] [--font "Charis SIL" --stretch 100%]

The text is Grid Battles' rules repeated `small` and 10 x `small` times
(its headings made unique), set by `grogpress rulebook` in a copy of the
game (the whole process: load, check, typeset, write the PDF) and by typst
(`typst.compile` in a fresh Python process, the start-up of Python and
the binding taken off) with the same face,
size, paper and columns. Prints the best of `repeat` runs of each.
"""

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from compare import ROOT, typst_source  # noqa: E402


def repeated(md, times):
    parts = []
    for k in range(times):
        parts.append(re.sub(r"^(#+ .*?)(\s*\{#[^}]*\})?$", rf"\1 {k}", md, flags=re.M))
    return "\n\n".join(parts)


def best(f, repeat):
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return min(times)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=str(ROOT / "target/release/grogpress"))
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--small", type=int, default=4)
    ap.add_argument("--font", default="Charis SIL")
    ap.add_argument("--stretch", default="100%")
    a = ap.parse_args()
    md = (ROOT / "data/grid-battles/rules/grid-battles.md").read_text()
    tmp = Path(tempfile.mkdtemp(prefix="lq-speed-"))
    game = tmp / "grid-battles"
    shutil.copytree(ROOT / "data/grid-battles", game)
    worst = None
    for times in (a.small, 10 * a.small):
        text = repeated(md, times)
        (game / "rules/grid-battles.md").write_text(text)
        out = tmp / "out"

        def ours():
            subprocess.run([a.bin, "rulebook", str(game), "--out", str(out), "--root", str(ROOT)],
                           check=True, capture_output=True)

        typ = tmp / f"rules-{times}.typ"
        layout = {"left": 42.0, "right": 42.0, "font": a.font, "stretch": a.stretch}
        typ.write_text(typst_source(text, "letter", 2, layout))

        # typst in a fresh process each time (in one process its memo
        # answers a second compile of the same source at once), less the
        # start-up of Python and the binding (timed on its own).
        script = (f"import typst; typst.compile({str(typ)!r}, output={str(typ.with_suffix('.pdf'))!r}, "
                  f"font_paths=[{str(ROOT / 'fonts')!r}], ignore_system_fonts=True)")

        def theirs():
            subprocess.run([sys.executable, "-c", script], check=True)

        startup = best(lambda: subprocess.run([sys.executable, "-c", "import typst"], check=True), a.repeat)
        t_ours, t_typst = best(ours, a.repeat), best(theirs, a.repeat) - startup
        pages = subprocess.run(["pdfinfo", str(out / "grid-battles/grid-battles-rules.pdf")],
                               capture_output=True, text=True).stdout
        pages = re.search(r"Pages:\s+(\d+)", pages).group(1)
        ratio = t_typst / t_ours
        worst = ratio if worst is None else min(worst, ratio)
        print(f"x{times:<4} ours {t_ours:7.3f}s ({pages} pages)  typst {t_typst:7.3f}s  typst/ours {ratio:5.1f}x",
              flush=True)
    shutil.rmtree(tmp)
    print(f"slowest ratio {worst:.1f}x: {'ok' if worst >= 5 else 'UNDER 5x'}")


if __name__ == "__main__":
    main()
