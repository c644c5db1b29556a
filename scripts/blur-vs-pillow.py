#!/usr/bin/env python3
"""SheetLab's backdrop blur against Pillow's GaussianBlur and an exact Gaussian (SPEC §8).

Needs:  pip install pillow scipy numpy
Usage:  scripts/blur-vs-pillow.py [--sheetlab PATH] [--sigma S] [--runs N] [--keep DIR]
        (or SHEETLAB=PATH scripts/blur-vs-pillow.py)

It draws a deterministic 1179x1278 test image (gradients, hard-edged colour blocks, thin stripes,
rows of text-like dashes, per-pixel noise), saves it as PNG, then:
  - times Pillow's ImageFilter.GaussianBlur(sigma) on it (median of --runs runs, in this process),
  - runs `sheetlab bench --json --blur-input IN.png --blur-output OUT.png --sigma S`, which reports
    the median of 15 in-process runs of SheetLab's blur of the whole image (PNG IO not timed),
  - computes the exact reference, scipy.ndimage.gaussian_filter(img, sigma=(S, S, 0),
    mode='nearest', truncate=4) in float64, and the PSNR of both results against it.
The target is SheetLab at least 3x faster than Pillow, with PSNR >= 35 dB.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np
from PIL import Image, ImageFilter
from scipy import ndimage

WIDTH, HEIGHT = 1179, 1278


def test_image(width=WIDTH, height=HEIGHT, seed=20240611):
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:height, 0:width]
    img = np.empty((height, width, 3), np.float64)
    img[..., 0] = x / (width - 1) * 255
    img[..., 1] = y / (height - 1) * 255
    img[..., 2] = ((x + y) // 4) % 256
    for _ in range(width * height // 6000):  # hard-edged blocks
        w, h = rng.integers(8, 248), rng.integers(8, 168)
        x0, y0 = rng.integers(0, width), rng.integers(0, height)
        img[y0:y0 + h, x0:x0 + w] = rng.integers(0, 256, 3)
    for band in range(0, height, 160):  # thin stripes
        img[band:band + 24:3] = rng.integers(0, 256, 3)
    for line in range(40, height, 48):  # text-like rows
        xx = 24
        while xx < width - 24:
            word = int(rng.integers(12, 102))
            ink = rng.integers(0, 256, 3) if rng.integers(0, 4) == 0 else np.zeros(3)
            for dy in range(16):
                if rng.integers(0, 3):
                    img[line + dy, xx:min(xx + word, width - 24)] = ink
            xx += word + 14
    img += rng.normal(0, 12, img.shape)  # fine detail everywhere
    return np.clip(np.rint(img), 0, 255).astype(np.uint8)


def psnr(a, b):
    mse = np.mean((a.astype(np.float64) - b.astype(np.float64)) ** 2)
    return float("inf") if mse == 0 else 10 * np.log10(255.0 ** 2 / mse)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sheetlab", default=os.environ.get("SHEETLAB", os.path.join(here, "..", ".build", "release", "sheetlab")))
    parser.add_argument("--sigma", type=float, default=60)
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--keep", help="directory to keep input, outputs and reference PNGs in")
    args = parser.parse_args()

    work = args.keep or tempfile.mkdtemp(prefix="blur-vs-pillow-")
    os.makedirs(work, exist_ok=True)
    src = test_image()
    in_path, out_path = os.path.join(work, "input.png"), os.path.join(work, "sheetlab.png")
    Image.fromarray(src, "RGB").save(in_path)

    image = Image.open(in_path)
    image.load()
    blur = ImageFilter.GaussianBlur(args.sigma)
    times = []
    for _ in range(args.runs):
        t0 = time.perf_counter()
        pillow = image.filter(blur)
        times.append((time.perf_counter() - t0) * 1000)
    pillow_ms = statistics.median(times)

    cmd = [args.sheetlab, "bench", "--json", "--blur-input", in_path, "--blur-output", out_path, "--sigma", str(args.sigma)]
    run = subprocess.run(cmd, capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed ({run.returncode}):\n{run.stderr}")
    sheetlab_ms = json.loads(run.stdout)["blur_ms"]
    ours = np.asarray(Image.open(out_path).convert("RGB"))

    exact = ndimage.gaussian_filter(src.astype(np.float64), sigma=(args.sigma, args.sigma, 0), mode="nearest", truncate=4)
    exact8 = np.clip(np.rint(exact), 0, 255)
    pillow_arr = np.asarray(pillow.convert("RGB"))
    if args.keep:
        Image.fromarray(exact8.astype(np.uint8), "RGB").save(os.path.join(work, "exact.png"))
        pillow.save(os.path.join(work, "pillow.png"))

    print(f"image            {WIDTH}x{HEIGHT} RGB, sigma {args.sigma:g} px")
    print(f"Pillow           {pillow_ms:8.2f} ms  (median of {args.runs}, PIL {Image.__version__})")
    print(f"SheetLab         {sheetlab_ms:8.2f} ms  (median of 15)")
    print(f"speedup          {pillow_ms / sheetlab_ms:8.2f} x")
    print(f"PSNR SheetLab    {psnr(ours, exact):8.2f} dB vs exact (float64, unrounded)")
    print(f"PSNR Pillow      {psnr(pillow_arr, exact):8.2f} dB vs exact (float64, unrounded)")
    print(f"max |diff|       SheetLab {np.max(np.abs(ours - exact)):.2f}, Pillow {np.max(np.abs(pillow_arr - exact)):.2f} levels")


if __name__ == "__main__":
    main()
