#!/usr/bin/env python3
"""Fit one corner of a sheet from scans that start inside it, for a corner whose outside is not one colour.

scripts/measure-sheet.py's corner probe scans from outside in, and reads the edge halfway between two colours. Where the
sheet's corner nearly touches the display's black corner (G-P's bottom right in docs/ios-reference.md: a pixel of sea
between the two), the outside is sea, then black, and its fit fails (RMS 3.0 pt). This probe starts each scan SPAN points
inside the corner's straight sides, on the sheet, and stops where the colour first leaves the sheet's by THRESHOLD levels
(Euclidean RGB: use half the step from the sheet to what is just outside it), interpolating between samples a quarter
point apart (bilinear), and keeps each point from the scan that crosses the outline at 45° or more. It then fits a continuous and a circular
corner with measure-sheet.py's least squares. The sides stay fixed where the edge probes put them.

    python3 scripts/measure-corner-inside-out.py IMAGE --screen X0,Y0,SCALE --corner br --x XEDGE --y YEDGE \
        --inside R,G,B [--span 60] [--threshold 18]

Keep SPAN short of other content inside the sheet (a button within SPAN of the corner ends the scans early).
"""
import argparse
import importlib.util
import math
import os

from PIL import Image

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("measure_sheet", os.path.join(here, "measure-sheet.py"))
measure_sheet = importlib.util.module_from_spec(spec)
spec.loader.exec_module(measure_sheet)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("image")
    ap.add_argument("--screen", required=True)
    ap.add_argument("--corner", choices=["tl", "tr", "bl", "br"], required=True)
    ap.add_argument("--x", type=float, required=True)
    ap.add_argument("--y", type=float, required=True)
    ap.add_argument("--inside", required=True)
    ap.add_argument("--span", type=float, default=60)
    ap.add_argument("--threshold", type=float, default=18)
    a = ap.parse_args()
    im = Image.open(a.image).convert("RGB")
    x0, y0, s = (float(v) for v in a.screen.split(","))
    inside = [float(v) for v in a.inside.split(",")]
    sx = 1 if a.corner in ("tr", "br") else -1   # towards the outside, horizontally
    sy = 1 if a.corner in ("bl", "br") else -1   # towards the outside, vertically

    def sample(xp, yp):
        fx, fy = x0 + s * xp - 0.5, y0 + s * yp - 0.5
        ix, iy = int(math.floor(fx)), int(math.floor(fy))
        tx, ty = fx - ix, fy - iy
        c = [0.0, 0.0, 0.0]
        for (px, py, w) in [(ix, iy, (1 - tx) * (1 - ty)), (ix + 1, iy, tx * (1 - ty)), (ix, iy + 1, (1 - tx) * ty), (ix + 1, iy + 1, tx * ty)]:
            p = im.getpixel((min(max(px, 0), im.width - 1), min(max(py, 0), im.height - 1)))
            for k in range(3):
                c[k] += w * p[k]
        return c

    def off(c):
        return math.sqrt(sum((c[k] - inside[k]) ** 2 for k in range(3)))

    def scan(at, horizontal):
        """Distance in from the straight edge where the scan on line `at` leaves the sheet, or None."""
        prev = None
        d_in = a.span
        while d_in > -6:
            c = sample(a.x - sx * d_in, at) if horizontal else sample(at, a.y - sy * d_in)
            d = off(c)
            if d > a.threshold:
                if prev is None:
                    return None
                pd_in, pd = prev
                return pd_in - (pd_in - d_in) * (a.threshold - pd) / (d - pd)
            prev = (d_in, d)
            d_in -= 0.25
        return None

    points = []
    v = 0.5
    while v < a.span:
        # Each point from the scan that crosses the outline at 45° or more: a grazing scan spreads the edge's blur over
        # many samples and reads it poorly.
        e = scan(a.y - sy * v, True)
        if e is not None and e <= v:
            points.append((e, v))
        e = scan(a.x - sx * v, False)
        if e is not None and e <= v:
            points.append((v, e))
        v += 0.5 / s
    points = [(max(0.0, u), max(0.0, w)) for u, w in points if min(u, w) < a.span * 0.9]
    for kind in ("continuous", "circular"):
        r, rms = measure_sheet.fit_radius(kind, points, 80)
        print(f"{kind:10s} r {r:.2f} (rms {rms:.3f}), {len(points)} points")


if __name__ == "__main__":
    main()
