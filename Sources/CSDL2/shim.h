#ifndef SHEETLAB_CSDL2_SHIM_H
#define SHEETLAB_CSDL2_SHIM_H
#include <SDL2/SDL.h>
#include <malloc.h>

// Macros that do not import into Swift.
static inline int sheetlab_windowpos_centered(void) { return (int)SDL_WINDOWPOS_CENTERED; }
static inline Uint32 sheetlab_button_mask(int button) { return SDL_BUTTON(button); }
static inline Uint32 sheetlab_touch_mouse_id(void) { return SDL_TOUCH_MOUSEID; }

// glibc's allocator: serve buffers up to `mmap_max` bytes from the heap, trim it only past `trim` free bytes.
// Returns 1 when glibc took both, 0 when it refused either.
static inline int sheetlab_keep_freed_buffers(int mmap_max, int trim) {
    int mapped = mallopt(M_MMAP_THRESHOLD, mmap_max);
    int trimmed = mallopt(M_TRIM_THRESHOLD, trim);
    return mapped == 1 && trimmed == 1;
}

// Bytes the allocator holds in blocks mapped on their own.
static inline size_t sheetlab_mapped_bytes(void) { return mallinfo2().hblkhd; }
#endif
