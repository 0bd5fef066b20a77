import Foundation

/// Expands the paths a user gives into audio files, in a stable order.
public enum AudioFiles {
    /// Extensions searched for inside folders (files named directly are always taken).
    public static let extensions: Set<String> = ["wav", "flac", "ogg", "oga", "aif", "aiff", "au", "snd", "caf", "w64", "raw", "pcm", "mp3", "opus"]

    /// Files as given, folders searched recursively (sorted), duplicates removed.
    public static func expand(_ paths: [String]) -> (files: [String], missing: [String]) {
        var files: [String] = [], missing: [String] = [], seen = Set<String>()
        let fm = FileManager.default
        for path in paths {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDir) else { missing.append(path); continue }
            if !isDir.boolValue {
                if seen.insert(path).inserted { files.append(path) }
                continue
            }
            let found = (fm.enumerator(atPath: path)?.compactMap { $0 as? String } ?? [])
                .filter { extensions.contains(($0 as NSString).pathExtension.lowercased()) }
                .sorted()
                .map { (path as NSString).appendingPathComponent($0) }
            for f in found where seen.insert(f).inserted { files.append(f) }
        }
        return (files, missing)
    }
}
