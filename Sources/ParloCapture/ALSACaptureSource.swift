import Foundation
import Logging
import ParloALSA
import ParloCore

/// Captures from an ALSA device on its own thread, delivering speech-format chunks.
///
/// The device is opened in `init`, so a missing or busy device fails at once with an
/// `ALSAError` naming it; the capture thread owns it from `start()` and closes it when the
/// stream stops (Ctrl-C, end of the consumer) or after `maxSeconds`.
// @unchecked Sendable: `device` is opened in `init` and moved to the capture thread by `start()` (set to nil here), so one thread at a time owns the PCM handle; the rest are `let`s.
public final class ALSACaptureSource: CaptureSource, @unchecked Sendable {
    public struct Options: Sendable {
        public var device = "default"
        /// A private configuration (tests, fixtures); nil uses the system's.
        public var configuration: ALSAConfiguration?
        /// What to ask the device for; whatever it grants is converted to speech format.
        public var sampleRate = SpeechFormat.sampleRate
        public var channels = 1
        public var periodSeconds = 0.02
        /// Sleep to real time between periods: only for devices that do not pace themselves
        /// (the `file` plugin over a `null` slave).
        public var realTime = false
        /// Stop after this much audio (devices that never end, like a `file`-plugin fixture).
        public var maxSeconds: Double?
        /// How much captured audio may wait for a busy pipeline before the device overruns
        /// (its own buffer is 8 periods): a second look the next utterance has to wait for holds
        /// listening up to about 2 s (`ListenPipeline`), a reader keeps talking meanwhile.
        public var queueSeconds = 5.0

        public init(device: String = "default") { self.device = device }
    }

    public let options: Options
    /// The format the device granted.
    public let format: PCMDevice.Format
    public let stats = CaptureStats()
    private var device: PCMDevice?
    private let logger: Logger

    public init(options: Options,
                logger: Logger = Logger(label: "parlo.capture", factory: { _ in SwiftLogNoOpLogHandler() })) throws {
        self.options = options
        self.logger = logger
        let pcm = try PCMDevice(name: options.device, direction: .capture, sampleRate: options.sampleRate,
                                channels: options.channels, periodSeconds: options.periodSeconds,
                                configuration: options.configuration, logger: logger)
        format = pcm.format
        device = pcm
    }

    public var description: String { "\(options.device) (\(format))" }

    public func start() -> CaptureStream {
        precondition(device != nil, "ALSACaptureSource.start() called twice")
        // The device moves to the capture thread: nothing here touches it after this.
        nonisolated(unsafe) let pcm = device!
        device = nil
        let options = options, stats = stats, logger = logger
        let chunks = Int((options.queueSeconds / options.periodSeconds).rounded(.up))
        return CaptureStream(name: "parlo.capture.alsa", capacity: chunks) { producer in
            defer { pcm.close() }
            let fmt = pcm.format
            let converter = try AudioConverter(sampleRate: fmt.sampleRate, channels: fmt.channels)
            var buffer = [Float](repeating: 0, count: fmt.periodFrames * fmt.channels)
            var pacer = RealTimePacer()
            var position = 0
            let limit = options.maxSeconds.map { Int($0 * Double(SpeechFormat.sampleRate)) }
            while !producer.isStopped {
                let frames = try buffer.withUnsafeMutableBufferPointer { try pcm.read(into: $0, frames: fmt.periodFrames) }
                var samples = try buffer.withUnsafeBufferPointer { try converter.convert($0, frames: frames) }
                if let limit, position + samples.count >= limit {
                    samples = Array(samples.prefix(limit - position))
                }
                if samples.isEmpty && limit != nil && position >= limit! { break }
                if samples.isEmpty { continue }
                let chunk = AudioChunk(samples: samples, start: position)
                position = chunk.end
                stats.update(xruns: pcm.xrunCount, samples: position)
                if options.realTime { pacer.wait(until: chunk.endTime) }
                guard producer.yield(chunk) else { break }
                if let limit, position >= limit { break }
            }
            if pcm.xrunCount > 0 { logger.warning("capture on \(options.device): \(pcm.xrunCount) overrun(s) recovered") }
            logger.debug("capture on \(options.device) closed after \(SpeechFormat.seconds(position)) s")
        }
    }
}
