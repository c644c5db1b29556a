#!/usr/bin/env python3
"""Measure a bottom sheet's geometry from a screenshot, in points, with probes placed by hand.

The sheet's outline, corners and grabber are `sheetlab measure`'s (`--screen X0,Y0,SCALE` for framed and scaled
pictures; `--references docs/reference/references.json` checks every published reference against the figures
docs/ios-reference.md states). This script stays for what the command does not read off a published picture (the
receded view, colours, the dimming and shadow rows) and as the hand-placed probe the command is checked against: the
figures the docs state for the outline come from probes placed by hand, not from the command they test. The command
finds every reference now (the specs left in scripts/ref-specs/ hold the probes behind the stated figures).

    python3 scripts/measure-sheet.py SPEC.json [--image OTHER.png] [--screen X0,Y0,SCALE] [--json OUT.json]

--image measures another picture with the same probes (a SheetLab render of the matching config);
--screen replaces the spec's mapping for it (a SheetLab PNG at 3x: --screen 0,0,3).

Plain Pillow, no numpy. The same spec measures a reference screenshot and SheetLab's render of the
matching config (docs/ios-reference.md has the specs, the images and the results).

A spec maps the image onto the screen and lists the probes:

    {
      "image": "/tmp/ref/ref-classic-medium.png",   # PNG, or a GIF with "frame": N
      "screen": {"x0": 0, "y0": 0, "scale": 3},      # image pixel = x0 + scale · point
      "size": [390, 844],                            # the screen in points
      "band": 1,                                     # scanlines averaged across a scan (odd, pixels)
      "probes": [ ... ]                              # run in order; later probes may name earlier ones
    }

Every probe has a "name"; its result (points) can stand for a number in a later probe ("$name").

  {"op": "edge", "axis": "v", "at": X, "from": Y0, "to": Y1}
      Walks the column x = X from Y0 to Y1 (points; either direction) and returns where the colour
      first crosses halfway from the start colour (mean of the first `ref` pixels, default 3) to the
      end colour (mean of the last `ref` pixels): each pixel is projected onto the line between the two
      colours, t = 0 at the start and 1 at the end, and the edge is where t crosses 0.5, interpolated
      linearly between pixel centres (for an anti-aliased edge this is the geometric edge exactly).
      "outside" and "inside" fix the two colours instead: [r, g, b], or {"at": [x, y], "r": R} to
      average a square of the image (points); needed where the scan ends on other content.
      "axis": "h" walks the row y = AT from X0 to X1 instead. Optional "ref": k, "band": n.

  {"op": "corner", "corner": "tl"|"tr"|"bl"|"br", "x": XEDGE, "y": YEDGE, "span": S, "margin": M}
      Traces one corner of a shape whose straight vertical side is at x = XEDGE and straight horizontal
      side at y = YEDGE (points, usually "$names" of edge probes). For every pixel row within S points of
      YEDGE it finds the side edge (a horizontal scan from M points outside the side to S points inside),
      and for every pixel column within S of XEDGE the top or bottom edge; each crossing is a point
      (u, v) measured from the corner in points. It then fits the radius r of (a) a quarter circle and
      (b) Apple's continuous corner (PaintCode's published iOS 7 curve, which reaches 1.52866 r along
      each edge) by least squares over those points, and reports both with their RMS residuals, plus
      "d45": the gap along the 45° diagonal from the corner to the traced curve, model-free (0.4142 r
      for a circle, 0.4123 r for the continuous curve: the two differ near the edges, where the
      continuous curve starts 1.53 r from the corner instead of r). The points used lie within S of
      the corner; S should exceed 1.6 r so the fit sees where the curve leaves the straight sides.

  {"op": "grabber", "box": [X0, Y0, X1, Y1]}
      Finds the capsule in the box: the fill is the box's median colour, the capsule colour the pixel
      farthest from it; width and height are the crossings at half way between the two along the row
      and the column through the capsule's centre; returns left, right, top, bottom, width, height, cx,
      and both colours.

  {"op": "color", "at": [X, Y], "r": R}
      Mean colour of the pixels within R points of (X, Y) (a square), as [r, g, b].

  {"op": "calc", "expr": "..."}
      A Python expression over earlier results by name ("top", "left", ...), for derived quantities
      such as an inset ("size_w - right"). The names size_w and size_h hold the screen size; corner
      and grabber results are dicts ("grabber['top'] - top", "corner_tl['circular_r']").

Output: one line per probe, and with --json the whole result as JSON.
"""
import json
import math
import sys

from PIL import Image

# --------------------------------------------------------------------------------------------------
# Apple's continuous corner: PaintCode's published constants for iOS 7's rounded rectangle, in units of
# the nominal radius, measured from the corner: the curve runs from (EXTENT, 0) on one edge to
# (0, EXTENT) on the other, symmetric about u = v. Three cubics: edge, arc, edge mirrored.
EXTENT = 1.52866483
_JOIN = (0.63149379, 0.07491139)
_EDGE = [(EXTENT, 0.0), (1.08849296, 0.0), (0.86840694, 0.0), _JOIN]
_ARC = [_JOIN, (0.37282383, 0.16905956), (0.16905956, 0.37282383), (_JOIN[1], _JOIN[0])]
_BACK = [(p[1], p[0]) for p in reversed(_EDGE)]


def _cubic(c, t):
    m = 1 - t
    return tuple(m * m * m * c[0][i] + 3 * m * m * t * c[1][i] + 3 * m * t * t * c[2][i] + t * t * t * c[3][i]
                 for i in range(2))


def continuous_curve(n=200):
    """The unit continuous corner as a dense polyline, with long straight runs on both edges."""
    pts = [(EXTENT + 4.0, 0.0)]
    for seg in (_EDGE, _ARC, _BACK):
        for i in range(n + 1):
            pts.append(_cubic(seg, i / n))
    pts.append((0.0, EXTENT + 4.0))
    return pts


def circular_curve(n=400):
    pts = [(1.0 + 4.0, 0.0), (1.0, 0.0)]
    for i in range(1, n):
        a = (math.pi / 2) * i / n
        pts.append((1 - math.sin(a), 1 - math.cos(a)))
    pts += [(0.0, 1.0), (0.0, 1.0 + 4.0)]
    return pts


UNIT = {"continuous": continuous_curve(40), "circular": circular_curve(120)}


def curve_d45(kind):
    """Gap from the corner to the unit curve along the diagonal u = v, in radii."""
    best = None
    pts = UNIT[kind]
    for a, b in zip(pts, pts[1:]):
        # intersect segment with u = v
        da = a[0] - a[1]
        db = b[0] - b[1]
        if da == 0 or da * db < 0 or db == 0:
            t = da / (da - db) if da != db else 0
            u = a[0] + (b[0] - a[0]) * t
            v = a[1] + (b[1] - a[1]) * t
            best = math.hypot(u, v)
            break
    return best


def _seg_dist(p, a, b):
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    L = dx * dx + dy * dy
    t = 0.0 if L == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / L))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def curve_distance(kind, r, p):
    """Distance in points from p = (u, v) (points from the corner) to the curve of radius r."""
    pts = UNIT[kind]
    q = (p[0] / r, p[1] / r)
    best = min(_seg_dist(q, a, b) for a, b in zip(pts, pts[1:]))
    return best * r


def fit_radius(kind, points, rmax, coarse=0.5):
    """Least-squares radius: a coarse scan, then a fine one around the best."""
    def cost(r):
        return sum(curve_distance(kind, r, p) ** 2 for p in points) / max(1, len(points))

    best_r, best_c = None, None
    r = 1.0
    while r <= rmax:
        c = cost(r)
        if best_c is None or c < best_c:
            best_r, best_c = r, c
        r += coarse
    lo, hi = max(0.5, best_r - coarse - 0.1), best_r + coarse + 0.1
    r = lo
    while r <= hi:
        c = cost(r)
        if c < best_c:
            best_r, best_c = r, c
        r += 0.05
    return round(best_r, 2), round(math.sqrt(best_c), 3)


# --------------------------------------------------------------------------------------------------
class Screen:
    def __init__(self, spec, image_override=None):
        path = image_override or spec["image"]
        im = Image.open(path)
        if "frame" in spec and image_override is None:
            im.seek(spec["frame"])
        self.im = im.convert("RGB")
        self.px = self.im.load()
        s = spec.get("screen", {})
        self.x0 = s.get("x0", 0.0)
        self.y0 = s.get("y0", 0.0)
        self.scale = s["scale"]
        self.w, self.h = self.im.size
        self.band = spec.get("band", 1)

    def to_px(self, x=None, y=None):
        return (None if x is None else self.x0 + x * self.scale,
                None if y is None else self.y0 + y * self.scale)

    def get(self, x, y):
        x = min(max(int(x), 0), self.w - 1)
        y = min(max(int(y), 0), self.h - 1)
        return self.px[x, y]

    def line(self, axis, at_pt, a_pt, b_pt, band):
        """Pixels (centre position in points, mean colour across `band` scanlines) from a to b."""
        if axis == "v":
            c = int(math.floor(self.x0 + at_pt * self.scale))
            p0 = self.y0 + a_pt * self.scale
            p1 = self.y0 + b_pt * self.scale
            origin = self.y0
        else:
            c = int(math.floor(self.y0 + at_pt * self.scale))
            p0 = self.x0 + a_pt * self.scale
            p1 = self.x0 + b_pt * self.scale
            origin = self.x0
        step = 1 if p1 >= p0 else -1
        i0 = int(math.floor(p0))
        i1 = int(math.floor(p1))
        out = []
        half = band // 2
        for i in range(i0, i1 + step, step):
            acc = [0, 0, 0]
            for k in range(-half, half + 1):
                q = self.get(c + k, i) if axis == "v" else self.get(i, c + k)
                for j in range(3):
                    acc[j] += q[j]
            col = [v / band for v in acc]
            out.append(((i + 0.5 - origin) / self.scale, col))
        return out


def crossing(samples, ref=3, a=None, b=None):
    """First 50 % crossing from the start colour to the end colour; None when there is none.

    The colours are the means of the first and last `ref` samples unless given (a, b)."""
    if len(samples) < 2 * ref + 1:
        return None
    if a is None:
        a = [sum(s[1][j] for s in samples[:ref]) / ref for j in range(3)]
    if b is None:
        b = [sum(s[1][j] for s in samples[-ref:]) / ref for j in range(3)]
    d = [b[j] - a[j] for j in range(3)]
    L = sum(v * v for v in d)
    if L < 9:  # the two ends are within 3 levels: no edge to find
        return None
    ts = [sum((s[1][j] - a[j]) * d[j] for j in range(3)) / L for s in samples]
    for i in range(1, len(ts)):
        if ts[i - 1] < 0.5 <= ts[i]:
            f = (0.5 - ts[i - 1]) / (ts[i] - ts[i - 1])
            return samples[i - 1][0] + (samples[i][0] - samples[i - 1][0]) * f
    return None


def sample_colour(sc, results, spec):
    """A colour given as [r, g, b], or sampled as {"at": [x, y], "r": R} (mean of a square, points)."""
    if spec is None:
        return None
    spec = resolve(spec, results)
    if isinstance(spec, list):
        return spec
    x, y = resolve(spec["at"], results)
    r = spec.get("r", 1.5)
    acc = [0, 0, 0]
    n = 0
    for yy in range(int(sc.y0 + (y - r) * sc.scale), int(sc.y0 + (y + r) * sc.scale) + 1):
        for xx in range(int(sc.x0 + (x - r) * sc.scale), int(sc.x0 + (x + r) * sc.scale) + 1):
            p = sc.get(xx, yy)
            for j in range(3):
                acc[j] += p[j]
            n += 1
    return [v / n for v in acc]


def resolve(v, results):
    if isinstance(v, str) and v.startswith("$"):
        r = results[v[1:]]
        return r if not isinstance(r, dict) else r["value"]
    if isinstance(v, list):
        return [resolve(x, results) for x in v]
    return v


def run(spec, image_override=None):
    sc = Screen(spec, image_override)
    W, H = spec["size"]
    results = {"size_w": W, "size_h": H}
    lines = []
    for probe in spec["probes"]:
        name = probe["name"]
        op = probe["op"]
        band = probe.get("band", sc.band)
        if op == "edge":
            at = resolve(probe["at"], results)
            a = resolve(probe["from"], results)
            b = resolve(probe["to"], results)
            ca = sample_colour(sc, results, probe.get("outside"))
            cb = sample_colour(sc, results, probe.get("inside"))
            val = crossing(sc.line(probe["axis"], at, a, b, band), probe.get("ref", 3), ca, cb)
            results[name] = None if val is None else round(val, 2)
            lines.append(f"{name:28s} {results[name]}")
        elif op == "calc":
            env = dict(results)
            try:
                val = eval(probe["expr"], {"math": math}, env)
                val = round(val, 2) if isinstance(val, (int, float)) else val
            except (TypeError, KeyError):
                val = None
            results[name] = val
            lines.append(f"{name:28s} {val}")
        elif op == "color":
            x, y = resolve(probe["at"], results)
            r = probe.get("r", 2)
            xs = range(int(sc.x0 + (x - r) * sc.scale), int(sc.x0 + (x + r) * sc.scale) + 1)
            ys = range(int(sc.y0 + (y - r) * sc.scale), int(sc.y0 + (y + r) * sc.scale) + 1)
            acc = [0, 0, 0]
            n = 0
            for yy in ys:
                for xx in xs:
                    p = sc.get(xx, yy)
                    for j in range(3):
                        acc[j] += p[j]
                    n += 1
            results[name] = [round(v / n, 1) for v in acc]
            lines.append(f"{name:28s} {results[name]}")
        elif op == "corner":
            corner = probe["corner"]
            xe = resolve(probe["x"], results)
            ye = resolve(probe["y"], results)
            span = probe.get("span", 40)
            margin = probe.get("margin", 4)
            rmax = probe.get("rmax", 80)
            sx = 1 if corner in ("tl", "bl") else -1   # +1: the shape lies to the right of its side
            sy = 1 if corner in ("tl", "tr") else -1   # +1: the shape lies below its top
            ca = sample_colour(sc, results, probe.get("outside"))
            cb = sample_colour(sc, results, probe.get("inside"))
            pts = []
            # rows: find the side edge
            step = 1 / sc.scale
            v = 0.5 / sc.scale
            while v <= span:
                y = ye + sy * v
                if 0 <= sc.y0 + y * sc.scale < sc.h:
                    x = crossing(sc.line("h", y, xe - sx * margin, xe + sx * span, band), probe.get("ref", 2), ca, cb)
                    if x is not None:
                        u = sx * (x - xe)
                        if -1 <= u <= span - 1:
                            pts.append((max(u, 0.0), v))
                v += step
            # columns: find the top or bottom edge
            u = 0.5 / sc.scale
            while u <= span:
                x = xe + sx * u
                if 0 <= sc.x0 + x * sc.scale < sc.w:
                    y = crossing(sc.line("v", x, ye - sy * margin, ye + sy * span, band), probe.get("ref", 2), ca, cb)
                    if y is not None:
                        vv = sy * (y - ye)
                        if -1 <= vv <= span - 1:
                            pts.append((u, max(vv, 0.0)))
                u += step
            # keep the points that are on the curve part (not deep along the straight edges)
            use = [p for p in pts if min(p) < span * 0.9]
            shift = 0.0
            if probe.get("fit_side"):
                # the side itself is hidden (only the corner shows): fit its position too, as a shift
                # of u, jointly with the continuous radius, coarse then fine
                best = None
                for du10 in range(-40, 41, 5):
                    du = du10 / 10
                    r_, e_ = fit_radius("continuous", [(u - du, v) for u, v in use], rmax, coarse=1.0)
                    if best is None or e_ < best[2]:
                        best = (du, r_, e_)
                for du100 in range(int(best[0] * 100) - 50, int(best[0] * 100) + 51, 5):
                    du = du100 / 100
                    r_, e_ = fit_radius("continuous", [(u - du, v) for u, v in use], rmax, coarse=1.0)
                    if e_ < best[2]:
                        best = (du, r_, e_)
                shift = best[0]
                use = [(u - shift, v) for u, v in use]
            rc, ec = fit_radius("circular", use, rmax)
            rk, ek = fit_radius("continuous", use, rmax)
            # model-free: the point nearest the diagonal
            diag = sorted(use, key=lambda p: abs(p[0] - p[1]))[:4]
            d45 = round(sum(math.hypot(*p) for p in diag) / len(diag), 2) if diag else None
            side = round(xe + sx * shift, 2)
            res = {"value": rk, "continuous_r": rk, "continuous_rms": ek, "circular_r": rc,
                   "circular_rms": ec, "d45": d45, "points": len(use), "side": side}
            results[name] = res
            lines.append(f"{name:28s} continuous r {rk} (rms {ek}), circular r {rc} (rms {ec}), "
                         f"diagonal gap {d45}, {len(use)} points"
                         + (f", side fitted at {side}" if probe.get("fit_side") else ""))
        elif op == "grabber":
            x0, y0, x1, y1 = resolve(probe["box"], results)
            X0, Y0 = sc.to_px(x0, y0)
            X1, Y1 = sc.to_px(x1, y1)
            cols = []
            for yy in range(int(Y0), int(Y1) + 1):
                for xx in range(int(X0), int(X1) + 1):
                    cols.append((sc.get(xx, yy), xx, yy))
            lum = sorted(sum(c[0]) for c in cols)
            med = lum[len(lum) // 2]
            fill = [0, 0, 0]
            nf = 0
            for c in cols:
                if abs(sum(c[0]) - med) <= 6:
                    for j in range(3):
                        fill[j] += c[0][j]
                    nf += 1
            fill = [v / nf for v in fill]
            far = max(cols, key=lambda c: sum((c[0][j] - fill[j]) ** 2 for j in range(3)))
            g = far[0]
            d = [g[j] - fill[j] for j in range(3)]
            L = sum(v * v for v in d)

            def t_of(p):
                return sum((p[j] - fill[j]) * d[j] for j in range(3)) / L

            # the capsule's rows and columns: coverage sums give its centre
            wsum = xs = ys = 0.0
            for c in cols:
                t = t_of(c[0])
                if t > 0.25:
                    wsum += t
                    xs += t * (c[1] + 0.5)
                    ys += t * (c[2] + 0.5)
            cx, cy = xs / wsum, ys / wsum
            cxp, cyp = (cx - sc.x0) / sc.scale, (cy - sc.y0) / sc.scale

            def cross_t(axis, at, a, b):
                smp = sc.line(axis, at, a, b, band)
                for i in range(1, len(smp)):
                    t0, t1 = t_of(smp[i - 1][1]), t_of(smp[i][1])
                    if t0 < 0.5 <= t1:
                        return smp[i - 1][0] + (smp[i][0] - smp[i - 1][0]) * (0.5 - t0) / (t1 - t0)
                return None

            left = cross_t("h", cyp, x0, cxp)
            right = cross_t("h", cyp, x1, cxp)
            top = cross_t("v", cxp, y0, cyp)
            bottom = cross_t("v", cxp, y1, cyp)
            res = {"value": None if None in (left, right) else round(right - left, 2),
                   "width": None if None in (left, right) else round(right - left, 2),
                   "height": None if None in (top, bottom) else round(bottom - top, 2),
                   "left": left and round(left, 2), "right": right and round(right, 2),
                   "top": top and round(top, 2), "bottom": bottom and round(bottom, 2),
                   "cx": round(cxp, 2), "fill": [round(v) for v in fill], "capsule": list(g)}
            results[name] = res
            lines.append(f"{name:28s} width {res['width']} height {res['height']} top {res['top']} "
                         f"cx {res['cx']} capsule {res['capsule']} on {res['fill']}")
        else:
            raise SystemExit(f"unknown op {op}")
    return results, lines


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(__doc__)
        return 0
    spec = json.load(open(argv[1]))
    image = None
    out = None
    args = argv[2:]
    while args:
        if args[0] == "--image":
            image = args[1]
            args = args[2:]
        elif args[0] == "--json":
            out = args[1]
            args = args[2:]
        elif args[0] == "--screen":
            x0, y0, s = (float(v) for v in args[1].split(","))
            spec["screen"] = {"x0": x0, "y0": y0, "scale": s}
            args = args[2:]
        else:
            raise SystemExit(f"unknown option {args[0]}")
    results, lines = run(spec, image)
    print(f"# {image or spec['image']}" + (f" frame {spec['frame']}" if "frame" in spec and not image else ""))
    for ln in lines:
        print(ln)
    if out:
        json.dump(results, open(out, "w"), indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
