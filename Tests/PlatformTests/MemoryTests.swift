import Platform
import XCTest

/// The batch commands keep freed buffers in the heap (`Memory.keepFreedBuffers`).
final class MemoryTests: XCTestCase {
    /// Issue 36: the mmap threshold asked for (64 MB) was above the most glibc takes (32 MB), so `mallopt` refused it
    /// and every buffer over 128 kB still had a mapping of its own, unmapped when freed.
    func testBigBuffersComeFromTheHeapOnceKept() throws {
        let env = ProcessInfo.processInfo.environment
        if env["MALLOC_MMAP_THRESHOLD_"] != nil || env["MALLOC_TRIM_THRESHOLD_"] != nil {
            throw XCTSkip("the environment sets glibc's thresholds")
        }
        XCTAssertTrue(Memory.keepFreedBuffers(), "glibc takes both settings")
        let size = 8 << 20
        let before = Memory.mappedBytes
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        let held = Memory.mappedBytes
        buffer.deallocate()
        XCTAssertLessThan(held - before, size, "an 8 MB buffer is served from the heap, not mapped on its own")
    }
}
