#include "CPixelKernels.h"
#include <stdint.h>
#include <sys/mman.h>

void sheetlab_advise_huge_pages(void *start, long bytes) {
#if defined(MADV_HUGEPAGE)
    const uintptr_t huge = (uintptr_t)2 << 20;
    uintptr_t lo = ((uintptr_t)start + huge - 1) & ~(huge - 1);
    uintptr_t hi = ((uintptr_t)start + (uintptr_t)bytes) & ~(huge - 1);
    if (hi > lo) (void)madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
#else
    (void)start; (void)bytes;
#endif
}
