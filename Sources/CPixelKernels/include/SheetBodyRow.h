#ifndef SHEETLAB_SHEET_BODY_ROW_H
#define SHEETLAB_SHEET_BODY_ROW_H

#include <stdint.h>

/// The sheet's body pass, one canvas row at a time: the backdrop beside the sheet, the body (finished material, or the
/// opaque colour glass turns into), the straight top or bottom edge across the middle, and the side regions (corners,
/// side edges, shadow, rim and lens) pixel by pixel. Every pixel is packed premultiplied RGBA8, and every blend is
/// the integer arithmetic of Raster's `Pixel` (c·k + 128, rounded by (a + a>>8)>>8), so the bytes do not depend on
/// which kernels ran.

/// What one frame's body pass reads and writes: the same for every row of the frame.
typedef struct {
    /// The frame (`width` × `height`), and the scene behind the sheet, canvas-sized.
    uint32_t *frame;
    const uint32_t *scene;
    long width, height;
    /// The scene's first `sceneTopRows` rows come from `sceneTop` instead (`width` wide, indexed by canvas row): the
    /// status bar's rows over the scene. 0: every row from `scene`.
    const uint32_t *sceneTop;
    long sceneTopRows;
    /// The dimmed backdrop is scale(scene, dimKeep) + dimVeil; with `dimmed` 0 it is the scene, copied.
    uint32_t dimKeep, dimVeil;
    int dimmed;
    /// The finished material in the sheet's column (`sw` wide from canvas column `sx`), indexed by canvas row; it
    /// holds rows [materialFrom, materialTo). Used when `cached`.
    const uint32_t *material;
    long materialFrom, materialTo;
    int cached;
    /// The blurred backdrop in the sheet's column, its row 0 canvas row `baseFrom`; used when `hasBase` and the
    /// material does not hold a row: over(tint, scale(base, keep) + veil).
    const uint32_t *base;
    long baseFrom;
    int hasBase;
    long sx, sw;
    uint32_t keep, veil, tint;
    /// Turning opaque: the body is scale(material, 255 − opacity) + opaqueScaled; at 255 it is `opaque`.
    uint32_t opacity, opaque, opaqueScaled;
    /// The sheet's alpha (0…255: a fading sheet), the shadow's colour (opaque), the rim's colour and its strength.
    uint32_t alpha, shadowColor, rimColor, rimK;
    /// Scratch of at least 2 × `width` pixels.
    uint32_t *scratch;
    /// The body rows lensed side edges read, kept while the pass moves down the rows that read them: 32 rows of
    /// `width` pixels, slot cy & 31 for canvas row cy, and what each slot holds per side (`sheetlab_ring_reset`
    /// empties it for a new frame).
    uint32_t *ring;
    long ringRow[2][32], ringLo[2][32], ringHi[2][32];
    /// Per canvas row in [coverFrom, coverTo), the columns [cover[2i], cover[2i + 1]) that opaque content will be
    /// copied over: the plain body is not drawn there. NULL: none.
    const int32_t *cover;
    long coverFrom, coverTo;
    /// Whether the AVX2 row kernels may be used.
    int wide;
} sheetlab_body_pass;

/// One row of an outline band, as the body pass draws it.
typedef struct {
    /// Canvas columns held per pixel: [c0, m0) on the left, [m1, c1) on the right; between them the middle span,
    /// one edge value for all of it.
    long c0, m0, m1, c1;
    /// [c0, outsideLeft) and [outsideRight, c1) are outside the sheet (shadow at most); [solidLeft, m0) and
    /// [m1, solidRight) are plain body; the rest of the side regions is drawn pixel by pixel.
    long outsideLeft, solidLeft, solidRight, outsideRight;
    /// Per pixel of the side regions, left then right: coverage, shadow and rim alpha (0…255), lens offsets in pixels.
    const uint8_t *coverage, *shadow, *rim;
    const int8_t *lensX, *lensY;
    /// The middle span's values.
    uint8_t edgeCoverage, edgeShadow, edgeRim;
    int8_t edgeLensY;
    /// Whether no pixel of the side regions is lensed up or down (lensY all 0: the side edges below the top corners),
    /// so that each side reads one row of body, and how far (pixels) any of them is lensed at most, either way.
    int flat;
    long lensReach;
} sheetlab_band_row;

/// Draws canvas row `y` of the frame where the outline's band row `r` lies.
void sheetlab_body_row(sheetlab_body_pass *p, const sheetlab_band_row *r, long y);

/// The side region pixels of a flat band row (lensY 0), 8 at a time: `row` and the per-pixel planes start at canvas
/// column `x0`; `body` holds the body's row over canvas columns [lo, hi), from which pixel x reads column
/// clamp(x + lensX, lo, hi − 1). Returns how many pixels it did (a multiple of 8).
long sheetlab_edge_span_avx2(const uint8_t *coverage, const uint8_t *shadow, const uint8_t *rim, const int8_t *lensX,
                             uint32_t *row, long x0, long count, const uint32_t *body, long lo, long hi,
                             uint32_t alpha, uint32_t rimK, uint32_t shadowColor, uint32_t rimColor);

/// The same for a lensed band row: pixel x of canvas row y reads the body row clamp(y + lensY, top, bottom), held in
/// `ring` slot (that row & 31, `width` pixels a slot, canvas columns), at column clamp(x + lensX, lo, hi − 1).
long sheetlab_lensed_span_avx2(const uint8_t *coverage, const uint8_t *shadow, const uint8_t *rim, const int8_t *lensX,
                               const int8_t *lensY, uint32_t *row, long x0, long count, long y, long top, long bottom,
                               const uint32_t *ring, long width, long lo, long hi,
                               uint32_t alpha, uint32_t rimK, uint32_t shadowColor, uint32_t rimColor);

/// dst[i] = over(scale(color, mask[i]), dst[i]), 8 at a time; returns how many it did.
long sheetlab_paint_avx2(uint32_t color, const uint8_t *mask, uint32_t *dst, long count);

/// Empties the pass's ring of lensed body rows: a new frame has new body.
void sheetlab_ring_reset(sheetlab_body_pass *p);

/// Writes the dimmed backdrop into columns [x0, x1) of canvas row `y` of the frame.
void sheetlab_backdrop_span(const sheetlab_body_pass *p, long y, long x0, long x1);

#endif
