import Logging
import ParloAudio
import ParloCore

/// Plays mono 16-bit buffers on a playback device: the speech-output end of the pipeline.
///
/// Opens the device at the buffers' rate; when the device grants another rate the samples go
/// through libsoxr (the same resampler as file input), and mono is copied to every channel the
/// device insists on. `play` blocks only while the device buffer is full; `finish` drains.
public final class ALSAPlayer {
    public let device: PCMDevice
    /// The rate of the buffers passed to `play`.
    public let inputRate: Int
    private var resampler: Resampler?
    private var converted: [Int16] = []

    public init(device name: String = "default", sampleRate: Int = SpeechFormat.sampleRate,
                configuration: ALSAConfiguration? = nil,
                logger: Logger = Logger(label: "parlo.alsa", factory: { _ in SwiftLogNoOpLogHandler() })) throws {
        device = try PCMDevice(name: name, direction: .playback, sampleRate: sampleRate, channels: 1,
                               configuration: configuration, logger: logger)
        inputRate = sampleRate
        resampler = try Self.resampler(from: sampleRate, for: device)
    }

    private static func resampler(from rate: Int, for device: PCMDevice) throws -> Resampler? {
        device.format.sampleRate == rate ? nil : try Resampler(from: rate, to: device.format.sampleRate)
    }

    /// Queues `samples` (mono, `inputRate`) for playback.
    public func play(_ samples: [Int16]) throws {
        let fmt = device.format
        if resampler == nil && fmt.channels == 1 {
            try samples.withUnsafeBufferPointer { try device.write($0) }
            return
        }
        try write(resampler.map { try $0.process(PCM.float(samples)) }, original: samples)
    }

    private func write(_ resampled: [Float]?, original: [Int16]) throws {
        let channels = device.format.channels
        converted.removeAll(keepingCapacity: true)
        let mono = resampled.map(PCM.int16) ?? original
        for s in mono { for _ in 0..<channels { converted.append(s) } }
        try converted.withUnsafeBufferPointer { try device.write($0) }
    }

    /// Frames (at `inputRate`) written but not yet heard.
    public var pendingFrames: Int {
        device.pendingFrames() * inputRate / device.format.sampleRate
    }

    /// Drops everything not yet heard (and what the resampler holds back).
    public func stop() throws {
        try device.dropPending()
        resampler = try Self.resampler(from: inputRate, for: device)
    }

    /// Waits until everything queued has been played.
    public func finish() throws {
        if let resampler { try write(try resampler.process([]), original: []) }
        try device.drain()
    }
}
