import Dispatch
import Foundation

/// Turns Ctrl-C into a clean stop: the first SIGINT calls `onInterrupt` (the capture thread then
/// closes its device and the pipeline finishes); a second one exits at once.
final class InterruptHandler {
    private let source: DispatchSourceSignal
    private var count = 0

    init(onInterrupt: @escaping @Sendable () -> Void) {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { [unowned self] in
            count += 1
            if count > 1 { exit(130) }
            onInterrupt()
        }
        source.resume()
    }

    deinit {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}
