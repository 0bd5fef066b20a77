import Foundation
import Glibc

/// The `--out` file of `parlo batch`: where results are appended, locked against a second run.
///
/// A regular file (or a symlink to one, which is followed and kept) is replaced atomically by a
/// fresh empty file unless resuming, and locked through `NAME.lock` beside it: two runs on the
/// same file would otherwise both succeed while the second erased the first one's results.
/// Anything else — a FIFO, a device such as /dev/null, a socket — is written through as it is,
/// never replaced by a regular file, and neither read back nor locked.
struct ResultsFile {
    /// The file written: `--out` with symlinks resolved.
    let path: String
    /// Whether `path` is a regular file (or will be one): only those are read back on resume.
    let isRegular: Bool
    let handle: FileHandle
    /// Holds the `flock` for the whole run; closed (and so unlocked) when the process ends.
    private let lock: Int32?

    init(_ outPath: String, resume: Bool) throws {
        let resolved = URL(fileURLWithPath: outPath).resolvingSymlinksInPath().path
        var st = stat()
        let exists = stat(resolved, &st) == 0
        path = resolved
        isRegular = !exists || (st.st_mode & S_IFMT) == S_IFREG
        guard isRegular else {
            lock = nil
            // Blocks until a FIFO has a reader, as any writer would; O_APPEND keeps a device happy.
            let fd = open(resolved, O_WRONLY | O_APPEND | O_CLOEXEC)
            guard fd >= 0 else {
                throw CLIError("\(outPath): cannot write the results there (\(String(cString: strerror(errno)))): give a writable file for --out")
            }
            // A reader that goes away must end in a write error, not a SIGPIPE death.
            signal(SIGPIPE, SIG_IGN)
            handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
            return
        }
        lock = try Self.lock(resolved, shown: outPath)
        if !(resume && exists) {
            // Atomic: a reader of the old results sees them whole until the new file replaces it.
            guard FileManager.default.createFile(atPath: resolved, contents: nil) else {
                throw CLIError("\(outPath): cannot create the results file: check the folder exists and is writable")
            }
        }
        guard let h = FileHandle(forUpdatingAtPath: resolved) else {
            throw CLIError("\(outPath): cannot write the results file: check its permissions")
        }
        handle = h
    }

    /// Takes an exclusive lock on `PATH.lock`, refusing at once when another run holds it.
    private static func lock(_ path: String, shown: String) throws -> Int32 {
        let lockPath = path + ".lock"
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw CLIError("\(lockPath): cannot create the lock file (\(String(cString: strerror(errno)))): check the folder is writable")
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            Glibc.close(fd)
            throw CLIError("\(shown) is being written by another parlo batch: wait for it to end or choose another --out")
        }
        return fd
    }

    /// What the file already holds (regular files only; empty otherwise).
    func existingContents() -> Data {
        guard isRegular else { return Data() }
        try? handle.seek(toOffset: 0)
        return (try? handle.readToEnd()) ?? Data()
    }

    /// Cuts a half-written last line (left by a crash) and moves to the end for appending.
    func prepareForAppending(keeping data: Data) throws {
        guard isRegular else { return }
        let keep = data.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        try handle.truncate(atOffset: UInt64(keep))
        try handle.seekToEnd()
    }

    func close() {
        try? handle.close()
        if let lock { Glibc.close(lock) }
    }
}
