#!/usr/bin/env python3
"""Side inset and visible height of a glass sheet, frame by frame, in a Simulator recording over a flat colour.

Reads the frames ffmpeg extracted from the recording (PNG, 3 px per pt), finds the sheet's top on the centre column
and its left and right edges 45 pt below the top, and prints visible height, left and right inset per frame, with
the inset SheetLab's rule gives (8 pt at the small detent, 0 at large, linear in the height between).

    git --git-dir=/work/.mirror/structuredpath+AppleBugReports/repo show HEAD:FB21706305/FB21706305.mov > fb.mov
    mkdir -p frames && ffmpeg -v error -i fb.mov -vsync 0 frames/%03d.png
    python3 scripts/measure-inset-recording.py frames --large 844 --small 108.67
"""
import argparse, glob, os
from PIL import Image

p = argparse.ArgumentParser()
p.add_argument("frames")
p.add_argument("--scale", type=float, default=3.0)
p.add_argument("--large", type=float, required=True, help="visible height of the large detent, pt")
p.add_argument("--small", type=float, required=True, help="visible height of the small detent, pt")
p.add_argument("--every", type=int, default=1)
a = p.parse_args()
S = a.scale
worst = 0.0
for path in sorted(glob.glob(os.path.join(a.frames, "*.png")))[::a.every]:
    im = Image.open(path).convert("RGB"); W, H = im.size; px = im.load()
    ref = px[20, 180]  # the view behind, beside the status bar
    isbg = lambda c: all(abs(c[i] - ref[i]) < 28 for i in range(3))
    top = next((y for y in range(185, H) if not isbg(px[W // 2, y])), None)
    if top is None:
        continue
    row = min(H - 1, top + int(45 * S))
    left = next(x for x in range(W // 2) if not isbg(px[x, row])) / S
    right = (W - 1 - next(x for x in range(W - 1, W // 2, -1) if not isbg(px[x, row]))) / S
    visible = (H - top) / S
    rule = 8 * min(1, max(0, 1 - (visible - a.small) / (a.large - a.small)))
    worst = max(worst, abs((left + right) / 2 - rule))
    print(f"{os.path.basename(path)} visible {visible:7.2f}  left {left:5.2f}  right {right:5.2f}  rule {rule:5.2f}")
print(f"largest |mean inset - rule|: {worst:.2f} pt")
