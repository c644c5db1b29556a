#!/usr/bin/env bash
# clip and plot are linear in the frames: a 60 s WebP clip at 60 fps against a 15 s one (MP4 adds ffmpeg's own time), and a one-hour plot against
# simulate of the same script. Usage: scripts/bench-linear.sh [sheetlab binary]
set -euo pipefail
BIN=${1:-.build/release/sheetlab}
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
script() { # seconds file: a flick every 3 s, up and down
    python3 - "$1" > "$2" <<'PY'
import json, sys
n = int(sys.argv[1]); steps = []
for k in range(0, n * 1000 - 1000, 3000):
    up = (k // 3000) % 2 == 0
    steps.append({"at": k + 100, "drag": {"from": [196, 700 if up else 200], "to": [196, 300 if up else 650], "duration": 180}})
print(json.dumps({"steps": steps}))
PY
}
# CPU seconds (user + system) of the command and its children: steadier than wall time on a shared machine.
secs() { /usr/bin/time -f "%U %S" -o "$W/time" "$@" > /dev/null; awk '{print $1 + $2}' "$W/time"; }
script 15 "$W/15.json"; script 60 "$W/60.json"; script 3600 "$W/3600.json"
c15=$(secs "$BIN" clip --script "$W/15.json" --out "$W/15.webp")
c60=$(secs "$BIN" clip --script "$W/60.json" --out "$W/60.webp")
echo "CPU time: clip 15 s: $(printf %.2f $c15) s   clip 60 s: $(printf %.2f $c60) s   ratio $(echo "$c60 / $c15" | bc -l | xargs printf %.2f) (linear: 4)"
sim=$(secs "$BIN" simulate --script "$W/3600.json")
plot=$(secs "$BIN" plot --script "$W/3600.json" --out "$W/plot.png")
echo "simulate 1 h: $(printf %.2f $sim) s   plot 1 h: $(printf %.2f $plot) s   ratio $(echo "$plot / $sim" | bc -l | xargs printf %.2f) (budget 2)"
