import ArgumentParser
import ParloGrammar

/// `--warps`, for `parlo batch` (each file), `parlo listen` and `parlo study` (each utterance): the
/// vocal-tract warps an unsure file or a rejected utterance is decoded again at (`CatalogRecognizer.warps`).
struct WarpOptions: ParsableArguments {
    @Option(name: .customLong("warps"), help: ArgumentHelp("With a catalog: also decode each file the first decode is unsure of (confidence under \(CatalogRecognizer.defaultWarpBelowConfidence), or rejected), and each utterance live listening would reject, at these frequency warps (vocal-tract-length factors, comma-separated; the audio resampled), and take a warped decode that fits better and is sure (confidence \(CatalogRecognizer.defaultWarpedAtLeast) or more): voices far from the model's adult speakers (a child's, a very high or low one). 'none': unwarped only.", valueName: "W,..."))
    var warps: String = CatalogRecognizer.defaultWarps.map { "\($0)" }.joined(separator: ",")

    /// The `--warps` factors (empty: none); nil when one is no warp from 0.7 to 1.4.
    var parsed: [Double]? {
        if warps == "none" { return [] }
        let factors = warps.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
        return factors.allSatisfy { $0.map { (0.7...1.4).contains($0) } ?? false } ? factors.compactMap { $0 } : nil
    }

    /// The factors to decode at (empty: none).
    var factors: [Double] { parsed ?? [] }

    func validate() throws {
        if parsed == nil {
            throw ValidationError("--warps takes frequency warps between 0.7 and 1.4, comma-separated (e.g. 0.8,1.25), or 'none', got '\(warps)'")
        }
    }
}
