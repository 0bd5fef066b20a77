import Foundation

/// Resumes a continuation exactly once, from whichever of several tasks gets there first.
// @unchecked Sendable: `continuation`, `done`, `pending` and `cleanup` are read and written only under `lock`.
final class ResumeOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<VoiceCommandRegistry.DispatchReport.Outcome, Never>?
    private var done = false
    private var pending: VoiceCommandRegistry.DispatchReport.Outcome?
    private var cleanup: (@Sendable () -> Void)?

    func set(_ c: CheckedContinuation<VoiceCommandRegistry.DispatchReport.Outcome, Never>) {
        lock.lock(); continuation = c; lock.unlock()
    }

    /// Registers work to run after the resume (or at once if it already happened).
    func onResume(_ body: @escaping @Sendable () -> Void) {
        lock.lock()
        if done { lock.unlock(); body(); return }
        cleanup = body
        lock.unlock()
    }

    /// True if this call resumed the continuation.
    @discardableResult
    func resume(_ value: VoiceCommandRegistry.DispatchReport.Outcome) -> Bool {
        lock.lock()
        guard !done, let c = continuation else { lock.unlock(); return false }
        done = true
        continuation = nil
        let after = cleanup
        cleanup = nil
        lock.unlock()
        c.resume(returning: value)
        after?()
        return true
    }
}
