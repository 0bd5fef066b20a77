import Synchronization

/// How the server's start ended, for a caller that may ask before or after it is known.
///
/// The server task can bind (or fail to) before `start` begins waiting: on a loaded machine a
/// taken port failed before the continuation was stored, and the lost outcome hung `start`
/// forever. Whichever comes second, the outcome or the wait, completes the other.
final class DeskStartup: Sendable {
    private enum State {
        case pending
        case waiting(CheckedContinuation<Int, any Error>)
        case settled(Result<Int, any Error>)
    }
    private let state = Mutex<State>(.pending)

    /// Records the outcome (the first one counts) and wakes the caller if it already waits.
    func settle(_ result: Result<Int, any Error>) {
        state.withLock { s in
            switch s {
            case .pending: s = .settled(result)
            case .waiting(let c): c.resume(with: result); s = .settled(result)
            case .settled: break
            }
        }
    }

    /// The bound port, or the error the server stopped with.
    func outcome() async throws -> Int {
        try await withCheckedThrowingContinuation { (c: CheckedContinuation<Int, any Error>) in
            state.withLock { s in
                switch s {
                case .pending: s = .waiting(c)
                case .settled(let result): c.resume(with: result)
                case .waiting: c.resume(throwing: DeskError("the desk server's start was awaited twice"))
                }
            }
        }
    }
}
