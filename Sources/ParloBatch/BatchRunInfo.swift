/// The first line of a `parlo batch --out` file: which run wrote the results. `parlo report`
/// refuses to merge shards of different runs with it, and `--resume` to continue another run.
public struct BatchRunInfo: Codable, Sendable, Equatable {
    public var type = "batch_run"
    /// "K/N" for `--shard K/N`, nil for a whole run.
    public var shard: String?
    /// Audio files of the whole run (every shard together).
    public var inputs: Int
    /// Audio files of this shard (all of them without `--shard`).
    public var files: Int
    /// What decides the results: Parlo's version, the model, grammar or catalog, rejection,
    /// noise floor and suppression, decoder options, raw format, expectations; short values,
    /// or fingerprints of long ones.
    public var settings: [String: String]

    public init(shard: Shard?, inputs: Int, files: Int, settings: [String: String]) {
        self.shard = shard?.description; self.inputs = inputs; self.files = files; self.settings = settings
    }

    /// The settings whose values differ from `other`'s (or that only one of them has), sorted.
    public func differences(from other: BatchRunInfo) -> [String] {
        Set(settings.keys).union(other.settings.keys).filter { settings[$0] != other.settings[$0] }.sorted()
    }
}
