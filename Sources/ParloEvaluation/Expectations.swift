import Foundation
import ParloCore

/// What a fixture should be recognised as: at least its transcript, plus any later fields
/// (command, slots, language …) carried through untouched.
public struct Expectation: Sendable, Equatable {
    public var text: String
    public var fields: [String: JSONValue]
    public init(text: String, fields: [String: JSONValue] = [:]) { self.text = text; self.fields = fields }
}

/// A manifest line or file could not be used.
public struct ManifestError: ParloError {
    public var path: String
    public var line: Int
    public var detail: String
    public var message: String {
        "\(path):\(line): \(detail) — each line must be a JSON object with \"audio\" and \"text\""
    }
}

/// Expected transcripts, found in a JSON Lines manifest or in `NAME.txt` files beside the audio.
public struct ExpectationSet: Sendable {
    /// Keyed by the audio file's absolute, standardised path.
    public private(set) var byAudio: [String: Expectation] = [:]

    public init() {}

    /// Reads a manifest; `audio` paths are relative to the manifest's folder.
    public init(manifest path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ManifestError(path: path, line: 0, detail: "cannot read the manifest")
        }
        try self.init(manifest: data, path: path)
    }

    /// Reads manifest contents read from `path` (which names errors and the folder `audio`
    /// paths are relative to).
    public init(manifest data: Data, path: String) throws {
        let base = URL(fileURLWithPath: path).deletingLastPathComponent()
        for (n, line) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let object = try? JSONDecoder().decode([String: JSONValue].self, from: Data(trimmed.utf8)) else {
                throw ManifestError(path: path, line: n + 1, detail: "not a JSON object")
            }
            guard let audio = object["audio"]?.stringValue, let text = object["text"]?.stringValue else {
                throw ManifestError(path: path, line: n + 1, detail: "missing \"audio\" or \"text\"")
            }
            let url = URL(fileURLWithPath: audio, relativeTo: base).standardizedFileURL
            byAudio[url.path] = Expectation(text: text, fields: object)
        }
    }

    /// The expectation for `audioPath`: the manifest's, else a sidecar `NAME.txt`.
    public func expectation(for audioPath: String) -> Expectation? {
        let url = URL(fileURLWithPath: audioPath).standardizedFileURL
        if let e = byAudio[url.path] { return e }
        let sidecar = url.deletingPathExtension().appendingPathExtension("txt")
        guard let data = FileManager.default.contents(atPath: sidecar.path) else { return nil }
        return Expectation(text: String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
