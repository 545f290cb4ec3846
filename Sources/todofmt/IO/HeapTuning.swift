#if canImport(Glibc)
import Glibc
#endif

/// Prepares the allocator for reading a large file.
///
/// Reading a file builds a model a few times its size, and formatting or sorting it builds a second one; with
/// glibc's defaults every large array is its own `mmap`, freed with `munmap` and faulted in again 4 KiB at a
/// time when the next one grows, and page faults were a quarter of the time spent on a 7 MB file. So, once,
/// before a large read: large blocks stay in the heap (freed memory is reused, not returned), the heap is
/// grown ahead in one step by about what the work needs, and that span is marked for transparent huge pages
/// (honoured where the system's policy is `madvise` or `always`); the first part of it, which the work is sure
/// to write, is faulted in on a second thread while the file is read, so that zeroing those pages is off the
/// path of the work. Small files keep the defaults: they start faster without this. Measured in BENCHMARKS.md.
enum HeapTuning {
    /// Files below this size are read with the allocator as it is.
    static let threshold = 1 << 20
    private nonisolated(unsafe) static var isPrepared = false

    #if canImport(Glibc)
    // <malloc.h>, which the Glibc module leaves out.
    @_silgen_name("mallopt")
    private static func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
    private static let trimThreshold: Int32 = -1, topPad: Int32 = -2, mmapThreshold: Int32 = -3, arenaMax: Int32 = -8
    /// Linux 5.14 and later; an older kernel refuses it, and the pages are faulted in as they are written.
    private static let populateWrite: Int32 = 23
    #endif

    static func prepare(forFileOfSize size: Int) {
        #if canImport(Glibc)
        guard size >= threshold, !isPrepared else { return }
        isPrepared = true
        // Enough for the text, two models and the output, as BENCHMARKS.md measures them.
        let reserve = min(size * 12, 1 << 30)
        // glibc takes no mmap threshold above 32 MiB; larger blocks are still mapped on their own.
        _ = mallopt(mmapThreshold, 32 << 20)
        // One arena for every thread: what a helper thread frees (safe mode's scratch) is reused by the main
        // thread instead of staying resident in an arena of its own.
        _ = mallopt(arenaMax, 1)
        _ = mallopt(trimThreshold, Int32(clamping: reserve))
        _ = mallopt(topPad, Int32(clamping: reserve))
        // A block larger than the heap's free top grows the heap by it and the pad (the break moves; no page
        // is touched); that span is advised, and the allocations that follow are carved from it.
        guard let block = malloc(1 << 20) else { return }
        let hugePage = 2 << 20
        let start = (Int(bitPattern: block) + hugePage - 1) & ~(hugePage - 1)
        let end = Int(bitPattern: sbrk(0)) & ~(hugePage - 1)
        if end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) {
            _ = madvise(pointer, end - start, MADV_HUGEPAGE)
            // Formatting or sorting a large file writes more than 2.5 times its size (the text, its lines, the
            // models, the output): the pages faulted in here would be written anyway, and the peak memory stays.
            let length = min(end - start, size * 5 / 2) & ~(hugePage - 1)
            if length > 0 {
                // Let run, never waited for: the work holds itself until its thread ends.
                _ = BackgroundWork { madvise(UnsafeMutableRawPointer(bitPattern: start), length, populateWrite) }
            }
        }
        free(block)
        #endif
    }
}
