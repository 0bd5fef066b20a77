import ParloCommands
import Foundation
import Synchronization
import ParloCore
import ParloListen
import ParloRecognizer

/// Decodes many files on several worker threads, one recognizer each, and hands results back
/// in input order as soon as every earlier file is done.
///
/// Results arrive on `deliver` from worker threads, one at a time (serialised by a lock), so a
/// caller can write each line to disk at once: an interrupted batch keeps what it finished.
// @unchecked Sendable: every stored property is a `let` set in `init` (the factories are @Sendable, FileDecoder a value); a run's shared, mutable state is `State`, which locks.
public final class BatchRunner: @unchecked Sendable {
    public typealias RecognizerFactory = @Sendable () throws -> any UtteranceDecoder
    /// Turns a recognition into the command it triggers (with a catalog), on the worker thread.
    public typealias Interpreter = @Sendable (Recognition) -> MatchResult

    public let jobs: Int
    public let decoder: FileDecoder
    private let makeRecognizer: RecognizerFactory
    private let interpret: Interpreter?
    /// Each slot value's confidence, with a catalog.
    private let slots: SlotConfidence?

    public init(jobs: Int, decoder: FileDecoder = FileDecoder(), interpreter: Interpreter? = nil,
                slots: SlotConfidence? = nil, recognizer: @escaping RecognizerFactory) {
        self.jobs = max(1, jobs)
        self.decoder = decoder
        self.interpret = interpreter
        self.slots = slots
        self.makeRecognizer = recognizer
    }

    /// Builds one recognizer now, so that a bad model, grammar or catalog stops a caller before
    /// it reads any file, and returns a factory that hands that recognizer out first and builds
    /// the rest anew. Checking by building one and throwing it away cost every `parlo batch` a
    /// decoder's set-up and teardown: for Home Assistant's 98,445-transition graph about 5 s of
    /// CPU, which made `make bench`'s FSG row 1.2× slower than pocketsphinx_batch (docs/catalogs.md).
    public static func checked(_ make: @escaping RecognizerFactory) throws -> RecognizerFactory {
        let spare = Mutex<(any UtteranceDecoder)?>(try make())
        return { try spare.withLock { $0.take() } ?? make() }
    }

    /// Runs the batch. Throws only if no recognizer can be built at all (bad model or grammar):
    /// per-file problems become results with an `error`.
    public func run(_ files: [String], deliver: @escaping (Int, FileResult) -> Void) throws {
        guard !files.isEmpty else { return }
        let state = State(count: files.count, deliver: deliver)
        // Fail fast, before any thread starts; worker 0 alone uses this decoder afterwards.
        nonisolated(unsafe) let first = try makeRecognizer()
        let workers = min(jobs, files.count)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let recognizer: any UtteranceDecoder
            do { recognizer = worker == 0 ? first : try makeRecognizer() } catch {
                state.fail(error); return
            }
            while let index = state.nextIndex() {
                let path = files[index]
                let start = DispatchTime.now().uptimeNanoseconds
                let result: FileResult
                do {
                    let decoded = try decoder.decodeMeasuring(path, with: recognizer)
                    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                    result = FileResult(file: path, recognition: decoded.recognition, decodeSeconds: seconds,
                                        match: interpret?(decoded.recognition), slots: slots, snrDB: decoded.snrDB,
                                        utterances: decoded.utterances)
                } catch {
                    result = FileResult(file: path, error: error)
                }
                state.finish(index, result)
            }
        }
        if let error = state.error, state.delivered < files.count { throw error }
    }

    /// Shared between workers: the next file to take and the reorder buffer.
    // @unchecked Sendable: `next`, `pending`, `delivered` and `error` change only under `lock`, and `deliver` is called under it; `run` reads `error`/`delivered` without it only after `concurrentPerform` has returned (every worker done).
    private final class State: @unchecked Sendable {
        private let lock = NSLock()
        private var next = 0
        private let count: Int
        private var pending: [Int: FileResult] = [:]
        private(set) var delivered = 0
        private(set) var error: (any Error)?
        private let deliver: (Int, FileResult) -> Void

        init(count: Int, deliver: @escaping (Int, FileResult) -> Void) {
            self.count = count; self.deliver = deliver
        }

        func nextIndex() -> Int? {
            lock.lock(); defer { lock.unlock() }
            guard next < count else { return nil }
            defer { next += 1 }
            return next
        }

        func finish(_ index: Int, _ result: FileResult) {
            lock.lock(); defer { lock.unlock() }
            pending[index] = result
            while let r = pending.removeValue(forKey: delivered) {
                deliver(delivered, r)
                delivered += 1
            }
        }

        func fail(_ e: any Error) {
            lock.lock(); defer { lock.unlock() }
            if error == nil { error = e }
        }
    }
}
