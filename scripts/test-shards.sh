#!/usr/bin/env bash
# make test's runner (docs/testing.md §8): the built test bundle's XCTest classes split into one shard per core (at
# most 4; TEST_SHARDS overrides), each shard one process running whole classes, so that a class's shared fixtures
# (rendered scenes, a window's display) are built once. Shards are balanced by the seconds each class took
# (scripts/test-weights.tsv). Every test runs exactly once; the run fails when any shard fails, and the failures are
# listed again at the end.
#
#   scripts/test-shards.sh [SKIP-REGEX]      run every test whose name (Module.Class/test) does not match SKIP-REGEX
#   scripts/test-shards.sh --weights LOG     print a weights table from a test log (to refresh test-weights.tsv)
set -uo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = "--weights" ]; then
    # A shard's lines carry its number first ("[2] "): it is dropped.
    sed -E 's/^\[[0-9]+\] //' "$2" | awk '/^Test Suite .* (passed|failed) at/ { name = $3; gsub("\x27", "", name); getline;
         if (name != "All" && name != "Selected" && name !~ /\.xctest$/ && match($0, /in [0-9.]+ /)) {
             print name "\t" substr($0, RSTART + 3, RLENGTH - 4) } }' | sort -t$'\t' -k2,2 -rn
    exit 0
fi

SKIP=${1:-}
BUNDLE=.build/tests/release/SheetLabPackageTests.xctest
[ -x "$BUNDLE" ] || { echo "test-shards: $BUNDLE is not built (make test builds it)" >&2; exit 1; }
SHARDS=${TEST_SHARDS:-$(nproc 2>/dev/null || echo 2)}
[ "$SHARDS" -gt 4 ] && SHARDS=4
[ "$SHARDS" -lt 1 ] && SHARDS=1

LIST=$(mktemp); trap 'rm -f "$LIST" "$LIST".*' EXIT
"$BUNDLE" --list-tests > "$LIST.all" 2>/dev/null || { echo "test-shards: $BUNDLE --list-tests failed" >&2; exit 1; }
# Lines are Module.Class/test; keep those SKIP does not match.
grep -E '^[A-Za-z0-9_]+\.[A-Za-z0-9_]+/' "$LIST.all" | { if [ -n "$SKIP" ]; then grep -Ev "$SKIP"; else cat; fi; } > "$LIST"
TOTAL=$(wc -l < "$LIST")
[ "$TOTAL" -gt 0 ] || { echo "test-shards: no tests listed" >&2; exit 1; }

# Longest class first onto the lightest shard; each shard's tests as one comma-separated filter.
awk -v shards="$SHARDS" -v prefix="$LIST.shard" '
    FNR == NR { if ($0 !~ /^#/ && NF == 2) weight[$1] = $2; next }
    { split($0, a, "/"); split(a[1], b, "."); cls = b[2]; if (!(cls in tests)) { order[++n] = cls; tests[cls] = "" }
      tests[cls] = tests[cls] (tests[cls] == "" ? "" : ",") $0 }
    END {
        for (i = 1; i <= n; i++) w[i] = (order[i] in weight) ? weight[order[i]] : 2
        for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (w[j] > w[i]) { t = w[i]; w[i] = w[j]; w[j] = t; t = order[i]; order[i] = order[j]; order[j] = t }
        for (s = 1; s <= shards; s++) load[s] = 0
        for (i = 1; i <= n; i++) {
            best = 1; for (s = 2; s <= shards; s++) if (load[s] < load[best]) best = s
            load[best] += w[i]; list[best] = list[best] (list[best] == "" ? "" : ",") tests[order[i]]
        }
        for (s = 1; s <= shards; s++) if (list[s] != "") { print list[s] > (prefix s); printf "shard %d: about %d s of tests\n", s, load[s] > "/dev/stderr" }
    }' scripts/test-weights.tsv "$LIST"

echo "test-shards: $TOTAL tests in $SHARDS shard(s), one process each"
START=$(date +%s)
pids=()
for f in "$LIST".shard*; do
    s=${f##*.shard}
    # Each shard's lines prefixed with its number, as they come; the log is whole once the shard's subshell exits.
    ( "$BUNDLE" "$(cat "$f")" 2>&1 | sed -u "s/^/[$s] /" | tee "$LIST.log$s"; exit "${PIPESTATUS[0]}" ) &
    pids+=($!)
done
status=0
for p in "${pids[@]}"; do wait "$p" || status=1; done
echo
echo "test-shards: $(( $(date +%s) - START )) s"
for f in "$LIST".log*; do grep -E '^\[[0-9]+\][[:space:]]+Executed [0-9]+ tests?,' "$f" | tail -1; done
if [ "$status" -ne 0 ]; then
    echo "test-shards: FAILED"
    grep -hE '^\[[0-9]+\] .*(error:|Fatal error|Test Case .* failed)' "$LIST".log* | head -60
fi
exit "$status"
