import Foundation

/// Where PocketSphinx's acoustic model and pronunciation dictionary live on disk.
///
/// Debian's pocketsphinx-en-us puts the model at `/usr/share/pocketsphinx/model/en-us/en-us`
/// and cmudict beside it; `--model` or `PARLO_MODEL` may name either that folder or its parent.
public struct AcousticModel: Sendable, Equatable {
    public static let debianRoot = "/usr/share/pocketsphinx/model/en-us"

    /// The folder holding `mdef`, `means`, `noisedict` …
    public var directory: String
    /// The full cmudict-format dictionary Parlo picks grammar words from.
    public var dictionary: String
    /// An MLLR transform of the model's means (`parlo adapt` writes one from the user's own
    /// recordings), applied by every decoder made on this model; nil: the model as shipped.
    public var adaptation: String?

    public init(directory: String, dictionary: String, adaptation: String? = nil) {
        self.directory = directory; self.dictionary = dictionary; self.adaptation = adaptation
    }

    /// This model with the MLLR transform in `path` (checked: a clear error names a file that
    /// is not one, where PocketSphinx would only fail to start), or without one for nil.
    public func adapted(with path: String?) throws -> AcousticModel {
        var m = self
        if let path { try ModelAdaptation.checkTransform(at: path) }
        m.adaptation = path
        return m
    }

    /// Finds the model: `explicit` first, then `$PARLO_MODEL`, then Debian's location.
    public static func locate(_ explicit: String? = nil,
                              environment: [String: String] = ProcessInfo.processInfo.environment) throws -> AcousticModel {
        let root = explicit ?? environment["PARLO_MODEL"] ?? debianRoot
        let fm = FileManager.default
        let candidates = [root, root + "/en-us"]
        guard let dir = candidates.first(where: { fm.fileExists(atPath: $0 + "/mdef") }) else {
            throw RecognizerError(.modelMissing, "no PocketSphinx acoustic model (mdef) in \(root)")
        }
        let parent = (dir as NSString).deletingLastPathComponent
        for folder in [dir, parent, root] {
            let dicts = ((try? fm.contentsOfDirectory(atPath: folder)) ?? [])
                .filter { $0.hasSuffix(".dict") || $0.hasSuffix(".dic") }.sorted()
            if let d = dicts.first(where: { $0.hasPrefix("cmudict") }) ?? dicts.first {
                return AcousticModel(directory: dir, dictionary: folder + "/" + d)
            }
        }
        throw RecognizerError(.dictionaryMissing, "no pronunciation dictionary (*.dict) next to the model in \(dir)")
    }
}
