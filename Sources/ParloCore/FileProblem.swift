import Glibc

/// Why a path cannot be used as a file to read or write, in words a user can act on.
///
/// Libraries report these cases badly or not at all: libsndfile says "Format not recognised"
/// for a folder and "System error" for a missing file, Foundation prints an NSError dump. Each
/// caller asks here first, from `stat`/`access` (swift-system style: errno is the evidence), so
/// a missing file, a folder, a device, a link loop and a permission problem each get their own
/// line, and a library's own wording is kept for files it really tried to parse.
public enum FileProblem {
    /// What is wrong with reading `path` as a regular file, or nil when it is one and readable.
    /// FIFOs pass (a pipe is a legitimate stream); devices do not (`/dev/zero` never ends).
    public static func reading(_ path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0 else { return missing(path, errno) }
        switch st.st_mode & S_IFMT {
        case S_IFDIR: return "is a folder, not a file — give a file inside it"
        case S_IFCHR, S_IFBLK: return "is a device, not a file — give a regular file"
        case S_IFSOCK: return "is a socket, not a file — give a regular file"
        default: break
        }
        if access(path, R_OK) != 0 {
            return "permission denied — make it readable (chmod +r) or run parlo as a user who can read it"
        }
        return nil
    }

    /// What is wrong with using `path` as a folder to read, or nil when it is a readable one.
    public static func readingFolder(_ path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0 else { return missing(path, errno, folder: true) }
        guard st.st_mode & S_IFMT == S_IFDIR else {
            let what = st.st_mode & S_IFMT == S_IFREG ? "a file" : "not a folder (a device or special file)"
            return "is \(what), not a folder — give the folder that holds it"
        }
        if access(path, R_OK | X_OK) != 0 {
            return "permission denied — make the folder readable (chmod +rx) or run parlo as a user who can read it"
        }
        return nil
    }

    /// What is wrong with creating or replacing a file at `path`, or nil when it looks writable.
    /// Devices and FIFOs that can be opened for writing pass: writing to them is the point.
    public static func writing(_ path: String) -> String? {
        var st = stat()
        if stat(path, &st) == 0 {
            if st.st_mode & S_IFMT == S_IFDIR { return "is a folder — give a file name (e.g. \(trimmed(path))/out.wav)" }
            if access(path, W_OK) != 0 { return "permission denied — give a writable path or make it writable (chmod +w)" }
            return nil
        }
        if errno == ELOOP { return "is a symbolic link loop — fix or remove the link" }
        return parentProblem(path)
    }

    /// What is wrong with creating files inside the folder `path` (made if missing), or nil.
    public static func writingFolder(_ path: String) -> String? {
        var st = stat()
        if stat(path, &st) == 0 {
            guard st.st_mode & S_IFMT == S_IFDIR else {
                return "already exists and is not a folder — give a folder (new or existing) for the output"
            }
            if access(path, W_OK | X_OK) != 0 { return "permission denied — give a folder you can write to" }
            return nil
        }
        if errno == ELOOP { return "is a symbolic link loop — fix or remove the link" }
        if errno == ENOTDIR { return "is inside something that is not a folder — give a path made of folders" }
        return nil     // missing: created with its parents
    }

    private static func missing(_ path: String, _ code: Int32, folder: Bool = false) -> String {
        let thing = folder ? "folder" : "file"
        switch code {
        case ENOENT:
            var st = stat()
            if lstat(path, &st) == 0 { return "is a symbolic link to a \(thing) that does not exist — fix the link or give the \(thing) itself" }
            return "no such \(thing) — check the path"
        case ELOOP: return "is a symbolic link loop — fix or remove the link"
        case ENOTDIR: return "no such \(thing): part of the path is a file, not a folder — check the path"
        case EACCES: return "permission denied on a folder of its path — make the folders searchable (chmod +x) or run parlo as a user who can"
        case ENAMETOOLONG: return "the path is too long — shorten it"
        default: return "cannot be read (\(String(cString: strerror(code)))) — check the path"
        }
    }

    private static func parentProblem(_ path: String) -> String? {
        let parent = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        let dir = parent.isEmpty ? "/" : parent
        var st = stat()
        guard stat(dir, &st) == 0 else {
            return errno == ENOTDIR || errno == ENOENT
                ? "folder \(dir) does not exist — create it first or give another path"
                : "cannot reach folder \(dir) (\(String(cString: strerror(errno)))) — check the path"
        }
        guard st.st_mode & S_IFMT == S_IFDIR else { return "\(dir) is not a folder — give a path inside a folder" }
        if access(dir, W_OK | X_OK) != 0 { return "permission denied in folder \(dir) — give a writable folder" }
        return nil
    }

    private static func trimmed(_ path: String) -> String {
        var p = path
        while p.count > 1 && p.hasSuffix("/") { p.removeLast() }
        return p
    }
}
