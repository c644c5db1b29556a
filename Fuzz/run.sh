#!/usr/bin/env bash
# Runs every libFuzzer target for FUZZ_SECONDS each (default 60), seeded from Assets/ and Fuzz/seeds, with a corpus
# that grows in .build/fuzz/corpus. Any crash, timeout or out-of-memory fails the run; the input is kept in
# .build/fuzz/artifacts. FUZZ_RUNS=N bounds each target by inputs instead of time. FUZZ_TARGETS picks targets.
# Prints one line per target: inputs run, executions per second, outcome.
set -uo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${FUZZ_SECONDS:-60}
TARGETS=(${FUZZ_TARGETS:-json config script simulate render compare clip export})
OUT=.build/fuzz
Fuzz/build.sh "${TARGETS[@]}" || exit 1
mkdir -p "$OUT/artifacts" "$OUT/logs"
status=0
for t in "${TARGETS[@]}"; do
    corpus="$OUT/corpus/$t"
    mkdir -p "$corpus"
    seeds=(Fuzz/seeds/$t)
    case $t in
        json|config) seeds+=(Assets/Examples Assets/Scenarios) ;;
        script|simulate|clip) seeds+=(Fuzz/seeds/script Assets/Scenarios) ;;
        render|export) seeds+=(Fuzz/seeds/config Assets/Examples Tests/ExportGoldens/configs) ;;
        compare) seeds+=(Assets/Scenarios) ;;
    esac
    for s in "${seeds[@]}"; do [ -d "$s" ] && find "$s" -maxdepth 1 -name '*.json' -exec cp -n {} "$corpus/" \; ; done
    bound=(-max_total_time="$SECONDS_EACH")
    [ -n "${FUZZ_RUNS:-}" ] && bound=(-runs="$FUZZ_RUNS")
    log="$OUT/logs/$t.log"
    "$OUT/fuzz-$t" "${bound[@]}" -timeout=10 -rss_limit_mb=2048 -max_len=8192 -dict=Fuzz/json.dict \
        -artifact_prefix="$OUT/artifacts/$t-" -print_final_stats=1 "$corpus" > "$log" 2>&1
    rc=$?
    runs=$(grep -a 'stat::number_of_executed_units' "$log" | awk '{print $2}')
    speed=$(grep -a 'stat::average_exec_per_sec' "$log" | awk '{print $2}')
    if [ $rc -eq 0 ]; then
        echo "fuzz-$t: ${runs:-?} inputs, ${speed:-?} execs/s, nothing found"
    else
        echo "fuzz-$t: FAILED (status $rc) after ${runs:-?} inputs; see $log and $OUT/artifacts/"
        grep -a -m3 -E 'ERROR|Fatal error|invariant broken|deadly signal' "$log"
        status=1
    fi
done
exit $status
