import Foundation

/// Expands the paths a user gives into audio files, in a stable order.
public enum AudioFiles {
    /// Extensions searched for inside folders (files named directly are always taken).
    public static let extensions: Set<String> = ["wav", "flac", "ogg", "oga", "aif", "aiff", "au", "snd", "caf", "w64", "raw", "pcm", "mp3", "opus"]

    /// An audio file to decode and the key that places it in a shard.
    public struct Input: Sendable, Equatable {
        public var path: String
        /// The path below the folder named on the command line (`en/cmd-000.wav` for
        /// `parlo batch /data/set` finding `/data/set/en/cmd-000.wav`), the file name for a
        /// file named directly: the same on every machine, wherever the data is mounted.
        public var key: String
    }

    /// Files as given, folders searched recursively (sorted), duplicates removed.
    public static func expand(_ paths: [String]) -> (files: [String], missing: [String]) {
        let (inputs, missing) = expandInputs(paths)
        return (inputs.map(\.path), missing)
    }

    /// `expand`, each file with its shard key.
    public static func expandInputs(_ paths: [String]) -> (inputs: [Input], missing: [String]) {
        var inputs: [Input] = [], missing: [String] = [], seen = Set<String>()
        let fm = FileManager.default
        for path in paths {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDir) else { missing.append(path); continue }
            if !isDir.boolValue {
                if seen.insert(path).inserted { inputs.append(Input(path: path, key: (path as NSString).lastPathComponent)) }
                continue
            }
            let found = (fm.enumerator(atPath: path)?.compactMap { $0 as? String } ?? [])
                .filter { extensions.contains(($0 as NSString).pathExtension.lowercased()) }
                .sorted()
            for relative in found {
                let f = (path as NSString).appendingPathComponent(relative)
                if seen.insert(f).inserted { inputs.append(Input(path: f, key: relative)) }
            }
        }
        return (inputs, missing)
    }
}
