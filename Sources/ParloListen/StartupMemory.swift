import Glibc

/// Gives back the resident pages that only start-up needed, before a long listening session.
///
/// Building a listener (YAML catalog, grammar compiler, eSpeak NG phonemizer, PocketSphinx model
/// loading, Swift runtime start) touches far more code and read-only data than listening does.
/// Those pages are clean copies of files (executable, libraries, `mdef`): they stay counted in
/// the process's RSS until memory pressure evicts them. `release()` drops them from this
/// process's page tables with `madvise(MADV_DONTNEED)`. Only mappings that are read-only,
/// file-backed and hold no private (copied-on-write) page are touched, so no content is lost:
/// a page needed again is mapped back from the page cache on first use (a minor fault). (As for
/// any page not yet touched, a file rewritten in place meanwhile would be read anew: installs
/// replace files, which leaves a running process its old copy.)
/// Then `malloc_trim` hands back the heap pages that start-up freed (the grammar compiler's and
/// eSpeak NG's data), which otherwise stay resident between live allocations.
/// Measured with `ParloListenBench --catalog grammars`: RSS while listening 39.4 → 24.4 MB; the
/// pages listening uses come back within the first utterances.
public enum StartupMemory {
    /// Drops the clean file-backed pages of read-only mappings and trims the heap; returns how
    /// many kB were resident in those mappings before (what listening re-touches comes back).
    ///
    /// Call at a quiet point, as `parlo listen` does before capture starts: the mappings are read
    /// from /proc first and dropped after, so another thread must not unmap a file meanwhile (its
    /// address range could be reused for new memory that the drop would then clear).
    @discardableResult
    public static func release() -> Int {
        var released = 0
        for mapping in readOnlyFileMappings() where mapping.privatePagesKB == 0 && mapping.residentKB > 0 {
            guard let start = UnsafeMutableRawPointer(bitPattern: mapping.start) else { continue }
            if madvise(start, Int(mapping.end - mapping.start), MADV_DONTNEED) == 0 { released += mapping.residentKB }
        }
        trimHeap()
        return released
    }

    /// `release()` once the main thread has gone. Swift's async `main` parks that thread with
    /// `pthread_exit` at the main task's first suspension; the exit unwinds its stack, and finding
    /// each frame's unwind entry walks every loaded object's program headers and searches the
    /// executable's `.eh_frame_hdr`. Kernel fault-around maps the 64 kB around each page touched,
    /// so an exit after `release()` brought back 3–4 MB for good (the executable's unwind tables,
    /// the first pages of some 40 libraries): `ParloListenBench`, 38.9–39.2 → 35.3–36.0 MB
    /// (session 42). One suspension first lets the exit happen before the drop.
    @discardableResult
    public static func releaseAfterMainThreadParks() async -> Int {
        await Task.yield()
        return release()
    }

    /// Makes every thread allocate from glibc's one main heap (`mallopt(M_ARENA_MAX, 1)`), before
    /// the listening threads start. glibc gives a thread that meets a busy heap an arena of its
    /// own, and each keeps the pages its frees leave behind: `parlo listen`'s capture, decoding
    /// and output threads held 2–3 MB more that way (`parlo listen --input` on the demo session,
    /// peak 40.3–41.2 → 38.4–38.8 MB, the same command latencies; docs/listening.md, "Budgets").
    /// Looked up at run time, as `malloc_trim` is; elsewhere it does nothing.
    public static func useOneHeap() {
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }    // RTLD_DEFAULT
        let arenaMax: Int32 = -8    // M_ARENA_MAX in <malloc.h>
        _ = unsafeBitCast(symbol, to: Mallopt.self)(arenaMax, 1)
    }

    /// glibc's `malloc_trim(0)`: returns free pages inside the heap, not only at its top, to the
    /// system. Looked up at run time because Swift's Glibc module does not import <malloc.h>;
    /// absent on other C libraries, where this does nothing.
    static func trimHeap() {
        typealias MallocTrim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }    // RTLD_DEFAULT
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
    }

    struct Mapping {
        var start: UInt, end: UInt
        var residentKB = 0
        /// Anonymous (copied-on-write) pages in the mapping, e.g. a library's relocated data.
        var privatePagesKB = 0
    }

    /// Read-only mappings of regular files, from /proc/self/smaps.
    static func readOnlyFileMappings() -> [Mapping] {
        guard let text = procFile("/proc/self/smaps") else { return [] }
        var mappings: [Mapping] = []
        var current: Mapping?
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let range = fields.first, range.contains("-"), fields.count >= 5, fields[1].count == 4 {
                if let c = current { mappings.append(c) }
                current = nil
                let bounds = range.split(separator: "-")
                guard bounds.count == 2, let lo = UInt(bounds[0], radix: 16), let hi = UInt(bounds[1], radix: 16) else { continue }
                let perms = fields[1]
                let path = fields.count >= 6 ? fields[5] : ""
                if !perms.contains("w") && path.hasPrefix("/") && !path.hasPrefix("/dev/") && !path.hasPrefix("/memfd:") {
                    current = Mapping(start: lo, end: hi)
                }
            } else if current != nil, fields.count >= 2, let kB = Int(fields[1]) {
                if fields[0] == "Rss:" { current!.residentKB = kB }
                if fields[0] == "Anonymous:" { current!.privatePagesKB = kB }
            }
        }
        if let c = current { mappings.append(c) }
        return mappings
    }

    /// The whole text of a /proc file (they report size 0, so read until end of file).
    static func procFile(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while case let n = fread(&buffer, 1, buffer.count, file), n > 0 { bytes += buffer[0..<n] }
        return String(decoding: bytes, as: UTF8.self)
    }
}
