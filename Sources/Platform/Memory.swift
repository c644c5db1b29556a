import CSDL2
import Foundation

/// How the process hands memory back to the system.
public enum Memory {
    /// Keeps freed pixel buffers for reuse instead of returning each one to the kernel.
    ///
    /// A frame, a scene and a blur are megabytes each, so glibc serves them with `mmap` and unmaps them on
    /// `free`; the next renderer (every snapshot of `sheetlab test` gets a fresh one) then pays a page
    /// fault per 4 kB to get them back: a fifth of a 1× snapshot's time. Serving them from the heap up to
    /// `mmapThreshold`, and trimming it only past 256 MB free, lets those pages be reused. Memory in use is unchanged;
    /// what is retained is the high-water mark of freed buffers. The batch commands call it; the window does not.
    /// An explicit `MALLOC_MMAP_THRESHOLD_` or `MALLOC_TRIM_THRESHOLD_` in the environment wins.
    ///
    /// Returns whether glibc took both settings (false when the environment sets either).
    @discardableResult
    public static func keepFreedBuffers() -> Bool {
        let env = ProcessInfo.processInfo.environment
        guard env["MALLOC_MMAP_THRESHOLD_"] == nil, env["MALLOC_TRIM_THRESHOLD_"] == nil else { return false }
        return sheetlab_keep_freed_buffers(Int32(mmapThreshold), 256 << 20) != 0
    }

    /// The largest buffer served from the heap: 64 MB, above the 3× map tile (36 MB). glibc 2.36 takes it (`mallopt`
    /// returns 1, and a 40 MB block then comes from the heap): the cap of `HEAP_MAX_SIZE / 2` (32 MB) that older glibc
    /// put on this threshold is not enforced there.
    public static let mmapThreshold = 64 << 20

    /// Bytes the allocator holds in blocks mapped on their own (`mallinfo2().hblkhd`).
    public static var mappedBytes: Int { Int(sheetlab_mapped_bytes()) }
}
