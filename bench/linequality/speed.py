"""Rulebook build time and memory, grogpress against typst, like for like:
the same Markdown text set by both at two sizes ten times apart.
grogpress must stay at least 5x faster (issue 40).

Usage (from the repository):
    python3 bench/linequality/speed.py [--bin target/release/grogpress]
        [--runs 10] [--small 10] [--face serif|book] [--no-outline]

The text is Grid Battles' rules with their shortcodes (cards, data tables)
left out, so both set only prose, headings, lists and pipe tables; it is
repeated `small` and 10 x `small` times, each copy a chapter with its
headings made unique. Both sides set it the same way: the same face (the
default "serif", DejaVu Serif Condensed, or "book", Charis SIL), 9.5 pt,
Letter, 42 pt margins, two columns, justified and hyphenated in English,
with a table of contents (typst's `#outline()`, ours the rulebook's own).

- ours: `grogpress rulebook` on a game that has only these rules (the
  whole process: load, check, typeset, write the PDF);
- typst: its compiler through the Python binding (`pip install typst`;
  there is no typst-cli here), `typst.compile` in a fresh process, with
  the median start-up of Python and the binding (`import typst`, measured
  the same way) taken off its time. Its peak RSS is printed as measured
  and less that start-up's.

Each is run `runs` times under `/usr/bin/time -v`; the median wall time
and the median peak RSS are printed, with the median CPU time (user +
system, from the children's rusage) and the load average before and after
each size. On a busy machine (other builds on the 2 cores) wall time
measures the scheduler more than the program: the CPU times are the
figures to compare there.
"""

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from compare import ROOT, typst_source  # noqa: E402

FACES = {"serif": ("DejaVu Serif", "87.5%"), "book": ("Charis SIL", "100%")}


def prose(md):
    """The rules without their shortcodes: the text both sides can set."""
    return "\n".join(line for line in md.splitlines() if not re.match(r"\s*(\{\{|\{%)", line))


def repeated(md, times):
    parts = []
    for k in range(times):
        parts.append(re.sub(r"^(#+ .*?)(\s*\{#[^}]*\})?$", rf"\1 {k + 1}", md, flags=re.M))
    return "\n\n".join(parts)


def timed(cmd, cwd=None):
    """(wall seconds, peak RSS in MB, user + system seconds) of one run:
    wall time and peak RSS from GNU time, CPU time from the children's
    rusage (to the microsecond, where GNU time prints hundredths)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    run = subprocess.run(["/usr/bin/time", "-v", *cmd], cwd=cwd, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if run.returncode != 0:
        sys.exit(f"{cmd[0]} failed:\n{run.stderr[-2000:]}")
    wall = re.search(r"Elapsed \(wall clock\) time.*: (?:(\d+):)?(\d+(?:\.\d+)?)$", run.stderr, re.M)
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", run.stderr)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return float(wall.group(1) or 0) * 60 + float(wall.group(2)), int(rss.group(1)) / 1024, cpu


def medians(cmd, runs, cwd=None):
    samples = [timed(cmd, cwd) for _ in range(runs)]
    return tuple(statistics.median(s[i] for s in samples) for i in range(3))


def load():
    return os.getloadavg()[0]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=str(ROOT / "target/release/grogpress"))
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--small", type=int, default=10)
    ap.add_argument("--face", choices=sorted(FACES), default="serif")
    ap.add_argument("--no-outline", action="store_true", help="typst without a table of contents")
    ap.add_argument("--keep", help="a folder to keep the games and PDFs in")
    a = ap.parse_args()
    font, stretch = FACES[a.face]
    md = prose((ROOT / "data/grid-battles/rules/grid-battles.md").read_text())
    tmp = Path(a.keep or tempfile.mkdtemp(prefix="lq-speed-"))
    tmp.mkdir(parents=True, exist_ok=True)
    py = [sys.executable, "-c"]
    startup = medians([*py, "import typst"], a.runs)
    version = subprocess.run([*py, "import importlib.metadata as m; print(m.version('typst'))"],
                             capture_output=True, text=True).stdout.strip()
    print(f"face {a.face} ({font} {stretch}); typst binding {version}, start-up "
          f"{startup[0] * 1000:.0f} ms ({startup[2] * 1000:.0f} ms CPU) / {startup[1]:.0f} MB; median of {a.runs} runs", flush=True)
    worst, worst_cpu = None, None
    for times in (a.small, 10 * a.small):
        text = repeated(md, times)
        game = tmp / f"speed-{times}"
        (game / "rules").mkdir(parents=True, exist_ok=True)
        (game / "rules/rules.md").write_text(text)
        (game / "game.toml").write_text(
            f'name = "Speed {times}"\nrules = ["rules/rules.md"]\n\n[fonts]\nrules = "{a.face}"\n')
        out = tmp / f"out-{times}"
        ours_cmd = [a.bin, "rulebook", str(game), "--out", str(out), "--root", str(ROOT)]
        subprocess.run(ours_cmd, check=True, capture_output=True)
        pdf = next(out.glob("*/*rules*.pdf"))

        typ = tmp / f"rules-{times}.typ"
        layout = {"left": 42.0, "right": 42.0, "font": font, "stretch": stretch}
        source = typst_source(text, "letter", 2, layout)
        if not a.no_outline:
            source = source.replace("\n#show heading:", "\n#outline()\n#pagebreak()\n#show heading:", 1)
        typ.write_text(source)
        typst_pdf = typ.with_suffix(".pdf")
        # A fresh process each run: in one process typst's memo answers a
        # second compile of the same source at once.
        script = (f"import typst; typst.compile({str(typ)!r}, output={str(typst_pdf)!r}, "
                  f"font_paths=[{str(ROOT / 'fonts')!r}], ignore_system_fonts=True)")
        before = load()
        t_ours, m_ours, c_ours = medians(ours_cmd, a.runs)
        t_all, m_typst, c_all = medians([*py, script], a.runs)
        t_typst, c_typst = t_all - startup[0], c_all - startup[2]
        after = load()

        def pages(p):
            info = subprocess.run(["pdfinfo", str(p)], capture_output=True, text=True).stdout
            return int(re.search(r"Pages:\s+(\d+)", info).group(1))

        ratio = t_typst / t_ours
        worst = ratio if worst is None else min(worst, ratio)
        cpu_ratio = c_typst / c_ours
        worst_cpu = cpu_ratio if worst_cpu is None else min(worst_cpu, cpu_ratio)
        print(f"x{times:<4} {len(text) // 1024:5} KB  load {before:4.2f}->{after:4.2f}  "
              f"ours {t_ours:6.3f} s (CPU {c_ours:6.3f} s) {m_ours:4.0f} MB ({pages(pdf)} pp)  "
              f"typst {t_typst:6.3f} s (CPU {c_typst:6.3f} s) {m_typst:4.0f} MB "
              f"({m_typst - startup[1]:.0f} past start-up; {pages(typst_pdf)} pp)  "
              f"typst/ours {ratio:4.1f}x wall, {cpu_ratio:4.1f}x CPU, {m_typst / m_ours:3.1f}x RSS",
              flush=True)
    if not a.keep:
        shutil.rmtree(tmp)
    print(f"slowest ratio {worst:.1f}x wall, {worst_cpu:.1f}x CPU: "
          f"{'ok' if min(worst, worst_cpu) >= 5 else 'UNDER 5x'}")


if __name__ == "__main__":
    main()
