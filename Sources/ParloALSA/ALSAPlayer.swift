import Logging
import ParloCore

/// Plays mono 16-bit buffers on a playback device: the speech-output end of the pipeline.
///
/// Opens the device at the buffers' rate; when the device grants another rate or more channels,
/// samples are linearly resampled and copied to every channel (good enough for speech).
/// `play` blocks while the device consumes the audio; `finish` drains what is queued.
public final class ALSAPlayer {
    public let device: PCMDevice
    /// The rate of the buffers passed to `play`.
    public let inputRate: Int
    private var converted: [Int16] = []
    /// Fractional read position carried between buffers when resampling.
    private var phase = 0.0
    private var last: Int16 = 0

    public init(device name: String = "default", sampleRate: Int = SpeechFormat.sampleRate,
                configuration: ALSAConfiguration? = nil,
                logger: Logger = Logger(label: "parlo.alsa", factory: { _ in SwiftLogNoOpLogHandler() })) throws {
        device = try PCMDevice(name: name, direction: .playback, sampleRate: sampleRate, channels: 1,
                               configuration: configuration, logger: logger)
        inputRate = sampleRate
    }

    /// Queues `samples` (mono, `inputRate`) for playback.
    public func play(_ samples: [Int16]) throws {
        let fmt = device.format
        if fmt.sampleRate == inputRate && fmt.channels == 1 {
            try samples.withUnsafeBufferPointer { try device.write($0) }
            return
        }
        convert(samples, to: fmt)
        try converted.withUnsafeBufferPointer { try device.write($0) }
    }

    private func convert(_ samples: [Int16], to fmt: PCMDevice.Format) {
        converted.removeAll(keepingCapacity: true)
        if fmt.sampleRate == inputRate {
            for s in samples { for _ in 0..<fmt.channels { converted.append(s) } }
            return
        }
        let step = Double(inputRate) / Double(fmt.sampleRate)
        // `phase` is a read position in this buffer; −1…0 interpolates from the previous buffer's last sample.
        while phase < Double(samples.count - 1) {
            let i = Int(phase.rounded(.down))
            let frac = phase - Double(i)
            let a = i < 0 ? Double(last) : Double(samples[i])
            let b = Double(samples[i + 1])
            let v = Int16(max(-32768, min(32767, (a + (b - a) * frac).rounded())))
            for _ in 0..<fmt.channels { converted.append(v) }
            phase += step
        }
        phase -= Double(samples.count)
        if let l = samples.last { last = l }
    }

    /// Waits until everything queued has been played.
    public func finish() throws { try device.drain() }
}
