import Dispatch
import Foundation

/// Turns Ctrl-C (SIGINT) and SIGTERM (a service manager, `kill`) into a clean stop: the first
/// signal calls `onInterrupt` (the capture thread then closes its device and the pipeline
/// finishes, so events already printed stay whole and output files are closed); a second one
/// exits at once.
final class InterruptHandler {
    private static let signals = [SIGINT, SIGTERM]
    private let sources: [DispatchSourceSignal]
    /// Signals seen, counted on one serial queue.
    private var count = 0

    init(onInterrupt: @escaping @Sendable () -> Void) {
        let queue = DispatchQueue(label: "parlo.interrupt")
        sources = Self.signals.map { signal($0, SIG_IGN); return DispatchSource.makeSignalSource(signal: $0, queue: queue) }
        for source in sources {
            source.setEventHandler { [unowned self] in
                count += 1
                if count > 1 { exit(130) }
                onInterrupt()
            }
            source.resume()
        }
    }

    deinit {
        sources.forEach { $0.cancel() }
        Self.signals.forEach { signal($0, SIG_DFL) }
    }
}
