#ifndef SHEETLAB_CDEFLATE_SHIM_H
#define SHEETLAB_CDEFLATE_SHIM_H
// libdeflate, for the PNGs sheetlab writes (renders, goldens, artifacts, plots): the rows are converted and filtered
// here into one buffer, which libdeflate compresses whole into one IDAT; the chunks' CRCs are libdeflate's too.
// PNGs are read by libpng (Sources/CPNG). libdeflate reports no errors but a size of 0, so nothing here longjmps.
#include <libdeflate.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/// The PNG row filters (their filter-type bytes), and ADAPTIVE: per row, the cheapest of a set of them.
enum {
    SHEETLAB_PNG_NONE = 0, SHEETLAB_PNG_SUB = 1, SHEETLAB_PNG_UP = 2, SHEETLAB_PNG_AVG = 3, SHEETLAB_PNG_PAETH = 4,
    SHEETLAB_PNG_ADAPTIVE = 5
};

static inline void sheetlab_png_put32(unsigned char *p, uint32_t v) {
    p[0] = (unsigned char)(v >> 24); p[1] = (unsigned char)(v >> 16); p[2] = (unsigned char)(v >> 8); p[3] = (unsigned char)v;
}

/// One row of packed premultiplied pixels (bytes R, G, B, A) as PNG samples: RGB when `opaque`, else straight RGBA
/// (unpremultiplied, rounded to nearest; a transparent pixel is black). `out` has a byte to spare past the row: an
/// opaque pixel is stored as its four bytes, whose alpha the next pixel's red overwrites.
static inline void sheetlab_png_row(const uint32_t *src, int width, int opaque, unsigned char *out) {
    if (opaque) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        for (int x = 0; x < width; x++) memcpy(out + 3 * (size_t)x, src + x, 4);
#else
        for (int x = 0; x < width; x++) {
            uint32_t p = src[x];
            out[3 * x] = (unsigned char)p; out[3 * x + 1] = (unsigned char)(p >> 8); out[3 * x + 2] = (unsigned char)(p >> 16);
        }
#endif
        return;
    }
    for (int x = 0; x < width; x++) {
        uint32_t p = src[x], a = p >> 24;
        if (a == 255) {
            out[0] = (unsigned char)p; out[1] = (unsigned char)(p >> 8); out[2] = (unsigned char)(p >> 16);
        } else if (a == 0) {
            out[0] = out[1] = out[2] = 0;
        } else {
            for (int c = 0; c < 3; c++) {
                uint32_t v = ((p >> (8 * c) & 255) * 255 + a / 2) / a;
                out[c] = (unsigned char)(v > 255 ? 255 : v);
            }
        }
        out[3] = (unsigned char)a;
        out += 4;
    }
}

static inline unsigned char sheetlab_png_paeth(unsigned char a, unsigned char b, unsigned char c) {
    int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/// Row `cur` (`n` bytes, `bpp` to a pixel) filtered with `filter` (NONE to PAETH) against the row above, `prev`
/// (NULL for the first row, which the PNG format treats as zeros above), into `out`.
static inline void sheetlab_png_filter(int filter, const unsigned char *cur, const unsigned char *prev, size_t n, size_t bpp,
                                       unsigned char *out) {
    size_t lead = bpp < n ? bpp : n;
    switch (filter) {
    case SHEETLAB_PNG_SUB:
        for (size_t i = 0; i < lead; i++) out[i] = cur[i];
        for (size_t i = bpp; i < n; i++) out[i] = (unsigned char)(cur[i] - cur[i - bpp]);
        return;
    case SHEETLAB_PNG_UP:
        if (!prev) break;
        for (size_t i = 0; i < n; i++) out[i] = (unsigned char)(cur[i] - prev[i]);
        return;
    case SHEETLAB_PNG_AVG:
        if (!prev) {
            for (size_t i = 0; i < lead; i++) out[i] = cur[i];
            for (size_t i = bpp; i < n; i++) out[i] = (unsigned char)(cur[i] - (cur[i - bpp] >> 1));
            return;
        }
        for (size_t i = 0; i < lead; i++) out[i] = (unsigned char)(cur[i] - (prev[i] >> 1));
        for (size_t i = bpp; i < n; i++) out[i] = (unsigned char)(cur[i] - ((cur[i - bpp] + prev[i]) >> 1));
        return;
    case SHEETLAB_PNG_PAETH:
        if (!prev) { sheetlab_png_filter(SHEETLAB_PNG_SUB, cur, prev, n, bpp, out); return; }
        for (size_t i = 0; i < lead; i++) out[i] = (unsigned char)(cur[i] - prev[i]);
        for (size_t i = bpp; i < n; i++) out[i] = (unsigned char)(cur[i] - sheetlab_png_paeth(cur[i - bpp], prev[i], prev[i - bpp]));
        return;
    default:
        break;
    }
    memcpy(out, cur, n);
}

/// A filtered row's sum of its bytes read as signed magnitudes: the usual measure for choosing a filter per row.
static inline uint64_t sheetlab_png_cost(const unsigned char *row, size_t n) {
    uint64_t sum = 0;
    for (size_t i = 0; i < n; i++) { int v = (signed char)row[i]; sum += (uint64_t)(v < 0 ? -v : v); }
    return sum;
}

/// A buffer of `size` bytes for the filtered image (9 MB for a 3× frame), freed with `sheetlab_png_release`: fresh
/// pages mapped in 2 MB transparent huge pages where the kernel allows it (MADV_HUGEPAGE), since first touching 2,300
/// small pages costs about 3 ms on a shared machine, more than the compression saves over libpng; else malloc's.
typedef struct { unsigned char *bytes; void *mapping; size_t length; } sheetlab_png_buffer;

static inline sheetlab_png_buffer sheetlab_png_reserve(size_t size) {
    sheetlab_png_buffer b = { NULL, NULL, 0 };
    const size_t huge = (size_t)2 << 20;
    if (size >= huge) {
        size_t length = (size + huge - 1) / huge * huge + huge;
        void *m = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (m != MAP_FAILED) {
            unsigned char *aligned = (unsigned char *)(((uintptr_t)m + huge - 1) & ~(uintptr_t)(huge - 1));
            (void)madvise(aligned, length - huge, MADV_HUGEPAGE);
            b.bytes = aligned; b.mapping = m; b.length = length;
            return b;
        }
    }
    b.bytes = (unsigned char *)malloc(size ? size : 1);
    return b;
}

static inline void sheetlab_png_release(sheetlab_png_buffer b) {
    if (b.mapping) munmap(b.mapping, b.length); else free(b.bytes);
}

/// Writes `height` rows of `width` packed premultiplied pixels (bytes R, G, B, A) as a PNG to the open file `file`:
/// 8-bit RGB when `opaque`, else straight RGBA, not interlaced. Each row is filtered with `filter`, or with ADAPTIVE
/// the cheapest (`sheetlab_png_cost`) of the filters in `candidates` (a mask of 1 << filter); the filtered image is
/// compressed whole at libdeflate's `level` (0–12) into one IDAT. Returns 0, or -1 with `message` (200 bytes) filled.
static inline int sheetlab_png_encode(FILE *file, const uint32_t *pixels, int width, int height, int opaque, int level,
                                      int filter, int candidates, char *message) {
    if (width <= 0 || height <= 0) { snprintf(message, 200, "the image is empty (%d×%d pixels)", width, height); return -1; }
    size_t bpp = opaque ? 3 : 4, n = (size_t)width * bpp, size = (n + 1) * (size_t)height;
    sheetlab_png_buffer buffer = sheetlab_png_reserve(size);
    unsigned char *filtered = buffer.bytes;
    unsigned char *rows = (unsigned char *)malloc(2 * n + 2), *trial = (unsigned char *)malloc(n + 1);
    struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(level);
    unsigned char *out = NULL;
    int status = -1;
    if (!filtered || !rows || !trial || !compressor) { snprintf(message, 200, "out of memory"); goto done; }
    {
        unsigned char *cur = rows, *prev = rows + n + 1;
        for (int y = 0; y < height; y++) {
            sheetlab_png_row(pixels + (size_t)y * (size_t)width, width, opaque, cur);
            const unsigned char *above = y ? prev : NULL;
            unsigned char *line = filtered + (size_t)y * (n + 1);
            int chosen = filter;
            if (filter == SHEETLAB_PNG_ADAPTIVE) {
                uint64_t best = UINT64_MAX;
                chosen = SHEETLAB_PNG_NONE;
                for (int f = SHEETLAB_PNG_NONE; f <= SHEETLAB_PNG_PAETH; f++) {
                    if (!(candidates & 1 << f)) continue;
                    sheetlab_png_filter(f, cur, above, n, bpp, trial);
                    uint64_t cost = sheetlab_png_cost(trial, n);
                    if (cost < best) { best = cost; chosen = f; memcpy(line + 1, trial, n); }
                }
                if (best == UINT64_MAX) memcpy(line + 1, cur, n);
            } else {
                sheetlab_png_filter(chosen, cur, above, n, bpp, line + 1);
            }
            line[0] = (unsigned char)chosen;
            unsigned char *t = cur; cur = prev; prev = t;
        }
    }
    {
        size_t bound = libdeflate_zlib_compress_bound(compressor, size);
        // The signature (8), IHDR (25), IDAT's length, type and CRC around the stream (12), IEND (12).
        out = (unsigned char *)malloc(8 + 25 + 12 + bound + 12);
        if (!out) { snprintf(message, 200, "out of memory"); goto done; }
        static const unsigned char signature[8] = { 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A };
        unsigned char *p = out;
        memcpy(p, signature, 8);
        p += 8;
        sheetlab_png_put32(p, 13);
        memcpy(p + 4, "IHDR", 4);
        sheetlab_png_put32(p + 8, (uint32_t)width);
        sheetlab_png_put32(p + 12, (uint32_t)height);
        p[16] = 8;              // bits per sample
        p[17] = opaque ? 2 : 6; // RGB or RGBA
        p[18] = p[19] = p[20] = 0; // deflate, adaptive filtering, no interlace
        sheetlab_png_put32(p + 21, (uint32_t)libdeflate_crc32(0, p + 4, 17));
        p += 25;
        size_t compressed = libdeflate_zlib_compress(compressor, filtered, size, p + 8, bound);
        if (!compressed || compressed > 0x7FFFFFFF) { snprintf(message, 200, "libdeflate could not compress the image"); goto done; }
        sheetlab_png_put32(p, (uint32_t)compressed);
        memcpy(p + 4, "IDAT", 4);
        sheetlab_png_put32(p + 8 + compressed, (uint32_t)libdeflate_crc32(0, p + 4, compressed + 4));
        p += 12 + compressed;
        sheetlab_png_put32(p, 0);
        memcpy(p + 4, "IEND", 4);
        sheetlab_png_put32(p + 8, (uint32_t)libdeflate_crc32(0, p + 4, 4));
        p += 12;
        size_t length = (size_t)(p - out);
        if (fwrite(out, 1, length, file) != length) { snprintf(message, 200, "the file could not be written"); goto done; }
    }
    status = 0;
done:
    if (compressor) libdeflate_free_compressor(compressor);
    free(out);
    free(trial);
    free(rows);
    if (filtered) sheetlab_png_release(buffer);
    return status;
}
#endif
