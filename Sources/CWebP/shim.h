#ifndef SHEETLAB_CWEBP_SHIM_H
#define SHEETLAB_CWEBP_SHIM_H
#include <webp/encode.h>
#include <webp/mux.h>
#include <webp/demux.h>

// The library's init functions are macros over *Internal(…, ABI version): Swift cannot call macros.
static inline int sheetlab_WebPPictureInit(WebPPicture *picture) { return WebPPictureInit(picture); }
static inline int sheetlab_WebPConfigInit(WebPConfig *config) { return WebPConfigInit(config); }
static inline int sheetlab_WebPAnimEncoderOptionsInit(WebPAnimEncoderOptions *options) {
    return WebPAnimEncoderOptionsInit(options);
}
static inline WebPAnimEncoder *sheetlab_WebPAnimEncoderNew(int width, int height, const WebPAnimEncoderOptions *options) {
    return WebPAnimEncoderNew(width, height, options);
}
// Animated WebP read back (`FrameDecoder`): the demuxer's init functions are macros too.
static inline int sheetlab_WebPAnimDecoderOptionsInit(WebPAnimDecoderOptions *options) {
    return WebPAnimDecoderOptionsInit(options);
}
static inline WebPAnimDecoder *sheetlab_WebPAnimDecoderNew(const WebPData *data, const WebPAnimDecoderOptions *options) {
    return WebPAnimDecoderNew(data, options);
}
#endif
