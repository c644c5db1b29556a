#ifndef SHEETLAB_CSDL2TTF_SHIM_H
#define SHEETLAB_CSDL2TTF_SHIM_H
#include <SDL2/SDL_ttf.h>
#endif
