import CSDL2

/// How the process hands memory back to the system.
public enum Memory {
    /// Keeps freed pixel buffers for reuse instead of returning each one to the kernel.
    ///
    /// A frame, a scene and a blur are megabytes each, so glibc serves them with `mmap` and unmaps them on
    /// `free`; the next renderer (every snapshot of `sheetlab test` gets a fresh one) then pays a page
    /// fault per 4 kB to get them back: a fifth of a 1× snapshot's time. Serving them from the heap up to
    /// 64 MB, and trimming it only past 256 MB free, lets those pages be reused. Memory in use is unchanged;
    /// what is retained is the high-water mark of freed buffers, which the window's soak tests bound.
    public static func keepFreedBuffers() {
        sheetlab_keep_freed_buffers(64 << 20, 256 << 20)
    }
}
