import CSDL2
import Foundation

/// How the process hands memory back to the system.
public enum Memory {
    /// Keeps freed pixel buffers for reuse instead of returning each one to the kernel.
    ///
    /// A frame, a scene and a blur are megabytes each, so glibc serves them with `mmap` and unmaps them on
    /// `free`; the next renderer (every snapshot of `sheetlab test` gets a fresh one) then pays a page
    /// fault per 4 kB to get them back: a fifth of a 1× snapshot's time. Serving them from the heap up to
    /// 64 MB, and trimming it only past 256 MB free, lets those pages be reused. Memory in use is unchanged;
    /// what is retained is the high-water mark of freed buffers. The batch commands call it; the window does not.
    /// An explicit `MALLOC_MMAP_THRESHOLD_` or `MALLOC_TRIM_THRESHOLD_` in the environment wins.
    public static func keepFreedBuffers() {
        let env = ProcessInfo.processInfo.environment
        guard env["MALLOC_MMAP_THRESHOLD_"] == nil, env["MALLOC_TRIM_THRESHOLD_"] == nil else { return }
        sheetlab_keep_freed_buffers(64 << 20, 256 << 20)
    }
}
