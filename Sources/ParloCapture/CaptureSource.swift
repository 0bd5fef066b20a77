import Foundation
import ParloCore

/// Where live audio comes from: a microphone (ALSA) or a file played as if it were one.
///
/// Both deliver the same `CaptureStream` of speech-format chunks, so the pipeline after them
/// cannot tell the difference; that is what makes the live path testable without a microphone.
public protocol CaptureSource: AnyObject {
    /// Device or file name, and the format it delivers before conversion.
    var description: String { get }
    /// Starts the capture thread; call once.
    func start() -> CaptureStream
}

/// Sleeps the capture thread so a source that does not pace itself runs at real time.
struct RealTimePacer {
    private var origin: Date?

    /// Waits until `streamTime` seconds have passed since the first call.
    mutating func wait(until streamTime: Double) {
        let now = Date()
        guard let origin else { origin = now; return }
        let ahead = origin.addingTimeInterval(streamTime).timeIntervalSince(now)
        if ahead > 0 { Thread.sleep(forTimeInterval: ahead) }
    }
}

/// Counters a capture thread updates and anyone may read.
// @unchecked Sendable: `_xruns` and `_samples` are read and written only under `lock`.
public final class CaptureStats: @unchecked Sendable {
    private let lock = NSLock()
    private var _xruns = 0, _samples = 0

    /// Overruns recovered so far.
    public var xruns: Int { lock.lock(); defer { lock.unlock() }; return _xruns }
    /// Speech-format samples delivered so far.
    public var samples: Int { lock.lock(); defer { lock.unlock() }; return _samples }

    func update(xruns: Int, samples: Int) {
        lock.lock(); _xruns = xruns; _samples = samples; lock.unlock()
    }
}
