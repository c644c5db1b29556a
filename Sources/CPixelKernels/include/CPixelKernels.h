#ifndef SHEETLAB_PIXEL_KERNELS_H
#define SHEETLAB_PIXEL_KERNELS_H

#include <stdint.h>

/// Row kernels on packed premultiplied RGBA8 pixels, 8 at a time in AVX2 registers. Each does the whole 8-pixel
/// groups of `count` and returns how many pixels it did (a multiple of 8); the caller finishes the rest. They compute
/// bit for bit what Raster's `PixelRow` computes: every channel as 16-bit lanes, c·k + 128 rounded by (a + a>>8)>>8.
/// Call them only when `sheetlab_cpu_has_avx2()` is true.

/// Whether this CPU (and its OS) runs AVX2 instructions.
int sheetlab_cpu_has_avx2(void);

/// dst[i] = scale(src[i], k) + add.
long sheetlab_scale_add_avx2(const uint32_t *src, uint32_t k, uint32_t add, uint32_t *dst, long count);
/// dst[i] = over(top, scale(src[i], k) + add).
long sheetlab_veil_then_over_avx2(const uint32_t *src, uint32_t k, uint32_t add, uint32_t top, uint32_t *dst, long count);
/// dst[i] = scale(over(top, scale(src[i], k) + add), f) + base: a veil and a tint, then a fade toward a colour.
long sheetlab_veil_over_fade_avx2(const uint32_t *src, uint32_t k, uint32_t add, uint32_t top, uint32_t f, uint32_t base,
                                  uint32_t *dst, long count);
/// dst[i] = over(src[i], dst[i]).
long sheetlab_over_avx2(const uint32_t *src, uint32_t *dst, long count);
/// dst[i] = over(scale(src[i], k), dst[i]).
long sheetlab_over_opacity_avx2(const uint32_t *src, uint32_t k, uint32_t *dst, long count);
/// dst[i] = lerp(src[index[i]], src[index[i] + 1], weight[i]), weight in 0…256: one row resampled (ResampleAxis).
long sheetlab_resample_avx2(const uint32_t *src, const int32_t *index, const uint32_t *weight, uint32_t *dst, long count);
/// dst[i] = src[index[i]]: one row resampled to the nearest source pixel.
long sheetlab_gather_avx2(const uint32_t *src, const int32_t *index, uint32_t *dst, long count);
/// dst[i] = lerp(a[i], b[i], f), f in 0…256 (weights 256 − f and f, rounded, per 8-bit channel).
long sheetlab_lerp_avx2(const uint32_t *a, const uint32_t *b, uint32_t f, uint32_t *dst, long count);

/// Asks the kernel to back the whole 2 MB pages inside [start, start + bytes) with transparent huge pages, before they
/// are first touched: a 3× frame's buffers are tens of megabytes, and faulting them in 4 kB at a time was a fifth of a
/// `render` (25 000 faults). A hint only: where the kernel says no (THP off, no MADV_HUGEPAGE), nothing changes.
void sheetlab_advise_huge_pages(void *start, long bytes);

#endif
