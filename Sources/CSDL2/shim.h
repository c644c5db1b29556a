#ifndef SHEETLAB_CSDL2_SHIM_H
#define SHEETLAB_CSDL2_SHIM_H
#include <SDL2/SDL.h>
#include <stdio.h>
#include <signal.h>

// Macros that do not import into Swift.
static inline int sheetlab_windowpos_centered(void) { return (int)SDL_WINDOWPOS_CENTERED; }
static inline Uint32 sheetlab_button_mask(int button) { return SDL_BUTTON(button); }
static inline int sheetlab_must_lock(SDL_Surface *s) { return SDL_MUSTLOCK(s) ? 1 : 0; }

static inline Uint32 sheetlab_touch_mouse_id(void) { return SDL_TOUCH_MOUSEID; }

// C globals are not concurrency-safe in Swift 6; reach them through functions.
static inline FILE *sheetlab_stdout(void) { return stdout; }
static inline FILE *sheetlab_stderr(void) { return stderr; }
#endif
