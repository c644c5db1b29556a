#include "CPixelKernels.h"

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

AVX2 long sheetlab_lerp_avx2(const uint32_t *a, const uint32_t *b, uint32_t f, uint32_t *dst, long count) {
    const __m256i m = _mm256_set1_epi32(0x00FF00FF), half = _mm256_set1_epi32(0x00800080);
    const __m256i hiMask = _mm256_set1_epi32((int)0xFF00FF00u);
    const __m256i ff = _mm256_set1_epi32((int)f), gg = _mm256_set1_epi32((int)(256 - f));
    long i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i p = LOAD(a + i), q = LOAD(b + i);
        __m256i rb = _mm256_add_epi32(_mm256_add_epi32(_mm256_mullo_epi32(_mm256_and_si256(p, m), gg),
                                                       _mm256_mullo_epi32(_mm256_and_si256(q, m), ff)), half);
        rb = _mm256_and_si256(_mm256_srli_epi32(rb, 8), m);
        __m256i ga = _mm256_add_epi32(_mm256_add_epi32(_mm256_mullo_epi32(_mm256_and_si256(_mm256_srli_epi32(p, 8), m), gg),
                                                       _mm256_mullo_epi32(_mm256_and_si256(_mm256_srli_epi32(q, 8), m), ff)), half);
        STORE(dst + i, _mm256_or_si256(rb, _mm256_and_si256(ga, hiMask)));
    }
    return i;
}

#else

int sheetlab_cpu_has_avx2(void) { return 0; }
long sheetlab_scale_add_avx2(const uint32_t *src, uint32_t k, uint32_t add, uint32_t *dst, long count) { return 0; }
long sheetlab_veil_then_over_avx2(const uint32_t *src, uint32_t k, uint32_t add, uint32_t top, uint32_t *dst, long count) { return 0; }
long sheetlab_over_avx2(const uint32_t *src, uint32_t *dst, long count) { return 0; }
long sheetlab_over_opacity_avx2(const uint32_t *src, uint32_t k, uint32_t *dst, long count) { return 0; }
long sheetlab_lerp_avx2(const uint32_t *a, const uint32_t *b, uint32_t f, uint32_t *dst, long count) { return 0; }

#endif
