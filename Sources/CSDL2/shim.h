#ifndef SHEETLAB_CSDL2_SHIM_H
#define SHEETLAB_CSDL2_SHIM_H
#include <SDL2/SDL.h>

// Macros that do not import into Swift.
static inline int sheetlab_windowpos_centered(void) { return (int)SDL_WINDOWPOS_CENTERED; }
static inline Uint32 sheetlab_button_mask(int button) { return SDL_BUTTON(button); }
static inline Uint32 sheetlab_touch_mouse_id(void) { return SDL_TOUCH_MOUSEID; }
#endif
