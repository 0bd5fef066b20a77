import CFFTW
import Foundation

/// The short-time Fourier transform `Dereverberator` works in: frames of `length` samples every
/// `hop`, a square-root Hann window at analysis and again at synthesis, so that adding the frames
/// back (divided by the windows' summed squares) gives the input again, sample for sample.
///
/// The transforms are FFTW's (single precision). FFTW's planner is global state and not
/// thread-safe, while executing a plan is: plans are made and destroyed under `planner` only, and
/// executed on any thread (batch decodes files on several).
final class ShortTimeSpectrum {
    /// The one lock around FFTW's planner (plan creation and destruction).
    private static let planner = NSLock()

    let length: Int
    let hop: Int
    var bins: Int { length / 2 + 1 }
    private let window: [Float]
    /// What the windows' squares add up to under every sample away from the ends (2 for a
    /// square-root Hann window at a quarter-frame hop): the divisor of a streamed synthesis.
    let overlapGain: Float
    private let forward: fftwf_plan
    private let inverse: fftwf_plan

    init(length: Int, hop: Int) {
        precondition(length > 0 && length % 2 == 0 && hop > 0 && hop <= length, "frame length must be even and hold the hop")
        self.length = length; self.hop = hop
        window = (0..<length).map { Float(sin(Double.pi * Double($0) / Double(length))) }   // √Hann
        overlapGain = stride(from: 0, to: length, by: hop).reduce(Float(0)) { [window] in $0 + window[$1] * window[$1] }
        let real = fftwf_alloc_real(length), complex = fftwf_alloc_complex(length / 2 + 1)
        defer { fftwf_free(real); fftwf_free(complex) }
        Self.planner.lock()
        forward = fftwf_plan_dft_r2c_1d(Int32(length), real, complex, parlo_fftw_flags)
        inverse = fftwf_plan_dft_c2r_1d(Int32(length), complex, real, parlo_fftw_flags)
        Self.planner.unlock()
    }

    deinit {
        Self.planner.lock()
        fftwf_destroy_plan(forward); fftwf_destroy_plan(inverse)
        Self.planner.unlock()
    }

    /// How many frames cover `count` samples (the first frame reaches back `length − hop`
    /// samples before the first one, the last past the end).
    func frameCount(_ count: Int) -> Int { (count + length - hop) / hop + 1 }

    /// The spectra of `samples`, bin by bin: the real and imaginary parts of bin `f` in frame
    /// `t` are at `f * frames + t` (what a per-bin filter reads in order).
    func analyse(_ samples: [Float]) -> (re: [Double], im: [Double], frames: Int) {
        let frames = frameCount(samples.count), bins = self.bins
        var re = [Double](repeating: 0, count: bins * frames), im = re
        var frame = [Float](repeating: 0, count: length)
        var spectrum = [Float](repeating: 0, count: 2 * bins)
        for t in 0..<frames {
            let start = t * hop - (length - hop)
            for n in 0..<length {
                let i = start + n
                frame[n] = i >= 0 && i < samples.count ? samples[i] : 0
            }
            transform(&frame, into: &spectrum)
            for f in 0..<bins { re[f * frames + t] = Double(spectrum[2 * f]); im[f * frames + t] = Double(spectrum[2 * f + 1]) }
        }
        return (re, im, frames)
    }

    /// The spectrum of one frame of `length` samples, windowed here (`frame` is overwritten):
    /// bin `f`'s real and imaginary parts at `2f` and `2f + 1` of `spectrum`.
    func transform(_ frame: inout [Float], into spectrum: inout [Float]) {
        for n in 0..<length { frame[n] *= window[n] }
        frame.withUnsafeMutableBufferPointer { x in
            spectrum.withUnsafeMutableBytes { y in
                fftwf_execute_dft_r2c(forward, x.baseAddress, y.baseAddress!.assumingMemoryBound(to: fftwf_complex.self))
            }
        }
    }

    /// One frame back from its spectrum (laid out as `transform` gives it; overwritten), windowed
    /// again for adding to its neighbours.
    func inverse(_ spectrum: inout [Float], into frame: inout [Float]) {
        spectrum.withUnsafeMutableBytes { y in
            frame.withUnsafeMutableBufferPointer { x in
                fftwf_execute_dft_c2r(inverse, y.baseAddress!.assumingMemoryBound(to: fftwf_complex.self), x.baseAddress)
            }
        }
        let scale = 1 / Float(length)        // FFTW's inverse is unnormalised
        for n in 0..<length { frame[n] = frame[n] * scale * window[n] }
    }

    /// The `count` samples whose spectra `re`/`im` (laid out as `analyse` gives them) are.
    func synthesise(re: [Double], im: [Double], frames: Int, count: Int) -> [Float] {
        let bins = self.bins
        var out = [Double](repeating: 0, count: count), norm = out
        var spectrum = [Float](repeating: 0, count: 2 * bins)
        var frame = [Float](repeating: 0, count: length)
        for t in 0..<frames {
            for f in 0..<bins { spectrum[2 * f] = Float(re[f * frames + t]); spectrum[2 * f + 1] = Float(im[f * frames + t]) }
            inverse(&spectrum, into: &frame)
            let start = t * hop - (length - hop)
            for n in 0..<length {
                let i = start + n
                guard i >= 0 && i < count else { continue }
                out[i] += Double(frame[n])
                norm[i] += Double(window[n] * window[n])
            }
        }
        return zip(out, norm).map { Float($0 / max($1, 1e-8)) }
    }
}
