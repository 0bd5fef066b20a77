import CWebRTCVAD
import ParloCore
import ParloEndpointer

/// WebRTC's voice activity detector (a Gaussian mixture over six sub-band energies that adapts
/// to the noise) as the endpointer's speech/noise classifier.
///
/// Measured on the development streams (eSpeak NG commands under pink noise, denoised first, as
/// `parlo listen` does): 91–98 % of speech windows and 6–7 % of the others called speech from
/// quiet down to 5 dB SNR, where the energy threshold called most of the noise speech.
/// Owns one `VadInst`, freed in `deinit`. Not thread-safe: one per stream.
public final class WebRTCVoiceActivity: VoiceActivityClassifier {
    /// WebRTC's aggressiveness, 0…3: how reluctant it is to call noise speech.
    public let mode: Int32
    public let windowSamples: Int
    private let handle: OpaquePointer
    private var pending: [Int16] = []

    /// - Parameters:
    ///   - mode: 3 (the most aggressive) kept segmentation right down to 0 dB on the
    ///     development streams; 1 called 14–22 % of the noise speech after denoising.
    ///   - windowSamples: 160, 320 or 480 (10, 20, 30 ms at 16 kHz).
    public init(mode: Int32 = 3, windowSamples: Int = 320) throws {
        guard (0...3).contains(mode), [160, 320, 480].contains(windowSamples) else {
            throw VoiceActivityError(message: "voice activity detection needs mode 0–3 and 10, 20 or 30 ms windows, not mode \(mode) with \(windowSamples)-sample windows")
        }
        guard let handle = WebRtcVad_Create() else {
            throw VoiceActivityError(message: "cannot create WebRTC's voice activity detector (out of memory?) — close other programs and try again")
        }
        self.handle = handle
        self.mode = mode
        self.windowSamples = windowSamples
        pending.reserveCapacity(windowSamples)
        reset()
    }

    deinit { WebRtcVad_Free(handle) }

    public func classify(_ samples: UnsafeBufferPointer<Int16>, each: (Bool) throws -> Void) rethrows {
        var i = 0
        if !pending.isEmpty {
            let take = min(windowSamples - pending.count, samples.count)
            pending.append(contentsOf: samples[0..<take])
            i = take
            if pending.count == windowSamples {
                try each(pending.withUnsafeBufferPointer { verdict($0) })
                pending.removeAll(keepingCapacity: true)
            }
        }
        while samples.count - i >= windowSamples {
            try each(verdict(UnsafeBufferPointer(rebasing: samples[i..<(i + windowSamples)])))
            i += windowSamples
        }
        pending.append(contentsOf: samples[i...])
    }

    public func reset() {
        _ = WebRtcVad_Init(handle)
        _ = WebRtcVad_set_mode(handle, mode)
        pending.removeAll(keepingCapacity: true)
    }

    /// WebRTC returns -1 only for a bad rate or length, which `init` rules out: treat it as noise.
    private func verdict(_ window: UnsafeBufferPointer<Int16>) -> Bool {
        WebRtcVad_Process(handle, Int32(SpeechFormat.sampleRate), window.baseAddress, window.count) == 1
    }
}

/// A voice activity detector that could not be made.
public struct VoiceActivityError: ParloError {
    public var message: String
}
