import Foundation
import Platform
import XCTest

/// The batch commands keep freed buffers in the heap (`Memory.keepFreedBuffers`).
final class MemoryTests: XCTestCase {
    /// Issue 36 asked whether glibc refuses the 64 MB threshold (older glibc capped it at 32 MB): glibc 2.36 takes it, so
    /// a 40 MB buffer, between the two, is served from the heap. With 32 MB it would be mapped on its own, and unmapped
    /// when freed; without the call, every buffer over 128 kB is, the first time.
    func testBigBuffersComeFromTheHeapOnceKept() throws {
        let env = ProcessInfo.processInfo.environment
        if env["MALLOC_MMAP_THRESHOLD_"] != nil || env["MALLOC_TRIM_THRESHOLD_"] != nil {
            throw XCTSkip("the environment sets glibc's thresholds")
        }
        // Under AddressSanitizer (`make sanitize`) malloc and mallopt are the sanitizer's, not glibc's: mallopt returns 0.
        if dlsym(nil, "__asan_init") != nil {
            throw XCTSkip("AddressSanitizer's allocator replaces glibc's")
        }
        XCTAssertTrue(Memory.keepFreedBuffers(), "glibc takes both settings")
        let size = 40 << 20
        let before = Memory.mappedBytes
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        let held = Memory.mappedBytes
        buffer.deallocate()
        XCTAssertLessThan(held - before, size, "a 40 MB buffer is served from the heap, not mapped on its own")
    }
}
