#!/usr/bin/env bash
# Runs each fuzz target for SECONDS, one after another, and reports crashes.
#   fuzz/run.sh SECONDS [TARGET...]     (targets: toml csv markdown check art; default all)
# Builds once (nightly, no sanitizer: the library is safe Rust, and the CPU
# goes further without ASan; debug assertions and overflow checks stay on)
# into $CARGO_TARGET_DIR (default /work/target-fuzz). Each target grows its
# working corpus fuzz/corpus/<target>/ from the committed seeds fuzz/seeds/<target>/;
# crashes, timeouts (>10 s) and out-of-memory inputs (>2 GB) land in
# fuzz/artifacts/<target>/ beside libFuzzer's log. Exits 1 if any target found one.
set -uo pipefail
seconds=${1:?usage: fuzz/run.sh SECONDS [TARGET...]}
shift
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(toml csv markdown check art)
here=$(cd "$(dirname "$0")" && pwd)
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-/work/target-fuzz}
(cd "$here" && cargo +nightly fuzz build -s none) || exit 2
bin=$CARGO_TARGET_DIR/x86_64-unknown-linux-gnu/release
found=0
for t in "${targets[@]}"; do
  corpus=$here/corpus/$t artifacts=$here/artifacts/$t
  mkdir -p "$corpus" "$artifacts"
  before=$(ls "$artifacts" | grep -cE '^(crash|timeout|oom|leak|slow-unit)-')
  start=$(date +%s)
  (cd "$artifacts" && nice "$bin/$t" "$corpus" "$here/seeds/$t" \
      -max_total_time="$seconds" -jobs=1 -workers=1 -timeout=10 -rss_limit_mb=2048 \
      -print_final_stats=1 -artifact_prefix="$artifacts/" \
      $( [ -f "$here/dict/$t.dict" ] && echo "-dict=$here/dict/$t.dict" ) > /dev/null 2>&1)
  took=$(( $(date +%s) - start ))
  # The check and art targets' scratch folders, named after their (now ended) process.
  for d in "${TMPDIR:-/tmp}"/grogpress-fuzz-check-* "${TMPDIR:-/tmp}"/grogpress-fuzz-art-*; do
    [ -d "$d" ] && ! kill -0 "${d##*-}" 2>/dev/null && rm -rf "$d"
  done
  log=$artifacts/fuzz-0.log
  cp "$log" "$artifacts/run-$(date +%Y%m%d-%H%M%S).log" 2>/dev/null
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | tail -1 | grep -o '[0-9]*$')
  rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | tail -1 | grep -o '[0-9]*$')
  cov=$(grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+/[0-9a-zA-Z]+' "$log" | tail -1)
  after=$(ls "$artifacts" | grep -cE '^(crash|timeout|oom|leak|slow-unit)-')
  echo "$t: ${took}s, ${execs:-?} execs (${rate:-?}/s), $cov, corpus $(ls "$corpus" | wc -l) files"
  if [ "$after" -gt "$before" ] || grep -qE 'panicked|deadly signal|ERROR: libFuzzer' "$log"; then
    found=1
    echo "  FOUND in $artifacts:"
    grep -E "panicked at|^thread '|ERROR: libFuzzer|Test unit written to" "$log" | head -5 | sed 's/^/    /'
  fi
done
exit $found
