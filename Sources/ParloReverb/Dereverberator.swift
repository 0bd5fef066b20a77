import ParloCore

/// Takes a room's late reverberation out of one recording before it is recognised: single-channel
/// weighted prediction error (WPE; Nakatani et al., 2010, in the form of Yoshioka and Nakatani,
/// 2012, and of the nara_wpe package).
///
/// Why: the en-us model was trained on close-talk speech. A desk microphone an arm's length away
/// in a bare room hears each syllable again for a few hundred milliseconds, smeared over the next
/// phones. DEV's quiet files made again in three more reverberant rooms lost up to 19 of 120
/// commands and let up to 24 of 106 non-commands fire; with this stage first, about two thirds of
/// the lost commands came back (docs/recognizer-measurements.md, "Reverberation").
///
/// How: in each frequency bin of a short-time spectrum (64 ms frames, 16 ms hop), what the
/// frames from `delay` to `delay + taps − 1` hops back predict of the current frame is taken for
/// the room's tail of earlier speech and subtracted. The predictor is the least-squares one with
/// each frame weighted by the inverse of its estimated dry power, re-estimated `iterations`
/// times from the previous output. Reflections within `delay` hops (32 ms) stay: they colour the
/// voice like a microphone does, and the cepstral mean takes that out.
///
/// Offline: it needs the whole recording, so `parlo batch` runs it on files of up to 30 s.
public struct Dereverberator: Sendable {
    /// Samples per analysis frame (64 ms at 16 kHz) and between frames (16 ms).
    public let frameLength = 1024
    public let hop = 256
    /// Prediction taps per bin, the hops skipped before the first, and how often the weights are
    /// re-estimated (chosen on reverberant DEV rooms: docs/recognizer-measurements.md).
    public let taps = 10
    public let delay = 2
    public let iterations = 3

    public init() {}

    /// `samples` with the late reverberation taken out; as many samples, aligned with them.
    public func process(_ samples: [Int16]) -> [Int16] {
        guard samples.count >= frameLength else { return samples }
        let stft = ShortTimeSpectrum(length: frameLength, hop: hop)
        let input = samples.map { Float($0) / 32768 }
        var (re, im, frames) = stft.analyse(input)
        guard frames > delay + taps else { return samples }
        for f in 0..<stft.bins {
            let range = f * frames..<(f + 1) * frames
            let (outRe, outIm) = dereverberate(re: Array(re[range]), im: Array(im[range]))
            re.replaceSubrange(range, with: outRe)
            im.replaceSubrange(range, with: outIm)
        }
        return stft.synthesise(re: re, im: im, frames: frames, count: samples.count)
            .map { Int16(clamping: Int(($0 * 32768).rounded())) }
    }

    /// One bin's frames, dereverberated: y[t] − Σₖ conj(gₖ)·y[t − delay − k].
    func dereverberate(re yr: [Double], im yi: [Double]) -> (re: [Double], im: [Double]) {
        let count = yr.count, k = taps, d = delay
        var xr = yr, xi = yi
        var rr = [Double](repeating: 0, count: k * k), ri = rr
        var pr = [Double](repeating: 0, count: k), pi = pr
        for _ in 0..<iterations {
            // Weighted correlations: R = Σₜ ỹₜ ỹₜᴴ / λₜ (Hermitian, k × k), p = Σₜ ỹₜ conj(yₜ) / λₜ.
            for i in 0..<k * k { rr[i] = 0; ri[i] = 0 }
            for i in 0..<k { pr[i] = 0; pi[i] = 0 }
            yr.withUnsafeBufferPointer { yr in yi.withUnsafeBufferPointer { yi in
            xr.withUnsafeBufferPointer { xr in xi.withUnsafeBufferPointer { xi in
            rr.withUnsafeMutableBufferPointer { rr in ri.withUnsafeMutableBufferPointer { ri in
            pr.withUnsafeMutableBufferPointer { pr in pi.withUnsafeMutableBufferPointer { pi in
                for t in d..<count {
                    let weight = 1 / max(xr[t] * xr[t] + xi[t] * xi[t], 1e-10)
                    for a in 0..<min(k, t - d + 1) {
                        let ta = t - d - a
                        let ar = yr[ta] * weight, ai = yi[ta] * weight
                        pr[a] += ar * yr[t] + ai * yi[t]
                        pi[a] += ai * yr[t] - ar * yi[t]
                        for b in 0...a {
                            let tb = t - d - b
                            rr[a * k + b] += ar * yr[tb] + ai * yi[tb]
                            ri[a * k + b] += ai * yr[tb] - ar * yi[tb]
                        }
                    }
                }
            } } } } } } } }
            guard let (gr, gi) = Self.solveHermitian(rr: rr, ri: ri, pr: pr, pi: pi, size: k) else { return (yr, yi) }
            for t in 0..<count {
                var sr = 0.0, si = 0.0
                for a in 0..<min(k, max(0, t - d + 1)) {
                    let ta = t - d - a
                    // conj(g)·y
                    sr += gr[a] * yr[ta] + gi[a] * yi[ta]
                    si += gr[a] * yi[ta] - gi[a] * yr[ta]
                }
                xr[t] = yr[t] - sr; xi[t] = yi[t] - si
            }
        }
        return (xr, xi)
    }

    /// Solves R g = p for a Hermitian positive-definite R given by its lower triangle (row-major
    /// `rr`/`ri`), by Cholesky with a little diagonal loading; nil if R is not positive definite
    /// (a bin with no energy), where the bin is left as it is.
    static func solveHermitian(rr: [Double], ri: [Double], pr: [Double], pi: [Double], size n: Int) -> (re: [Double], im: [Double])? {
        var lr = [Double](repeating: 0, count: n * n), li = lr
        let loading = 1e-10
        for i in 0..<n {
            for j in 0...i {
                var sr = rr[i * n + j], si = ri[i * n + j]
                if i == j { sr += loading }
                for m in 0..<j {   // − L[i][m]·conj(L[j][m])
                    sr -= lr[i * n + m] * lr[j * n + m] + li[i * n + m] * li[j * n + m]
                    si -= li[i * n + m] * lr[j * n + m] - lr[i * n + m] * li[j * n + m]
                }
                if i == j {
                    guard sr > 0, sr.isFinite else { return nil }
                    lr[i * n + i] = sr.squareRoot(); li[i * n + i] = 0
                } else {
                    let diagonal = lr[j * n + j]
                    lr[i * n + j] = sr / diagonal; li[i * n + j] = si / diagonal
                }
            }
        }
        // L z = p, then Lᴴ g = z.
        var zr = pr, zi = pi
        for i in 0..<n {
            for m in 0..<i {
                zr[i] -= lr[i * n + m] * zr[m] - li[i * n + m] * zi[m]
                zi[i] -= lr[i * n + m] * zi[m] + li[i * n + m] * zr[m]
            }
            zr[i] /= lr[i * n + i]; zi[i] /= lr[i * n + i]
        }
        for i in stride(from: n - 1, through: 0, by: -1) {
            for m in (i + 1)..<n {   // − conj(L[m][i])·g[m]
                zr[i] -= lr[m * n + i] * zr[m] + li[m * n + i] * zi[m]
                zi[i] -= lr[m * n + i] * zi[m] - li[m * n + i] * zr[m]
            }
            zr[i] /= lr[i * n + i]; zi[i] /= lr[i * n + i]
        }
        return (zr, zi)
    }
}
