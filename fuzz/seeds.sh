#!/usr/bin/env bash
# Regenerates the committed seed corpora in fuzz/seeds/<target>/ from the
# shipped data, the test fixtures and /work/shared/corpora (or $CORPORA);
# the art target's (files made from scratch) by art-seeds.py.
# Run from anywhere; the seeds are plain files named after their source.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(dirname "$here")
corpora=${CORPORA:-/work/shared/corpora}
seeds=$here/seeds
# The art seeds the fuzzer found (found-*) are kept; the rest is made anew.
find "$seeds" -mindepth 1 -maxdepth 1 ! -name art -exec rm -rf {} + 2>/dev/null || true
mkdir -p "$seeds"/{toml,csv,markdown,check,art}

# a/b/c.toml -> a-b-c.toml
flat() { echo "$1" | sed 's|^\./||; s|/|-|g'; }

cd "$repo"
for f in $(find data tests/fixtures templates src/publish/starter -name '*.toml' | sort); do
  cp "$f" "$seeds/toml/$(flat "$f")"
done
if [ -d "$corpora/toml-test-invalid" ]; then
  (cd "$corpora" && find toml-test-invalid -name '*.toml' | sort) | while read -r f; do
    cp "$corpora/$f" "$seeds/toml/$(flat "$f")"
  done
fi
for f in $(find data tests/fixtures -name '*.csv' | sort); do
  cp "$f" "$seeds/csv/$(flat "$f")"
done
for f in $(find data tests/fixtures src/publish/starter -name '*.md' -path '*rules*' | sort); do
  cp "$f" "$seeds/markdown/$(flat "$f")"
done

# A game folder as one archive: `-- path --` then the file, for every text file.
archive() { # dir [replace-path replacement-file]
  local dir=$1
  (cd "$dir" && find . -type f \( -name '*.toml' -o -name '*.md' -o -name '*.csv' -o -name '*.svg' \) | sed 's|^\./||' | sort) |
    while read -r f; do
      echo "-- $f --"
      if [ "${2:-}" = "$f" ]; then cat "$3"; else cat "$dir/$f"; fi
    done
}
for g in data/*/ tests/fixtures/*/ tests/fixtures/*/*/ src/publish/starter/; do
  [ -f "$g/game.toml" ] || continue
  archive "$g" > "$seeds/check/$(flat "${g%/}")"
done
# The CSV game with each faulty card list, and with each invalid TOML as its game.toml.
for f in tests/fixtures/csv/bad/*.csv; do
  archive tests/fixtures/csv/game cards.csv "$f" > "$seeds/check/csv-game-$(basename "$f")"
done
if [ -d "$corpora/toml-test-invalid" ]; then
  (cd "$corpora" && find toml-test-invalid -name '*.toml' | sort) | while read -r f; do
    archive tests/fixtures/csv/game game.toml "$corpora/$f" > "$seeds/check/csv-game-$(flat "$f")"
  done
fi
python3 "$here/art-seeds.py"
for t in toml csv markdown check art; do
  echo "$t: $(ls "$seeds/$t" | wc -l) seeds, $(du -sh "$seeds/$t" | cut -f1)"
done
