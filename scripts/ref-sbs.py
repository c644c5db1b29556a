#!/usr/bin/env python3
"""Side-by-side pictures for docs/ios-reference.md: reference | SheetLab at the reference's pixel scale.

Reads the reference images and SheetLab renders from /tmp/ref (see "Re-running" in the doc) and writes
/tmp/ref/sbs-*.png and /tmp/ref/view-sbs-*.png (the classic pairs at 1/3, the GIF ones at 2×).
"""
import os
os.chdir("/tmp/ref")
from PIL import Image, ImageDraw
def sbs(ref, sl, out, crop=None, scale=3.0, frame=None, label=("reference","SheetLab")):
    r = Image.open(ref)
    if frame is not None: r.seek(frame)
    r = r.convert("RGB")
    if crop: r = r.crop(crop)
    s = Image.open(sl).convert("RGB")
    if abs(s.width - r.width) > 2:
        s = s.resize((r.width, round(s.height * r.width / s.width)), Image.LANCZOS)
    h = max(r.height, s.height)
    o = Image.new("RGB", (r.width + s.width + 6, h + 14), (255, 0, 255))
    o.paste(r, (0, 14)); o.paste(s, (r.width + 6, 14))
    d = ImageDraw.Draw(o); d.text((2, 1), label[0], fill=(255,255,255)); d.text((r.width + 8, 1), label[1], fill=(255,255,255))
    o.save(out)
    return o
ts = (44, 90, 356, 767)   # screen of the TrueSheet GIF frames, 0.7748 px/pt
bl = (16, 15, 284, 598)   # screen of the bloggure PNG, 0.666 px/pt
sbs("ref-classic-medium.png", "sl/sl-classic-medium.png", "sbs-classic-medium.png")
sbs("ref-classic-large.png", "sl/sl-classic-large.png", "sbs-classic-large.png")
REF = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "reference")
sbs(os.path.join(REF, "truesheet-ios26.1-onmount-f140.png"), "sl/sl-glass-ts-partial.png", "sbs-glass-ts-partial.png", ts)
sbs(os.path.join(REF, "truesheet-ios26.1-resizing-f010.png"), "sl/sl-glass-ts-peek.png", "sbs-glass-ts-peek.png", ts)
sbs(os.path.join(REF, "truesheet-ios26.1-resizing-f100.png"), "sl/sl-glass-ts-large.png", "sbs-glass-ts-large.png", ts)
sbs("sheet-262-fixed.png", "sl/sl-glass-bloggure.png", "sbs-glass-bloggure.png", bl)
for n in ["classic-medium","classic-large"]:
    im=Image.open("sbs-%s.png"%n); im.resize((im.width//3, im.height//3), Image.LANCZOS).save("view-sbs-%s.png"%n)
for n in ["glass-ts-partial","glass-ts-peek","glass-ts-large","glass-bloggure"]:
    im=Image.open("sbs-%s.png"%n); im.resize((im.width*2, im.height*2), Image.NEAREST).save("view-sbs-%s.png"%n)
print("ok")
