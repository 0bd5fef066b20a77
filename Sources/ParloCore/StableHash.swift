/// FNV-1a: a hash that, unlike Swift's `Hasher`, is the same in every process, so it can name
/// files (reading positions), seed reproducible choices (fixtures) and index bytes (cmudict scan).
public enum StableHash {
    /// FNV-1a over `bytes`; `foldingASCIICase` hashes "Math" and "math" alike. Inlinable so
    /// that callers get it specialised: the cmudict scan hashes every line of a 3.2 MB file, and
    /// the generic version across the module boundary made decoder start-up 10x slower.
    @inlinable
    public static func of<C: Collection>(bytes: C, foldingASCIICase: Bool = false) -> UInt64 where C.Element == UInt8 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for var b in bytes {
            if foldingASCIICase && b >= 0x41 && b <= 0x5A { b += 0x20 }
            h = (h ^ UInt64(b)) &* 0x100_0000_01b3
        }
        return h
    }

    /// FNV-1a over the UTF-8 of `text`.
    public static func of(_ text: String) -> UInt64 { of(bytes: text.utf8) }
}
