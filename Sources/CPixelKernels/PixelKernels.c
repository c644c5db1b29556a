#include "CPixelKernels.h"
#include "SheetBodyRow.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

int sheetlab_cpu_has_avx2(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
}

#define AVX2 __attribute__((target("avx2")))

/// Each channel times its lane's k/255, rounded; `k16` holds k in both 16-bit halves of each lane.
AVX2 static inline __m256i scale8(__m256i p, __m256i k16) {
    const __m256i mask = _mm256_set1_epi32(0x00FF00FF), half = _mm256_set1_epi16(128);
    __m256i lo = _mm256_and_si256(p, mask);
    __m256i hi = _mm256_and_si256(_mm256_srli_epi32(p, 8), mask);
    __m256i a = _mm256_add_epi16(_mm256_mullo_epi16(lo, k16), half);
    a = _mm256_srli_epi16(_mm256_add_epi16(a, _mm256_srli_epi16(a, 8)), 8);
    __m256i b = _mm256_add_epi16(_mm256_mullo_epi16(hi, k16), half);
    b = _mm256_srli_epi16(_mm256_add_epi16(b, _mm256_srli_epi16(b, 8)), 8);
    return _mm256_or_si256(a, _mm256_slli_epi32(b, 8));
}

/// k in both 16-bit halves of every lane.
AVX2 static inline __m256i splat16(uint32_t k) { return _mm256_set1_epi32((int)(k | (k << 16))); }

/// Source-over: src + scale(dst, 255 − src's alpha), per lane.
AVX2 static inline __m256i over8(__m256i src, __m256i dst) {
    __m256i inv = _mm256_sub_epi32(_mm256_set1_epi32(255), _mm256_srli_epi32(src, 24));
    __m256i k16 = _mm256_or_si256(inv, _mm256_slli_epi32(inv, 16));
    return _mm256_add_epi32(src, scale8(dst, k16));
}

#define LOAD(p) _mm256_loadu_si256((const __m256i *)(p))
#define STORE(p, v) _mm256_storeu_si256((__m256i *)(p), (v))

AVX2 long sheetlab_scale_add_avx2(const uint32_t *src, uint32_t k, uint32_t add, uint32_t *dst, long count) {
    const __m256i kk = splat16(k), aa = _mm256_set1_epi32((int)add);
    long i = 0;
    for (; i + 8 <= count; i += 8) STORE(dst + i, _mm256_add_epi32(scale8(LOAD(src + i), kk), aa));
    return i;
}

AVX2 long sheetlab_veil_then_over_avx2(const uint32_t *src, uint32_t k, uint32_t add, uint32_t top, uint32_t *dst, long count) {
    const __m256i kk = splat16(k), aa = _mm256_set1_epi32((int)add), tt = _mm256_set1_epi32((int)top);
    long i = 0;
    for (; i + 8 <= count; i += 8) STORE(dst + i, over8(tt, _mm256_add_epi32(scale8(LOAD(src + i), kk), aa)));
    return i;
}

AVX2 long sheetlab_veil_over_fade_avx2(const uint32_t *src, uint32_t k, uint32_t add, uint32_t top, uint32_t f, uint32_t base,
                                      uint32_t *dst, long count) {
    const __m256i kk = splat16(k), aa = _mm256_set1_epi32((int)add), tt = _mm256_set1_epi32((int)top);
    const __m256i ff = splat16(f), bb = _mm256_set1_epi32((int)base);
    long i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i v = over8(tt, _mm256_add_epi32(scale8(LOAD(src + i), kk), aa));
        STORE(dst + i, _mm256_add_epi32(scale8(v, ff), bb));
    }
    return i;
}

AVX2 long sheetlab_over_avx2(const uint32_t *src, uint32_t *dst, long count) {
    long i = 0;
    for (; i + 8 <= count; i += 8) STORE(dst + i, over8(LOAD(src + i), LOAD(dst + i)));
    return i;
}

AVX2 long sheetlab_over_opacity_avx2(const uint32_t *src, uint32_t k, uint32_t *dst, long count) {
    const __m256i kk = splat16(k);
    long i = 0;
    for (; i + 8 <= count; i += 8) STORE(dst + i, over8(scale8(LOAD(src + i), kk), LOAD(dst + i)));
    return i;
}

/// lerp(p, q) per lane with weights gg = 256 − f and ff = f (per lane or splatted), rounded, per 8-bit channel.
AVX2 static inline __m256i lerp8(__m256i p, __m256i q, __m256i ff, __m256i gg) {
    const __m256i m = _mm256_set1_epi32(0x00FF00FF), half = _mm256_set1_epi32(0x00800080);
    const __m256i hiMask = _mm256_set1_epi32((int)0xFF00FF00u);
    __m256i rb = _mm256_add_epi32(_mm256_add_epi32(_mm256_mullo_epi32(_mm256_and_si256(p, m), gg),
                                                   _mm256_mullo_epi32(_mm256_and_si256(q, m), ff)), half);
    rb = _mm256_and_si256(_mm256_srli_epi32(rb, 8), m);
    __m256i ga = _mm256_add_epi32(_mm256_add_epi32(_mm256_mullo_epi32(_mm256_and_si256(_mm256_srli_epi32(p, 8), m), gg),
                                                   _mm256_mullo_epi32(_mm256_and_si256(_mm256_srli_epi32(q, 8), m), ff)), half);
    return _mm256_or_si256(rb, _mm256_and_si256(ga, hiMask));
}

AVX2 long sheetlab_lerp_avx2(const uint32_t *a, const uint32_t *b, uint32_t f, uint32_t *dst, long count) {
    const __m256i ff = _mm256_set1_epi32((int)f), gg = _mm256_set1_epi32((int)(256 - f));
    long i = 0;
    for (; i + 8 <= count; i += 8) STORE(dst + i, lerp8(LOAD(a + i), LOAD(b + i), ff, gg));
    return i;
}

/// floor(t / 255) for t < 65535, per 32-bit lane: (t + 1 + (t >> 8)) >> 8.
AVX2 static inline __m256i div255(__m256i t) {
    return _mm256_srli_epi32(_mm256_add_epi32(_mm256_add_epi32(t, _mm256_set1_epi32(1)), _mm256_srli_epi32(t, 8)), 8);
}

/// (v · k + 127) / 255 per lane, for 8 bytes v widened to lanes.
AVX2 static inline __m256i times(__m256i v, __m256i k) {
    return div255(_mm256_add_epi32(_mm256_mullo_epi32(v, k), _mm256_set1_epi32(127)));
}

/// Per-lane k (0…255) in both 16-bit halves.
AVX2 static inline __m256i halves(__m256i k) { return _mm256_or_si256(k, _mm256_slli_epi32(k, 16)); }

AVX2 static inline __m256i widen8(const void *p) { return _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)p)); }

/// One group of 8 side-region pixels: the shadow (alpha a) over what is under, then the body v with the rim (alpha r)
/// over it, mixed by coverage c. The scalar steps with their branches taken away: a zero shadow or rim scales to
/// nothing, and a coverage of 0 or 255 mixes to one side exactly.
AVX2 static inline __m256i edge8(__m256i under, __m256i v, __m256i c, __m256i a, __m256i r, __m256i shade, __m256i light) {
    under = over8(scale8(shade, halves(a)), under);
    v = over8(scale8(light, halves(r)), v);
    return _mm256_add_epi32(scale8(under, halves(_mm256_sub_epi32(_mm256_set1_epi32(255), c))), scale8(v, halves(c)));
}

AVX2 long sheetlab_edge_span_avx2(const uint8_t *coverage, const uint8_t *shadow, const uint8_t *rim, const int8_t *lensX,
                                  uint32_t *row, long x0, long count, const uint32_t *body, long lo, long hi,
                                  uint32_t alpha, uint32_t rimK, uint32_t shadowColor, uint32_t rimColor) {
    const __m256i aa = _mm256_set1_epi32((int)alpha), rk = _mm256_set1_epi32((int)rimK);
    const __m256i shade = _mm256_set1_epi32((int)shadowColor), light = _mm256_set1_epi32((int)rimColor);
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i first = _mm256_set1_epi32((int)lo), last = _mm256_set1_epi32((int)(hi - 1));
    long i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i lx = _mm256_cvtepi8_epi32(_mm_loadl_epi64((const __m128i *)(lensX + i)));
        __m256i x = _mm256_add_epi32(_mm256_add_epi32(_mm256_set1_epi32((int)(x0 + i)), lanes), lx);
        x = _mm256_sub_epi32(_mm256_min_epi32(_mm256_max_epi32(x, first), last), first);
        __m256i v = _mm256_i32gather_epi32((const int *)body, x, 4);
        STORE(row + i, edge8(LOAD(row + i), v, times(widen8(coverage + i), aa), times(widen8(shadow + i), aa),
                             times(widen8(rim + i), rk), shade, light));
    }
    return i;
}

AVX2 long sheetlab_lensed_span_avx2(const uint8_t *coverage, const uint8_t *shadow, const uint8_t *rim, const int8_t *lensX,
                                    const int8_t *lensY, uint32_t *row, long x0, long count, long y, long top, long bottom,
                                    const uint32_t *ring, long width, long lo, long hi,
                                    uint32_t alpha, uint32_t rimK, uint32_t shadowColor, uint32_t rimColor) {
    const __m256i aa = _mm256_set1_epi32((int)alpha), rk = _mm256_set1_epi32((int)rimK);
    const __m256i shade = _mm256_set1_epi32((int)shadowColor), light = _mm256_set1_epi32((int)rimColor);
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i first = _mm256_set1_epi32((int)lo), last = _mm256_set1_epi32((int)(hi - 1));
    const __m256i rowTop = _mm256_set1_epi32((int)top), rowBottom = _mm256_set1_epi32((int)bottom);
    const __m256i yy = _mm256_set1_epi32((int)y), slots = _mm256_set1_epi32(31), stride = _mm256_set1_epi32((int)width);
    long i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i lx = _mm256_cvtepi8_epi32(_mm_loadl_epi64((const __m128i *)(lensX + i)));
        __m256i ly = _mm256_cvtepi8_epi32(_mm_loadl_epi64((const __m128i *)(lensY + i)));
        __m256i x = _mm256_add_epi32(_mm256_add_epi32(_mm256_set1_epi32((int)(x0 + i)), lanes), lx);
        x = _mm256_min_epi32(_mm256_max_epi32(x, first), last);
        __m256i cy = _mm256_min_epi32(_mm256_max_epi32(_mm256_add_epi32(yy, ly), rowTop), rowBottom);
        __m256i at = _mm256_add_epi32(_mm256_mullo_epi32(_mm256_and_si256(cy, slots), stride), x);
        __m256i v = _mm256_i32gather_epi32((const int *)ring, at, 4);
        STORE(row + i, edge8(LOAD(row + i), v, times(widen8(coverage + i), aa), times(widen8(shadow + i), aa),
                             times(widen8(rim + i), rk), shade, light));
    }
    return i;
}

/// Lane i of the 16 pixels lo:hi at `rel[i]`, 0…15: two in-register permutes where a gather would go to memory.
AVX2 static inline __m256i pick16(__m256i lo, __m256i hi, __m256i rel) {
    __m256i a = _mm256_permutevar8x32_epi32(lo, rel), b = _mm256_permutevar8x32_epi32(hi, rel);
    return _mm256_blendv_epi8(a, b, _mm256_cmpgt_epi32(rel, _mm256_set1_epi32(7)));
}

/// Whether every lane of `rel` is in 0…`most`.
AVX2 static inline int within(__m256i rel, int most) {
    __m256i out = _mm256_or_si256(_mm256_cmpgt_epi32(_mm256_setzero_si256(), rel), _mm256_cmpgt_epi32(rel, _mm256_set1_epi32(most)));
    return _mm256_testz_si256(out, out);
}

/// Eight outputs whose source pixels (and the ones after them) lie within 16 of the first one's, as a row scaled by
/// one half or more reads them, are picked from two loads of 8 by permutes; others are gathered. The pixels read are the
/// same either way, so are the results. A load never reaches past `src[limit]`, the last pixel the row reads.
AVX2 long sheetlab_resample_avx2(const uint32_t *src, const int32_t *index, const uint32_t *weight, uint32_t *dst, long count) {
    const __m256i whole = _mm256_set1_epi32(256), one = _mm256_set1_epi32(1);
    if (count < 8) return 0;
    const long limit = (long)index[count - 1] + 1;
    long i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i at = LOAD(index + i), ff = LOAD(weight + i);
        __m256i p, q;
        const long base = index[i];
        __m256i rel = _mm256_sub_epi32(at, _mm256_set1_epi32((int)base));
        if (base >= 0 && base + 15 <= limit && within(rel, 14)) {
            __m256i lo = LOAD(src + base), hi = LOAD(src + base + 8);
            p = pick16(lo, hi, rel);
            q = pick16(lo, hi, _mm256_add_epi32(rel, one));
        } else {
            p = _mm256_i32gather_epi32((const int *)src, at, 4);
            q = _mm256_i32gather_epi32((const int *)src, _mm256_add_epi32(at, one), 4);
        }
        STORE(dst + i, lerp8(p, q, ff, _mm256_sub_epi32(whole, ff)));
    }
    return i;
}

AVX2 long sheetlab_gather_avx2(const uint32_t *src, const int32_t *index, uint32_t *dst, long count) {
    if (count < 8) return 0;
    const long limit = index[count - 1];
    long i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i at = LOAD(index + i);
        const long base = index[i];
        __m256i rel = _mm256_sub_epi32(at, _mm256_set1_epi32((int)base));
        if (base >= 0 && base + 15 <= limit && within(rel, 15)) {
            STORE(dst + i, pick16(LOAD(src + base), LOAD(src + base + 8), rel));
        } else {
            STORE(dst + i, _mm256_i32gather_epi32((const int *)src, at, 4));
        }
    }
    return i;
}

AVX2 long sheetlab_paint_avx2(uint32_t color, const uint8_t *mask, uint32_t *dst, long count) {
    const __m256i cc = _mm256_set1_epi32((int)color);
    long i = 0;
    for (; i + 8 <= count; i += 8) STORE(dst + i, over8(scale8(cc, halves(widen8(mask + i))), LOAD(dst + i)));
    return i;
}

#else

int sheetlab_cpu_has_avx2(void) { return 0; }
long sheetlab_edge_span_avx2(const uint8_t *coverage, const uint8_t *shadow, const uint8_t *rim, const int8_t *lensX,
                             uint32_t *row, long x0, long count, const uint32_t *body, long lo, long hi,
                             uint32_t alpha, uint32_t rimK, uint32_t shadowColor, uint32_t rimColor) { return 0; }
long sheetlab_paint_avx2(uint32_t color, const uint8_t *mask, uint32_t *dst, long count) { return 0; }
long sheetlab_resample_avx2(const uint32_t *src, const int32_t *index, const uint32_t *weight, uint32_t *dst, long count) { return 0; }
long sheetlab_gather_avx2(const uint32_t *src, const int32_t *index, uint32_t *dst, long count) { return 0; }
long sheetlab_lensed_span_avx2(const uint8_t *coverage, const uint8_t *shadow, const uint8_t *rim, const int8_t *lensX,
                               const int8_t *lensY, uint32_t *row, long x0, long count, long y, long top, long bottom,
                               const uint32_t *ring, long width, long lo, long hi,
                               uint32_t alpha, uint32_t rimK, uint32_t shadowColor, uint32_t rimColor) { return 0; }
long sheetlab_scale_add_avx2(const uint32_t *src, uint32_t k, uint32_t add, uint32_t *dst, long count) { return 0; }
long sheetlab_veil_then_over_avx2(const uint32_t *src, uint32_t k, uint32_t add, uint32_t top, uint32_t *dst, long count) { return 0; }
long sheetlab_over_avx2(const uint32_t *src, uint32_t *dst, long count) { return 0; }
long sheetlab_veil_over_fade_avx2(const uint32_t *src, uint32_t k, uint32_t add, uint32_t top, uint32_t f, uint32_t base,
                                  uint32_t *dst, long count) { return 0; }
long sheetlab_over_opacity_avx2(const uint32_t *src, uint32_t k, uint32_t *dst, long count) { return 0; }
long sheetlab_lerp_avx2(const uint32_t *a, const uint32_t *b, uint32_t f, uint32_t *dst, long count) { return 0; }

#endif
