import CALSA
import Foundation
import Logging
import ParloCore

/// An open ALSA PCM, capture or playback; owns the `snd_pcm_t` and closes it in `deinit`.
///
/// Asks for the format the pipeline wants (by default S16_LE, 16 kHz, mono, ~20 ms periods) and
/// accepts what the device offers instead (another rate, more channels, float or 32-bit samples):
/// `format` reports what was granted so the caller can convert. Reads and writes recover from
/// overruns/underruns (`-EPIPE`, counted in `xrunCount` and logged) and from suspends
/// (`-ESTRPIPE`). Not thread-safe: one thread drives one device.
public final class PCMDevice {
    public enum Direction: Sendable { case capture, playback }

    /// The sample encodings Parlo converts; asked for in this order.
    public enum SampleFormat: String, Sendable, CaseIterable {
        case s16le = "S16_LE", float32le = "FLOAT_LE", s32le = "S32_LE"
        public var bytesPerSample: Int { self == .s16le ? 2 : 4 }
        var alsa: snd_pcm_format_t {
            switch self {
            case .s16le: SND_PCM_FORMAT_S16_LE
            case .float32le: SND_PCM_FORMAT_FLOAT_LE
            case .s32le: SND_PCM_FORMAT_S32_LE
            }
        }
    }

    /// What the device granted.
    public struct Format: Sendable, Equatable, CustomStringConvertible {
        public var sampleFormat: SampleFormat
        public var sampleRate: Int
        public var channels: Int
        /// Frames per period (the unit ALSA wakes the reader for).
        public var periodFrames: Int
        public var bufferFrames: Int
        public var description: String {
            "\(sampleFormat.rawValue) \(sampleRate) Hz \(channels) ch, period \(periodFrames) frames"
        }
    }

    public let name: String
    public let direction: Direction
    public let format: Format
    /// Overruns (capture) or underruns (playback) recovered so far.
    public private(set) var xrunCount = 0
    /// Suspends resumed so far.
    public private(set) var suspendCount = 0
    private var pcm: OpaquePointer?
    private var logger: Logger
    private var scratch: UnsafeMutableRawBufferPointer

    /// Opens and configures `name`. `configuration` replaces the system's ALSA config (tests,
    /// fixtures); without it the usual `alsa.conf` (and `ALSA_CONFIG_PATH`) apply.
    public init(name: String, direction: Direction, sampleRate: Int = SpeechFormat.sampleRate,
                channels: Int = 1, periodSeconds: Double = 0.02,
                configuration: ALSAConfiguration? = nil,
                logger: Logger = Logger(label: "parlo.alsa", factory: { _ in SwiftLogNoOpLogHandler() })) throws {
        ALSALog.ensureApplied()
        self.name = name
        self.direction = direction
        self.logger = logger
        self.logger[metadataKey: "device"] = "\(name)"
        let stream = direction == .capture ? SND_PCM_STREAM_CAPTURE : SND_PCM_STREAM_PLAYBACK
        var handle: OpaquePointer?
        let err = configuration.map { snd_pcm_open_lconf(&handle, name, stream, 0, $0.handle) }
            ?? snd_pcm_open(&handle, name, stream, 0)
        guard err >= 0, let handle else {
            throw Self.openError(err, name: name, privateConfig: configuration != nil)
        }
        do {
            format = try Self.configure(handle, name: name, rate: sampleRate, channels: channels,
                                        periodSeconds: periodSeconds)
        } catch {
            snd_pcm_close(handle)
            throw error
        }
        pcm = handle
        let bytes = format.periodFrames * format.channels * format.sampleFormat.bytesPerSample
        scratch = .allocate(byteCount: max(bytes, 64), alignment: 8)
        logger.debug("opened \(direction) device: \(format)")
    }

    deinit {
        close()
        scratch.deallocate()
    }

    /// Closes the device now (idempotent); later reads and writes fail with `.ioFailed`.
    public func close() {
        if let pcm { snd_pcm_close(pcm) }
        pcm = nil
    }

    static func openError(_ err: Int32, name: String, privateConfig: Bool) -> ALSAError {
        switch -err {
        case EBUSY: return ALSAError(.busy, device: name, errno: err, "busy")
        case ENOENT, ENODEV, ENXIO:
            var card: Int32 = -1
            let noCards = snd_card_next(&card) < 0 || card < 0
            let needsCard = name == "default" || name.hasPrefix("hw:") || name.hasPrefix("plughw:")
                || name.hasPrefix("sysdefault") || name.hasPrefix("front")
            if noCards && needsCard && !privateConfig {
                return ALSAError(.noSoundCard, device: name, errno: err, "no sound card")
            }
            return ALSAError(.noSuchDevice, device: name, errno: err, "cannot open")
        default: return ALSAError(.configurationFailed, device: name, errno: err, "cannot open the device")
        }
    }

    private static func configure(_ pcm: OpaquePointer, name: String, rate: Int, channels: Int,
                                  periodSeconds: Double) throws -> Format {
        var hwp: OpaquePointer?
        guard snd_pcm_hw_params_malloc(&hwp) >= 0, let hw = hwp else {
            throw ALSAError(.configurationFailed, device: name, "out of memory for hw params")
        }
        defer { snd_pcm_hw_params_free(hw) }
        func check(_ r: Int32, _ what: String, _ code: ALSAError.Code = .configurationFailed) throws {
            if r < 0 { throw ALSAError(code, device: name, errno: r, what) }
        }
        try check(snd_pcm_hw_params_any(pcm, hw), "no hardware configuration available")
        try check(snd_pcm_hw_params_set_access(pcm, hw, SND_PCM_ACCESS_RW_INTERLEAVED),
                  "interleaved read/write access refused")
        guard let sampleFormat = SampleFormat.allCases.first(where: { snd_pcm_hw_params_test_format(pcm, hw, $0.alsa) == 0 }) else {
            throw ALSAError(.unsupportedFormat, device: name, "offers none of S16_LE, FLOAT_LE, S32_LE")
        }
        try check(snd_pcm_hw_params_set_format(pcm, hw, sampleFormat.alsa), "sample format refused")
        var ch = UInt32(channels)
        try check(snd_pcm_hw_params_set_channels_near(pcm, hw, &ch), "channel count refused", .unsupportedFormat)
        var r = UInt32(rate)
        var dir: Int32 = 0
        try check(snd_pcm_hw_params_set_rate_near(pcm, hw, &r, &dir), "sample rate refused", .unsupportedFormat)
        var period = snd_pcm_uframes_t(max(16, Int(Double(r) * periodSeconds)))
        dir = 0
        try check(snd_pcm_hw_params_set_period_size_near(pcm, hw, &period, &dir), "period size refused")
        var buffer = period * 8
        try check(snd_pcm_hw_params_set_buffer_size_near(pcm, hw, &buffer), "buffer size refused")
        try check(snd_pcm_hw_params(pcm, hw), "hardware parameters refused")
        snd_pcm_hw_params_get_period_size(hw, &period, &dir)
        snd_pcm_hw_params_get_buffer_size(hw, &buffer)
        try check(snd_pcm_prepare(pcm), "cannot prepare the device")
        return Format(sampleFormat: sampleFormat, sampleRate: Int(r), channels: Int(ch),
                      periodFrames: Int(period), bufferFrames: Int(buffer))
    }

    // MARK: Faults

    /// Recovers from a failed read/write: `-EPIPE` (xrun) and `-ESTRPIPE` (suspend) are handled
    /// and counted; `-EINTR`/`-EAGAIN` just retry; anything else throws.
    func recover(from err: Int32) throws {
        guard let pcm else { throw ALSAError(.ioFailed, device: name, "the device is closed") }
        switch -err {
        case EINTR, EAGAIN: return
        case EPIPE:
            xrunCount += 1
            logger.warning("\(direction == .capture ? "overrun" : "underrun") #\(xrunCount), recovering")
            let r = snd_pcm_recover(pcm, err, 1)
            if r < 0 { throw ALSAError(.ioFailed, device: name, errno: r, "cannot recover from an xrun") }
        case ESTRPIPE:
            suspendCount += 1
            logger.warning("device suspended, resuming")
            var r = snd_pcm_resume(pcm)
            var tries = 0
            while r == -EAGAIN && tries < 500 { usleep(10_000); tries += 1; r = snd_pcm_resume(pcm) }
            if r < 0 { r = snd_pcm_prepare(pcm) }
            if r < 0 { throw ALSAError(.suspended, device: name, errno: r, "cannot resume after a suspend") }
        default:
            throw ALSAError(.ioFailed, device: name, errno: err, direction == .capture ? "read failed" : "write failed")
        }
    }

    /// Test hook: runs the fault handler as if a read/write had returned `err`.
    public func simulateFault(_ err: Int32) throws { try recover(from: -abs(err)) }

    // MARK: Capture

    /// Reads up to `frames` frames (at most one period) into `output` as interleaved floats in
    /// −1…1, converting from the granted sample format. Returns the frames read; never 0 unless
    /// `frames` is 0. Blocks until the device has data.
    public func read(into output: UnsafeMutableBufferPointer<Float>, frames: Int) throws -> Int {
        let want = min(frames, format.periodFrames, output.count / format.channels)
        guard want > 0 else { return 0 }
        while true {
            guard let pcm else { throw ALSAError(.ioFailed, device: name, "the device is closed") }
            // Plugins that run out of data (the `file` plugin after its infile ends, over a `null`
            // slave) leave the buffer untouched: zeroing it makes that read as silence, not stale audio.
            scratch.initializeMemory(as: UInt8.self, repeating: 0)
            let r = snd_pcm_readi(pcm, scratch.baseAddress, snd_pcm_uframes_t(want))
            if r > 0 {
                convertToFloat(count: r * format.channels, into: output)
                return r
            }
            if r < 0 { try recover(from: Int32(r)) }
        }
    }

    private func convertToFloat(count: Int, into output: UnsafeMutableBufferPointer<Float>) {
        switch format.sampleFormat {
        case .s16le:
            let s = scratch.bindMemory(to: Int16.self)
            for i in 0..<count { output[i] = Float(Int16(littleEndian: s[i])) / 32768 }
        case .s32le:
            let s = scratch.bindMemory(to: Int32.self)
            for i in 0..<count { output[i] = Float(Int32(littleEndian: s[i])) / 2_147_483_648 }
        case .float32le:
            let s = scratch.bindMemory(to: Float.self)
            for i in 0..<count { output[i] = s[i] }
        }
    }

    // MARK: Playback

    /// Writes interleaved 16-bit frames (`samples.count` must be a multiple of `channels`),
    /// converting to the granted sample format; blocks until all are queued.
    public func write(_ samples: UnsafeBufferPointer<Int16>) throws {
        let ch = format.channels
        var done = 0
        let total = samples.count / ch
        while done < total {
            guard let pcm else { throw ALSAError(.ioFailed, device: name, "the device is closed") }
            let n = min(format.periodFrames, total - done)
            fill(from: samples, frame: done, frames: n)
            let r = snd_pcm_writei(pcm, scratch.baseAddress, snd_pcm_uframes_t(n))
            if r > 0 { done += r } else if r < 0 { try recover(from: Int32(r)) }
        }
    }

    private func fill(from samples: UnsafeBufferPointer<Int16>, frame: Int, frames: Int) {
        let start = frame * format.channels, count = frames * format.channels
        switch format.sampleFormat {
        case .s16le:
            let d = scratch.bindMemory(to: Int16.self)
            for i in 0..<count { d[i] = samples[start + i].littleEndian }
        case .s32le:
            let d = scratch.bindMemory(to: Int32.self)
            for i in 0..<count { d[i] = (Int32(samples[start + i]) << 16).littleEndian }
        case .float32le:
            let d = scratch.bindMemory(to: Float.self)
            for i in 0..<count { d[i] = Float(samples[start + i]) / 32768 }
        }
    }

    /// Frames written but not yet heard (`snd_pcm_delay`); 0 when the device cannot tell.
    public func pendingFrames() -> Int {
        guard let pcm else { return 0 }
        var delay: snd_pcm_sframes_t = 0
        return snd_pcm_delay(pcm, &delay) == 0 ? max(0, Int(delay)) : 0
    }

    /// Discards everything not yet played, at once, and readies the device for new writes.
    public func dropPending() throws {
        guard let pcm else { return }
        _ = snd_pcm_drop(pcm)
        let r = snd_pcm_prepare(pcm)
        if r < 0 { throw ALSAError(.ioFailed, device: name, errno: r, "cannot restart after discarding audio") }
    }

    /// Waits until everything written has been played, then stops the device.
    public func drain() throws {
        guard let pcm else { return }
        let r = snd_pcm_drain(pcm)
        if r < 0 && r != -EPIPE { throw ALSAError(.ioFailed, device: name, errno: r, "drain failed") }
    }
}
