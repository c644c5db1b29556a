#include "CPixelKernels.h"
#include "SheetBodyRow.h"
#include <string.h>

// Raster's `Pixel` arithmetic on one packed premultiplied pixel.

static inline uint32_t px_scale(uint32_t p, uint32_t k) {
    uint32_t rb = (p & 0x00FF00FFu) * k + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    uint32_t ga = ((p >> 8) & 0x00FF00FFu) * k + 0x00800080u;
    ga = (ga + ((ga >> 8) & 0x00FF00FFu)) & 0xFF00FF00u;
    return rb | ga;
}

static inline uint32_t px_over(uint32_t src, uint32_t dst) { return src + px_scale(dst, 255 - (src >> 24)); }

static inline uint32_t px_mix(uint32_t a, uint32_t b, uint32_t k) { return px_scale(a, 255 - k) + px_scale(b, k); }

static inline uint32_t alpha_of(uint8_t v, uint32_t alpha) { return ((uint32_t)v * alpha + 127) / 255; }

static inline long clamp(long v, long lo, long hi) { return v < lo ? lo : (v > hi ? hi : v); }

// Spans, through the AVX2 kernels where allowed; the scalar loops finish what they leave.

static void scale_add(const sheetlab_body_pass *p, const uint32_t *src, uint32_t k, uint32_t add, uint32_t *dst, long n) {
    long i = p->wide ? sheetlab_scale_add_avx2(src, k, add, dst, n) : 0;
    for (; i < n; i++) dst[i] = px_scale(src[i], k) + add;
}

static void veil_then_over(const sheetlab_body_pass *p, const uint32_t *src, uint32_t *dst, long n) {
    long i = p->wide ? sheetlab_veil_then_over_avx2(src, p->keep, p->veil, p->tint, dst, n) : 0;
    for (; i < n; i++) dst[i] = px_over(p->tint, px_scale(src[i], p->keep) + p->veil);
}

static void fill(uint32_t *dst, uint32_t c, long n) {
    for (long i = 0; i < n; i++) dst[i] = c;
}

/// dst[i] = over(scale(color, mask[i]), dst[i]).
static void paint(const sheetlab_body_pass *p, uint32_t color, const uint8_t *mask, uint32_t *dst, long n) {
    for (long i = p->wide ? sheetlab_paint_avx2(color, mask, dst, n) : 0; i < n; i++) {
        uint32_t m = mask[i];
        if (m) dst[i] = px_over(px_scale(color, m), dst[i]);
    }
}

void sheetlab_backdrop_span(const sheetlab_body_pass *p, long y, long x0, long x1) {
    if (x0 >= x1) return;
    const uint32_t *src = (y < p->sceneTopRows ? p->sceneTop : p->scene) + y * p->width + x0;
    uint32_t *dst = p->frame + y * p->width + x0;
    if (p->dimmed) scale_add(p, src, p->dimKeep, p->dimVeil, dst, x1 - x0);
    else memcpy(dst, src, (size_t)(x1 - x0) * sizeof(uint32_t));
}

/// The body's row `y` over canvas columns [x0, x1) into `target`.
static void body_row(const sheetlab_body_pass *p, long y, long x0, long x1, uint32_t *target) {
    long n = x1 - x0;
    if (n <= 0) return;
    if (p->opacity == 255) { fill(target, p->opaque, n); return; }
    long cy = clamp(y, p->hasBase ? p->baseFrom : 0, p->height - 1);
    if (p->cached && cy >= p->materialFrom && cy < p->materialTo) {
        const uint32_t *from = p->material + cy * p->sw + (x0 - p->sx);
        // Turning opaque: the mix with the opaque colour is the copy.
        if (p->opacity > 0) { scale_add(p, from, 255 - p->opacity, p->opaqueScaled, target, n); return; }
        memcpy(target, from, (size_t)n * sizeof(uint32_t));
        return;
    }
    if (p->hasBase && p->opacity > 0) {
        // Finished and turned toward opaque in one pass.
        const uint32_t *src = p->base + (cy - p->baseFrom) * p->sw + (x0 - p->sx);
        long i = p->wide ? sheetlab_veil_over_fade_avx2(src, p->keep, p->veil, p->tint, 255 - p->opacity, p->opaqueScaled, target, n) : 0;
        for (; i < n; i++) target[i] = px_scale(px_over(p->tint, px_scale(src[i], p->keep) + p->veil), 255 - p->opacity) + p->opaqueScaled;
        return;
    }
    if (p->hasBase) veil_then_over(p, p->base + (cy - p->baseFrom) * p->sw + (x0 - p->sx), target, n);
    else fill(target, p->tint, n);
    if (p->opacity > 0) scale_add(p, target, 255 - p->opacity, p->opaqueScaled, target, n);
}

/// The plain body of row `y` over canvas columns [x0, x1) into the frame, less what opaque content will cover.
static void body_solid(const sheetlab_body_pass *p, long y, long x0, long x1, uint32_t *row) {
    if (p->cover && y >= p->coverFrom && y < p->coverTo) {
        const long e0 = p->cover[2 * (y - p->coverFrom)], e1 = p->cover[2 * (y - p->coverFrom) + 1];
        if (e0 < e1) {
            const long a = e0 < x1 ? e0 : x1, b = e1 > x0 ? e1 : x0;
            body_row(p, y, x0, a, row + x0);
            body_row(p, y, b, x1, row + b);
            return;
        }
    }
    body_row(p, y, x0, x1, row + x0);
}

/// The body's colour at canvas pixel (x, y).
static inline uint32_t body_at(const sheetlab_body_pass *p, long x, long y) {
    if (p->opacity == 255) return p->opaque;
    long cx = clamp(x, p->sx, p->sx + p->sw - 1), cy = clamp(y, p->hasBase ? p->baseFrom : 0, p->height - 1);
    uint32_t m;
    if (p->cached && cy >= p->materialFrom && cy < p->materialTo) m = p->material[cy * p->sw + cx - p->sx];
    else if (p->hasBase) m = px_over(p->tint, px_scale(p->base[(cy - p->baseFrom) * p->sw + cx - p->sx], p->keep) + p->veil);
    else m = p->tint;
    return p->opacity == 0 ? m : px_scale(m, 255 - p->opacity) + p->opaqueScaled;
}

/// One side-region pixel: the shadow (band value a) over `under`, then the body v with the rim over it, mixed by the
/// coverage c; v is only read where c is not 0.
static inline uint32_t edge_pixel(const sheetlab_body_pass *p, uint32_t under, uint8_t c8, uint8_t a8, uint8_t rim8, const uint32_t *v) {
    const uint32_t c = alpha_of(c8, p->alpha), a = alpha_of(a8, p->alpha);
    if (a > 0) under = px_over(px_scale(p->shadowColor, a), under);
    if (c == 0) return under;
    uint32_t body = *v;
    const uint32_t rim = alpha_of(rim8, p->rimK);
    if (rim > 0) body = px_over(px_scale(p->rimColor, rim), body);
    return c == 255 ? body : px_mix(under, body, c);
}

/// Columns [from, to) of `row` (canvas row y) pixel by pixel, reading the band's values from index `k` on.
static void edge_pixels(const sheetlab_body_pass *p, const sheetlab_band_row *r, uint32_t *row, long y, long from, long to, long k) {
    for (long x = from; x < to; x++, k++) {
        const uint32_t v = alpha_of(r->coverage[k], p->alpha) ? body_at(p, x + r->lensX[k], y + r->lensY[k]) : 0;
        row[x] = edge_pixel(p, row[x], r->coverage[k], r->shadow[k], r->rim[k], &v);
    }
}

/// Columns [from, to) of a flat band row (no lensing up or down): the body's row y over every column they read, once,
/// then each pixel from it, reading the band's values from index `k` on.
static void edge_flat(const sheetlab_body_pass *p, const sheetlab_band_row *r, uint32_t *row, long y, long from, long to, long k) {
    const long n = to - from;
    if (n <= 0) return;
    const long last = p->sx + p->sw - 1;
    const long lo = clamp(from - r->lensReach, p->sx, last), hi = clamp(to - 1 + r->lensReach, p->sx, last) + 1;
    uint32_t *body = p->scratch + p->width;
    body_row(p, y, lo, hi, body);
    const uint8_t *cov = r->coverage + k, *sh = r->shadow + k, *rm = r->rim + k;
    const int8_t *lx = r->lensX + k;
    long i = p->wide ? sheetlab_edge_span_avx2(cov, sh, rm, lx, row + from, from, n, body, lo, hi, p->alpha, p->rimK,
                                               p->shadowColor, p->rimColor) : 0;
    for (; i < n; i++) {
        const long x = from + i;
        row[x] = edge_pixel(p, row[x], cov[i], sh[i], rm[i], &body[clamp(x + lx[i], lo, hi - 1) - lo]);
    }
}

void sheetlab_ring_reset(sheetlab_body_pass *p) {
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < 32; i++) { p->ringRow[side][i] = -1; p->ringLo[side][i] = 0; p->ringHi[side][i] = 0; }
}

/// Columns [from, to) of a lensed band row, on `side` (0 left, 1 right): the body rows they read, kept in the ring
/// (each computed once as the pass moves down), then each pixel from them.
static void edge_lensed(sheetlab_body_pass *p, const sheetlab_band_row *r, int side, uint32_t *row, long y,
                        long from, long to, long k) {
    const long n = to - from;
    if (n <= 0) return;
    const long R = r->lensReach;
    if (R > 15) { edge_pixels(p, r, row, y, from, to, k); return; }
    // Every row of the band reads within its side region widened by the reach: the ring holds that much of each body
    // row, so that a row computed for one output row serves the next ones as the outline's curve moves across.
    const long last = p->sx + p->sw - 1;
    const long regionFrom = side == 0 ? r->c0 : r->m1, regionTo = side == 0 ? r->m0 : r->c1;
    const long lo = clamp(regionFrom - R, p->sx, last), hi = clamp(regionTo - 1 + R, p->sx, last) + 1;
    const long top = p->hasBase ? p->baseFrom : 0, bottom = p->height - 1;
    const long w = p->width;
    for (long dy = -R; dy <= R; dy++) {
        const long cy = clamp(y + dy, top, bottom), slot = cy & 31;
        if (p->ringRow[side][slot] == cy && p->ringLo[side][slot] <= lo && p->ringHi[side][slot] >= hi) continue;
        long a = lo, b = hi;
        if (p->ringRow[side][slot] == cy && p->ringHi[side][slot] > p->ringLo[side][slot]) {
            if (p->ringLo[side][slot] < a) a = p->ringLo[side][slot];
            if (p->ringHi[side][slot] > b) b = p->ringHi[side][slot];
        }
        body_row(p, cy, a, b, p->ring + slot * w + a);
        p->ringRow[side][slot] = cy; p->ringLo[side][slot] = a; p->ringHi[side][slot] = b;
    }
    const uint8_t *cov = r->coverage + k, *sh = r->shadow + k, *rm = r->rim + k;
    const int8_t *lx = r->lensX + k, *ly = r->lensY + k;
    long i = p->wide ? sheetlab_lensed_span_avx2(cov, sh, rm, lx, ly, row + from, from, n, y, top, bottom, p->ring, w, lo, hi,
                                                 p->alpha, p->rimK, p->shadowColor, p->rimColor) : 0;
    for (; i < n; i++) {
        const long x = from + i, cy = clamp(y + ly[i], top, bottom);
        row[x] = edge_pixel(p, row[x], cov[i], sh[i], rm[i], &p->ring[(cy & 31) * w + clamp(x + lx[i], lo, hi - 1)]);
    }
}

void sheetlab_body_row(sheetlab_body_pass *p, const sheetlab_band_row *r, long y) {
    const long w = p->width, c0 = r->c0, m0 = r->m0, m1 = r->m1, c1 = r->c1;
    const uint32_t alpha = p->alpha;
    uint32_t *row = p->frame + y * w;
    // A fading sheet is drawn pixel by pixel over what is behind it; an opaque one in runs.
    long outsideLeft = r->outsideLeft, solidLeft = r->solidLeft, solidRight = r->solidRight, outsideRight = r->outsideRight;
    if (alpha < 255) { outsideLeft = c0; solidLeft = m0; solidRight = m1; outsideRight = c1; }
    const int edgeSolid = r->edgeCoverage == 255 && r->edgeRim == 0 && r->edgeLensY == 0;
    const int middleSolid = m1 <= m0 || (edgeSolid && alpha == 255);
    sheetlab_backdrop_span(p, y, 0, solidLeft);
    sheetlab_backdrop_span(p, y, solidRight, w);
    if (middleSolid) {
        body_solid(p, y, solidLeft, solidRight, row);
    } else {
        body_solid(p, y, solidLeft, m0, row);
        body_solid(p, y, m1, solidRight, row);
        // The middle span, where the edge is straight: one coverage, shadow, rim and lens shift.
        const long n = m1 - m0;
        const uint32_t coverage = alpha_of(r->edgeCoverage, alpha);
        if (coverage < 255) sheetlab_backdrop_span(p, y, m0, m1);
        const uint32_t a = alpha_of(r->edgeShadow, alpha);
        if (coverage == 0) {
            if (a > 0) scale_add(p, row + m0, 255 - a, px_scale(p->shadowColor, a), row + m0, n);
        } else {
            uint32_t *target = coverage == 255 ? row + m0 : p->scratch;
            body_row(p, y + r->edgeLensY, m0, m1, target);
            const uint32_t rim = alpha_of(r->edgeRim, p->rimK);
            if (rim > 0) scale_add(p, target, 255 - rim, px_scale(p->rimColor, rim), target, n);
            if (coverage < 255) {
                const uint32_t shade = px_scale(p->shadowColor, a);
                for (long i = 0; i < n; i++) {
                    uint32_t under = a > 0 ? px_over(shade, row[m0 + i]) : row[m0 + i];
                    row[m0 + i] = px_mix(under, target[i], coverage);
                }
            }
        }
    }
    // The side regions: the shadow outside in runs, then corners, side edges, rim and lens pixel by pixel.
    const long rightBase = (m0 - c0) - m1;
    if (alpha == 255) {
        if (outsideLeft > c0) paint(p, p->shadowColor, r->shadow, row + c0, outsideLeft - c0);
        if (c1 > outsideRight) paint(p, p->shadowColor, r->shadow + rightBase + outsideRight, row + outsideRight, c1 - outsideRight);
    }
    if (r->flat) {
        edge_flat(p, r, row, y, outsideLeft, solidLeft, outsideLeft - c0);
        edge_flat(p, r, row, y, solidRight, outsideRight, rightBase + solidRight);
    } else if (p->ring) {
        edge_lensed(p, r, 0, row, y, outsideLeft, solidLeft, outsideLeft - c0);
        edge_lensed(p, r, 1, row, y, solidRight, outsideRight, rightBase + solidRight);
    } else {
        edge_pixels(p, r, row, y, outsideLeft, solidLeft, outsideLeft - c0);
        edge_pixels(p, r, row, y, solidRight, outsideRight, rightBase + solidRight);
    }
}
