import Foundation

/// The model's mixture weights as SphinxTrain reads them.
///
/// Debian's en-us model ships them only as `sendump`: 8-bit quantised negative logs that
/// PocketSphinx reads but SphinxTrain's `bw` cannot, and `bw` needs them to count which
/// Gaussians each frame belongs to. This turns one into the other (`mixture_weights`, the
/// Sphinx-III float format), losing nothing `bw` uses: each weight is exact to the quantisation.
enum MixtureWeights {
    /// PocketSphinx stores `-log(w)` in base 1.0001, shifted right by 10 bits (`SENSCR_SHIFT`).
    static let quantumLog = 1024 * log(1.0001)

    struct FormatError: Error { var detail: String }

    /// Reads `sendump` and writes `mixture_weights` (senones × streams × densities, float32).
    static func convert(sendump path: String, to output: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else { throw FormatError(detail: "cannot read \(path)") }
        let bytes = [UInt8](data)
        var offset = 0
        func int32() throws -> Int {
            guard offset + 4 <= bytes.count else { throw FormatError(detail: "\(path) ends early") }
            let v = bytes[offset..<offset + 4].withUnsafeBytes { Int32(littleEndian: $0.loadUnaligned(as: Int32.self)) }
            offset += 4
            return Int(v)
        }
        // A title, a header, then "key value" strings up to an empty one.
        var streams = 1, clusters = 0
        for _ in 0..<2 { let n = try int32(); offset += n }
        while true {
            let n = try int32()
            if n == 0 { break }
            guard n > 0, offset + n <= bytes.count else { throw FormatError(detail: "\(path): bad header string") }
            let text = String(decoding: bytes[offset..<offset + n].prefix { $0 != 0 }, as: UTF8.self)
            offset += n
            let parts = text.split(separator: " ", maxSplits: 1).map(String.init)
            if parts.count == 2, parts[0] == "feature_count" { streams = Int(parts[1]) ?? 1 }
            if parts.count == 2, parts[0] == "cluster_count" { clusters = Int(parts[1]) ?? 0 }
        }
        guard clusters == 0 else { throw FormatError(detail: "\(path): clustered weights are not supported") }
        let densities = try int32(), senones = try int32()
        guard densities > 0, senones > 0, offset + streams * densities * senones == bytes.count else {
            throw FormatError(detail: "\(path): \(streams) × \(densities) × \(senones) weights do not fill the file")
        }
        // sendump is [stream][density][senone]; mixture_weights is [senone][stream][density].
        var weights = [Float](repeating: 0, count: streams * densities * senones)
        for f in 0..<streams {
            for d in 0..<densities {
                let row = offset + (f * densities + d) * senones
                for s in 0..<senones { weights[(s * streams + f) * densities + d] = Float(exp(-Double(bytes[row + s]) * quantumLog)) }
            }
        }
        for s in 0..<senones * streams {                    // normalise each mixture, as SphinxTrain expects
            let range = s * densities..<(s + 1) * densities
            let sum = weights[range].reduce(0, +)
            if sum > 0 { for i in range { weights[i] /= sum } }
        }
        var out = Data("s3\nversion 1.0\n".utf8)
        let pad = (4 - (out.count + 7) % 4) % 4             // the data starts on a 4-byte boundary
        out += Data(String(repeating: " ", count: pad).utf8) + Data("endhdr\n".utf8)
        func append(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) } }
        append(0x1122_3344)                                 // byte-order magic
        for v in [senones, streams, densities, senones * streams * densities] { append(UInt32(v)) }
        weights.withUnsafeBytes { out.append(contentsOf: $0) }
        guard FileManager.default.createFile(atPath: output, contents: out) else { throw FormatError(detail: "cannot write \(output)") }
    }
}
