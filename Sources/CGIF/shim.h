#ifndef SHEETLAB_CGIF_SHIM_H
#define SHEETLAB_CGIF_SHIM_H
#include <gif_lib.h>
#endif
