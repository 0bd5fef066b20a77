import Foundation
import ParloCore

/// Remembers, per file, the sentence where reading stopped: `$XDG_STATE_HOME/parlo/reading/`.
public struct ReadingPositionStore: Sendable {
    public let directory: String

    /// The store under `$XDG_STATE_HOME/parlo` (default `~/.local/state/parlo`).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let base = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.local/state")
        directory = base + "/parlo/reading"
    }

    public init(directory: String) { self.directory = directory }

    static var decoder: JSONDecoder {
        let d = JSONDecoder()
        d.dateDecodingStrategy = .iso8601
        return d
    }

    struct Entry: Codable { var path: String; var sentence: Int; var total: Int?; var updated: Date }

    /// The file holding `path`'s position: named by a hash of the absolute path.
    func file(for path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        return directory + "/" + String(StableHash.of(absolute), radix: 16) + ".json"
    }

    /// The sentence (0-based) to resume `path` from, or nil.
    public func position(of path: String) -> Int? {
        guard let data = FileManager.default.contents(atPath: file(for: path)),
              let entry = try? Self.decoder.decode(Entry.self, from: data) else { return nil }
        return entry.sentence
    }

    public func save(_ sentence: Int, total: Int? = nil, of path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let entry = Entry(path: URL(fileURLWithPath: path).standardizedFileURL.path, sentence: sentence,
                              total: total, updated: Date())
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            try encoder.encode(entry).write(to: URL(fileURLWithPath: file(for: path)), options: .atomic)
        } catch {
            throw SpeechError(.stateFailed, "cannot save the reading position in \(directory): \(error.localizedDescription)")
        }
    }

    /// Forgets `path` (read to the end).
    public func clear(_ path: String) { try? FileManager.default.removeItem(atPath: file(for: path)) }
}
