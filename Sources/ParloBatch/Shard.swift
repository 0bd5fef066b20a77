import ParloCore

/// One of N parts of a batch (`parlo batch --shard K/N`), so a large evaluation runs as N
/// jobs under any job runner and `parlo report` merges their results.
///
/// A file's shard depends on its own key alone (`AudioFiles.Input.key`: its path below the
/// folder named on the command line), never on the order or number of other files: every
/// machine puts a file in the same shard whatever the folder is called or where it is mounted,
/// and the N shards together take every file exactly once.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// 1…count.
    public let index: Int
    public let count: Int

    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index; self.count = count
    }

    /// Parses "K/N" with 1 ≤ K ≤ N.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let k = Int(parts[0]), let n = Int(parts[1]) else { return nil }
        self.init(index: k, count: n)
    }

    public var description: String { "\(index)/\(count)" }

    /// Whether the file with `key` belongs to this shard.
    public func contains(key: String) -> Bool { Self.of(key: key, count: count) == index }

    /// The shard (1…count) of `key`: FNV-1a of the key, its bits mixed (splitmix64's
    /// finaliser) so that keys differing only in their last characters spread evenly.
    public static func of(key: String, count: Int) -> Int {
        var h = StableHash.of(key)
        h = (h ^ (h >> 30)) &* 0xbf58_476d_1ce4_e5b9
        h = (h ^ (h >> 27)) &* 0x94d0_49bb_1331_11eb
        h ^= h >> 31
        return Int(h % UInt64(count)) + 1
    }
}
