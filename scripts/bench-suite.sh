#!/usr/bin/env bash
# Times `sheetlab test` on a generated suite of 100 snapshots (10 scenarios of 10, the seven examples and three
# dark variants, each a drag script): recording with --jobs 1 and 2, checking with --jobs 1, 2 and the default,
# each RUNS times, at scale 1 and 3. Usage: scripts/bench-suite.sh [sheetlab binary] [runs]
set -euo pipefail
BIN=${1:-.build/release/sheetlab}
RUNS=${2:-3}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
unset CI
make_suite() { # scale dir
    mkdir -p "$2"
    local i=0
    for c in "$ROOT"/Assets/Examples/{default,glass-maps,blur-sheet,classic-page-sheet,dynamic-sheet,half-screen-cover,multi-height}.json \
             "$ROOT"/Assets/Examples/{default,glass-maps,classic-page-sheet}.json; do
        i=$((i + 1))
        local dark=""
        [ $i -gt 7 ] && dark='"appearance": "dark",'
        local snaps=""
        for t in 0 150 300 450 600 750 900 1050 1200 1500; do snaps="$snaps{\"at\": $t, \"name\": \"t$t\"},"; done
        cat > "$2/s$i.scenario.json" <<JSON
{"config": $( { [ -n "$dark" ] && python3 -c "import json,sys; d=json.load(open('$c')); d['appearance']='dark'; print(json.dumps(d))"; } || cat "$c"),
 "script": {"steps": [{"at": 100, "drag": {"from": [196, 700], "to": [196, 300], "duration": 500}}]},
 "scale": $1,
 "snapshots": [${snaps%,}]}
JSON
    done
}
secs() { local s e; s=$(date +%s.%N); "$@" > /dev/null 2>&1 || true; e=$(date +%s.%N); echo "$e - $s" | bc; }
for scale in 1 3; do
    for run in $(seq "$RUNS"); do
        for jobs in 1 2; do
            d="$WORK/s$scale-j$jobs-r$run"; make_suite "$scale" "$d"
            rec=$(secs "$BIN" test "$d" --update=missing --jobs $jobs)
            chk=$(secs "$BIN" test "$d" --jobs $jobs)
            echo "scale $scale  run $run  jobs $jobs  record $(printf %.2f "$rec") s  check $(printf %.2f "$chk") s"
        done
        chk=$(secs "$BIN" test "$d")
        echo "scale $scale  run $run  default jobs  check $(printf %.2f "$chk") s"
    done
done
