#ifndef SHEETLAB_CPNG_SHIM_H
#define SHEETLAB_CPNG_SHIM_H
// libpng, for PNGs read (goldens, background and content images); sheetlab writes its PNGs with libdeflate
// (Sources/CDeflate). libpng's errors longjmp, which Swift cannot catch, so the calls that can fail live here,
// behind setjmp, and return a status and a message.
#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    jmp_buf jump;
    char message[200];
} sheetlab_png_context;

static void sheetlab_png_error(png_structp png, png_const_charp message) {
    sheetlab_png_context *context = (sheetlab_png_context *)png_get_error_ptr(png);
    snprintf(context->message, sizeof context->message, "%s", message);
    longjmp(context->jump, 1);
}

static void sheetlab_png_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }

/// Starts decoding the PNG in `data` (`size` bytes): fills `*image` and its size in `*width` and `*height`.
/// Images past `max_pixels` are refused before decoding. Returns 0, or -1 with `message` (200 bytes) filled.
static inline int sheetlab_png_begin(const void *data, size_t size, png_image *image, int *width, int *height,
                                     long max_pixels, char *message) {
    memset(image, 0, sizeof *image);
    image->version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(image, data, size)) {
        snprintf(message, 200, "%s", image->message);
        return -1;
    }
    if ((long)image->width * (long)image->height > max_pixels) {
        snprintf(message, 200, "the image is %u×%u pixels, more than %ld", image->width, image->height, max_pixels);
        png_image_free(image);
        return -1;
    }
    image->format = PNG_FORMAT_RGBA;
    *width = (int)image->width;
    *height = (int)image->height;
    return 0;
}

/// Straight RGBA (bytes R, G, B, A) to premultiplied, in place; opaque pixels are left as they are.
static inline void sheetlab_premultiply(uint32_t *out, size_t count) {
    for (size_t i = 0; i < count; i++) {
        uint32_t p = out[i], a = p >> 24;
        if (a == 255) continue;
        uint32_t r = ((p & 255) * a + 127) / 255, g = ((p >> 8 & 255) * a + 127) / 255, b = ((p >> 16 & 255) * a + 127) / 255;
        out[i] = r | g << 8 | b << 16 | a << 24;
    }
}

/// Finishes `sheetlab_png_begin` into `out` (width × height pixels) as packed premultiplied pixels, bytes R, G, B,
/// A. Returns 0, or -1 with `message` (200 bytes) filled.
static inline int sheetlab_png_finish(png_image *image, uint32_t *out, char *message) {
    size_t count = (size_t)image->width * (size_t)image->height;
    if (!png_image_finish_read(image, NULL, out, 0, NULL)) {
        snprintf(message, 200, "%s", image->message);
        return -1;
    }
    sheetlab_premultiply(out, count);
    return 0;
}
typedef struct {
    const unsigned char *data;
    size_t size, offset;
} sheetlab_png_source;

static void sheetlab_png_read_memory(png_structp png, png_bytep out, png_size_t length) {
    sheetlab_png_source *source = (sheetlab_png_source *)png_get_io_ptr(png);
    if (length > source->size - source->offset) png_error(png, "the file ends in the middle of the image");
    memcpy(out, source->data + source->offset, length);
    source->offset += length;
}

/// Decodes the PNG in `data` (`size` bytes) as SDL_image decoded it (no gamma correction; 16-bit channels keep their
/// high byte; palettes, grey and tRNS expanded to RGBA), with libpng's errors and warnings through this shim's
/// handlers: an error comes back in `message` (200 bytes), never on stderr. Two calls: with `out` NULL it reads the
/// header and fills `*width` and `*height` (refusing images past `max_pixels`); then with `out` (width × height
/// pixels) it decodes into it as packed premultiplied pixels, bytes R, G, B, A. Returns 0, or -1.
static inline int sheetlab_png_read(const void *data, size_t size, uint32_t *out, int *width, int *height,
                                    long max_pixels, char *message) {
    sheetlab_png_context context;
    context.message[0] = 0;
    sheetlab_png_source source = { (const unsigned char *)data, size, 0 };
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &context, sheetlab_png_error, sheetlab_png_warning);
    if (!png) { snprintf(message, 200, "libpng could not start"); return -1; }
    png_infop info = png_create_info_struct(png);
    png_bytep *volatile rows = NULL;
    if (!info) { png_destroy_read_struct(&png, NULL, NULL); snprintf(message, 200, "out of memory"); return -1; }
    if (setjmp(context.jump)) {
        png_destroy_read_struct(&png, &info, NULL);
        free(rows);
        snprintf(message, 200, "%s", context.message[0] ? context.message : "libpng failed");
        return -1;
    }
    png_set_read_fn(png, &source, sheetlab_png_read_memory);
    png_set_user_limits(png, 1 << 16, 1 << 16);
    png_read_info(png, info);
    png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
    if ((long)w * (long)h > max_pixels) {
        png_destroy_read_struct(&png, &info, NULL);
        snprintf(message, 200, "the image is %u×%u pixels, more than %ld", w, h, max_pixels);
        return -1;
    }
    *width = (int)w;
    *height = (int)h;
    if (!out) { png_destroy_read_struct(&png, &info, NULL); return 0; }
    int type = png_get_color_type(png, info), depth = png_get_bit_depth(png, info);
    if (depth == 16) png_set_strip_16(png);
    if (depth < 8) png_set_packing(png);
    if (type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (type == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (type == PNG_COLOR_TYPE_GRAY || type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)w * 4) png_error(png, "an unexpected pixel layout");
    rows = (png_bytep *)malloc(sizeof(png_bytep) * (h ? h : 1));
    if (!rows) png_error(png, "out of memory");
    for (png_uint_32 y = 0; y < h; y++) rows[y] = (png_bytep)(out + (size_t)y * w);
    png_read_image(png, rows);
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    free(rows);
    size_t count = (size_t)w * (size_t)h;
    sheetlab_premultiply(out, count);
    return 0;
}
#endif
