#!/usr/bin/env python3
"""Benchmark: save-to-visible under `grogpress serve`, in a real browser.

Starts `grogpress serve` on a copy of a shipped game (BattleGrid), opens a
page of it in Chromium (Playwright for Python driving the system Chromium),
then saves a one-word change to a card's text N times (as editors save: a
temporary file renamed over the card file) and measures, for each save, the
time until the browser shows the change:

- `preview`: the preview page (http://127.0.0.1:PORT/); visible = the first
  page preview image swapped after the save has loaded (or, for a server
  that reloads the page instead, the reloaded page has loaded), timed at
  the start of the frame that paints it;
- `reference`: the page of the HTML rules reference that shows the card;
  visible = the new text painted, whether the page put it in place (timed
  at the frame that paints it) or reloaded (its first contentful paint);
  the time to the `load` event of the reload that follows the build is
  printed too.

Also printed: the CPU time the server spent on each rebuild (all its
threads, from /proc: what a rebuild costs whatever else the machine
runs), when the server pushed the event naming the changed file
(read by a client in this script, so an upper bound; for the reference,
the event naming its changed fragments, or the page itself), and the whole
rebuild as `serve` reports it. Pass `--bin` to time another build of
grogpress (one that polls and reloads is timed to its reloaded page's
`load`).

Each input runs at two sizes ten times apart (`--sizes 200,2000`: the
action deck grown to 200 cards, then to 2,000), so a cost that grows with
the game shows. At each size the gallery page (the deck's page of the
reference) is also opened `--edits` times in a fresh tab, timed from the
navigation to its `load` event.

Prints every figure, then the min, median and max per page and size. Not run in CI
(it needs Chromium and Playwright: `pip install playwright`; no
`playwright install` needed, the system Chromium is used):

    cargo build --release
    python3 benches/serve_latency.py [--edits 10] [--sizes 200,2000] [--chromium /usr/bin/chromium]
"""

import argparse
import os
import queue
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

# The edit: a card's effect text (both sides' copies: the deck is mirrored).
CARD_FILE = "action-cards.toml"
CARD_TEXT = "Negates one hit in combat."

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# Installed in every document before its own scripts: reports, with the
# wall-clock time of the frame that paints it, each preview image swapped
# in (`?v=` added by the preview script) and each page load, saying then
# whether the page holds the text looked for (kept in sessionStorage, which
# outlives a reload).
PROBE = """
(() => {
  const report = (what) => requestAnimationFrame(() => {
    const t = performance.timeOrigin + performance.now();
    const want = sessionStorage.getItem("grogWant");
    const has = !!want && !!document.body && document.body.innerText.includes(want);
    window.__grogSeen(what, t, has);
  });
  document.addEventListener("load", (e) => {
    const t = e.target;
    if (t instanceof HTMLImageElement && t.src.includes("?v=")) {
      report("swap " + new URL(t.src).pathname);
    }
  }, true);
  window.addEventListener("load", () => report("load"));
  // The page changed in place (the reference's new <main> put in): looked
  // at once a frame while it changes.
  let looking = false;
  new MutationObserver(() => {
    if (looking) return;
    looking = true;
    requestAnimationFrame(() => {
      looking = false;
      const want = sessionStorage.getItem("grogWant");
      if (want && document.body && document.body.innerText.includes(want)) {
        window.__grogSeen("update", performance.timeOrigin + performance.now(), true);
      }
    });
  }).observe(document, { childList: true, subtree: true, characterData: true });
  // The first paint with text or an image in it (text in a web font not
  // yet loaded is not painted, so does not count).
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.name !== "first-contentful-paint") continue;
      const want = sessionStorage.getItem("grogWant");
      const has = !!want && !!document.body && document.body.innerText.includes(want);
      window.__grogSeen("paint", performance.timeOrigin + e.startTime, has);
    }
  }).observe({ type: "paint", buffered: true });
})();
"""


def default_binary():
    target = Path(os.environ.get("CARGO_TARGET_DIR", REPO / "target"))
    return target / "release" / "grogpress"


def grow_deck(path, count):
    """Grows BattleGrid's action deck to `count` cards: copies of its cards
    in mirrored pairs under numbered titles (the per-side count dropped)."""
    text = path.read_text()
    text = re.sub(r"count_per = .*\n", "", text)
    cards = text.split("\n[[cards]]\n")[1:]
    pairs = {}
    for card in cards:
        title = re.search(r'^title = "(.*)"$', card, re.M).group(1)
        owner = re.search(r'^owner = "(.*)"$', card, re.M).group(1)
        pairs.setdefault(title, {})[owner] = card.strip() + "\n"
    pairs = [p for p in pairs.values() if len(p) == 2]
    extra = []
    n = 0
    while len(cards) + len(extra) < count:
        pair = pairs[n % len(pairs)]
        n += 1
        for card in pair.values():
            copy = re.sub(r'^title = "(.*)"$', rf'title = "\1 {n}"', card, flags=re.M)
            # The edit stays on the shipped cards only.
            extra.append(copy.replace(CARD_TEXT, "Negates one hit."))
    path.write_text(text + "".join("\n[[cards]]\n" + c for c in extra))


def save(path, text):
    tmp = path.with_name(".saving.tmp")
    tmp.write_text(text)
    os.rename(tmp, path)


class Events:
    """The server's event stream, read by a thread: (our time in ms, event
    name, data) of each event, to tell the server's part from the browser's."""

    def __init__(self, port):
        self.seen = []
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.sendall(
            f"GET /__events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()
        )
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        name = None
        for line in self.sock.makefile("r", encoding="utf-8"):
            line = line.rstrip("\r\n")
            if line.startswith("event: "):
                name = line[7:]
            elif line.startswith("data: ") and name:
                self.seen.append((time.time() * 1000, name, line[6:]))
                name = None

    def first_after(self, since, match):
        for t, name, data in list(self.seen):
            if t >= since and match(name, data):
                return t - since
        return None


class Server:
    """`grogpress serve` on a game folder; its stderr read line by line."""

    def __init__(self, binary, game, out):
        self.proc = subprocess.Popen(
            [str(binary), "serve", str(game), "--out", str(out), "--port", "0"],
            cwd=REPO,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.port = None
        seen = []
        while True:
            # The first build of a 2,000-card game draws every page's
            # preview (about 950): minutes on a loaded machine.
            line = self.next_line(600)
            if line is None:
                self.stop()
                sys.exit("serve did not start:\n" + "\n".join(seen))
            seen.append(line)
            prefix = "serving the preview on http://127.0.0.1:"
            if line.startswith(prefix):
                self.port = int(line[len(prefix):].rstrip("/"))
            if line.startswith("watching"):
                break

    def _read(self):
        for line in self.proc.stderr:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def next_line(self, timeout):
        try:
            return self.lines.get(timeout=timeout)
        except queue.Empty:
            return None

    def drain(self):
        while not self.lines.empty():
            self.lines.get_nowait()

    def wait_done(self, timeout=20):
        """Waits for the end of a rebuild; its time as printed (ms). With
        GROGPRESS_TIMING set, its stages are printed and kept in
        `self.stages` (stage: ms from the start of the rebuild)."""
        end = time.monotonic() + timeout
        self.stages = {}
        while time.monotonic() < end:
            line = self.next_line(max(0.0, end - time.monotonic()))
            if line is None:
                break
            if line.startswith("timing: ") and os.environ.get("GROGPRESS_TIMING"):
                print("    " + line)
                found = re.match(r"timing: (.*) at (\d+) ms$", line)
                if found:
                    self.stages.setdefault(found.group(1), int(found.group(2)))
            if line.startswith("done in "):
                return int(line.split()[2])
        return None

    def placed(self, url):
        """When the rebuild timed last put the file at `url` in place (ms
        from its start; GROGPRESS_TIMING), or None."""
        name = url.rsplit("/", 1)[-1]
        for stage, ms in self.stages.items():
            if stage.startswith("drew ") and stage.endswith("/" + name):
                return ms
        return None

    def cpu_ms(self):
        """The CPU time (user and system, all threads) the server has used
        so far, in ms, from /proc (Linux; `None` elsewhere): a rebuild's
        share of it says what it costs whatever else the machine runs."""
        try:
            fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            return None
        return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def clock_offset(page):
    """Browser wall clock minus ours (ms), from the quickest of a few
    round trips, and that round trip."""
    best = None
    for _ in range(10):
        before = time.time() * 1000
        browser = page.evaluate("performance.timeOrigin + performance.now()")
        after = time.time() * 1000
        sample = (after - before, browser - (before + after) / 2)
        best = sample if best is None or sample[0] < best[0] else best
    return best[1], best[0]


def run(page_name, url, server, events, cards, original, browser, edits, reference):
    """Opens `url` and makes the edits; per edit, the save-to-visible time
    (ms), for the reference also the time to its `load` event, the time
    the server took to push the change the page shows, and the rebuild's."""
    reports = []
    context = browser.new_context()
    page = context.new_page()
    page.expose_function(
        "__grogSeen", lambda what, t, has: reports.append((what, t, has))
    )
    page.add_init_script(PROBE)
    page.goto(url, wait_until="load")
    page.wait_for_timeout(500)
    offset, rtt = clock_offset(page)
    print(f"{page_name}: {url} (clock offset {offset:+.2f} ms, round trip {rtt:.2f} ms)")
    figures = {
        "visible": [],
        "loaded": [],
        "pushed": [],
        "rebuild": [],
        "cpu": [],
        "placed": [],
        "to_start": [],
        "browser": [],
    }
    for i in range(edits):
        text = original.replace(CARD_TEXT, CARD_TEXT[:-1] + f" (edit {i + 1}).")
        marker = f"(edit {i + 1})"
        for _ in range(50):  # a page reloading (after the last build) refuses a while
            try:
                page.evaluate("(m) => sessionStorage.setItem('grogWant', m)", marker)
                break
            except Exception:
                page.wait_for_timeout(100)
        server.drain()
        reports.clear()
        cpu_before = server.cpu_ms()
        save(cards, text)
        saved = time.time() * 1000

        def first(kinds):
            """The first report of one of `kinds` after the save, showing the
            edit for the reference page: (ms after the save, what)."""
            hits = [
                (t - offset - saved, what)
                for what, t, has in list(reports)
                if what.split()[0] in kinds
                and t - offset - saved >= 0
                and (has or not reference)
            ]
            return min(hits) if hits else None

        # Done when the page has loaded the change (the reference) or shown a
        # changed image (the preview page; a page that reloads instead: load).
        last = ("update", "load") if reference else ("swap", "load")
        deadline = time.monotonic() + 10
        while first(last) is None and time.monotonic() < deadline:
            page.wait_for_timeout(2)
        figures["rebuild"].append(server.wait_done())
        page.wait_for_timeout(300)  # the rest of the build lands
        cpu_after = server.cpu_ms()
        if cpu_before is not None and cpu_after is not None:
            figures["cpu"].append(cpu_after - cpu_before)
        visible = first(("update", "paint", "load") if reference else ("swap", "load"))
        loaded = first(("load",))
        if visible is None:
            print(f"  edit {i + 1:2}: not visible within 10 s")
            continue
        figures["visible"].append(visible[0])
        if reference and loaded:
            figures["loaded"].append(loaded[0])
        # The event that made the change visible: the image swapped in, or
        # the page's own file.
        if visible[1].startswith("swap "):
            want = visible[1][5:]
        else:
            want = urllib.parse.urlparse(url).path
        push = events.first_after(
            saved,
            lambda n, d: (n == "changed" and d == want)
            or (n == "fragments" and d.split(" ")[0] == want),
        )
        if push is not None:
            figures["pushed"].append(push)
            figures["browser"].append(visible[0] - push)
        # Where the server's part of it went (GROGPRESS_TIMING): from the
        # save to the rebuild's start (the file watch and its debounce), and
        # from there to the changed preview put in place.
        placed = server.placed(want) if visible[1].startswith("swap ") else None
        if placed is not None:
            figures["placed"].append(placed)
            if push is not None:
                figures["to_start"].append(push - placed)
        extra = f"; loaded after {loaded[0]:.1f} ms" if reference and loaded else ""
        print(
            f"  edit {i + 1:2}: {visible[0]:6.1f} ms ({visible[1]}{extra}; pushed after "
            f"{'?' if push is None else round(push, 1)} ms; rebuild {figures['rebuild'][-1]} ms)"
        )
    context.close()
    return figures


def open_gallery(browser, url, times):
    """Opens `url` `times` times, each in a fresh tab: ms from the start of
    the navigation to the page's `load` event."""
    figures = []
    for _ in range(times):
        context = browser.new_context()
        page = context.new_page()
        page.goto(url, wait_until="load")
        figures.append(
            page.evaluate(
                "(() => { const n = performance.getEntriesByType('navigation')[0];"
                " return n.loadEventStart - n.startTime; })()"
            )
        )
        context.close()
    return figures


def summary(xs):
    xs = [x for x in xs if x is not None]
    if not xs:
        return "nothing measured"
    return (
        f"min {min(xs):.1f} ms, median {statistics.median(xs):.1f} ms, "
        f"max {max(xs):.1f} ms ({len(xs)} runs)"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", type=Path, default=default_binary())
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--edits", type=int, default=10)
    parser.add_argument("--game", default="battlegrid")
    parser.add_argument(
        "--sizes",
        default="200,2000",
        help="grow BattleGrid's action deck to each of these many cards in turn "
        "(mirrored pairs); 0 leaves it as shipped",
    )
    parser.add_argument(
        "--page", choices=["preview", "reference", "both"], default="both"
    )
    args = parser.parse_args()
    if not args.bin.is_file():
        sys.exit(f"no {args.bin}: run `cargo build --release` first (or pass --bin)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sys.exit("needs Playwright for Python: pip install playwright")

    results = {}
    for size in [int(n) for n in args.sizes.split(",")]:
        results[size] = run_size(args, size)
    print()
    for size, figures in results.items():
        print(f"{size or 'shipped'} cards:")
        for name, f in figures.items():
            if name == "gallery":
                print(f"  gallery page opened (navigation to load): {summary(f)}")
                continue
            print(f"  {name} save-to-visible: {summary(f['visible'])}")
            print(f"    save-to-push (an upper bound): {summary(f['pushed'])}")
            print(f"    whole rebuild: {summary(f['rebuild'])}")
            print(f"    server CPU time per rebuild: {summary(f['cpu'])}")
            if f["placed"]:
                print(f"    save to rebuild start (watch, debounce): {summary(f['to_start'])}")
                print(f"    rebuild start to preview in place: {summary(f['placed'])}")
            if f["browser"]:
                print(f"    push to visible (the browser): {summary(f['browser'])}")


def run_size(args, size):
    """Runs the pages' edits and the gallery's openings on the game with its
    deck grown to `size` cards; the figures by page."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        game = Path(tmp) / args.game
        shutil.copytree(REPO / "data" / args.game, game)
        out = Path(tmp) / "out"
        cards = game / CARD_FILE
        if size:
            grow_deck(cards, size)
        original = cards.read_text()
        if CARD_TEXT not in original:
            sys.exit(f"{CARD_FILE} has no {CARD_TEXT!r} to edit")
        print(f"\n{size or 'shipped'} cards")
        server = Server(args.bin, game, out)
        events = Events(server.port)
        results = {}
        try:
            html = out / args.game / "html"
            shown_in = sorted(p.name for p in html.glob("*.html") if CARD_TEXT in p.read_text() and p.name != "print.html")
            if not shown_in:
                sys.exit("no page of the HTML reference shows the card")
            base = f"http://127.0.0.1:{server.port}"
            pages = {
                "preview": (f"{base}/", False),
                "reference": (f"{base}/out/{args.game}/html/{shown_in[0]}", True),
            }
            wanted = ["preview", "reference"] if args.page == "both" else [args.page]
            with sync_playwright() as p:
                browser = p.chromium.launch(
                    executable_path=args.chromium, args=CHROMIUM_ARGS
                )
                results["gallery"] = open_gallery(
                    browser, pages["reference"][0], args.edits
                )
                print(f"gallery: {pages['reference'][0]}: {summary(results['gallery'])}")
                for name in wanted:
                    url, seen_text = pages[name]
                    results[name] = run(
                        name,
                        url,
                        server,
                        events,
                        cards,
                        original,
                        browser,
                        args.edits,
                        seen_text,
                    )
                    save(cards, original)
                    server.wait_done()
                browser.close()
        finally:
            server.stop()
    return results


if __name__ == "__main__":
    main()
