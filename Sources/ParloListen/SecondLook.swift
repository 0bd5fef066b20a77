import Foundation
import ParloRecognizer

/// A rejected utterance's second look (`UtteranceDecoder.reconsider`), run on a thread of its
/// own while listening goes on.
///
/// The warped decodes cost about 0.45 s per second of speech (DEV's quiet stream, session 52):
/// on the listening thread they stopped the level meter, the endpointer and the draining of
/// the capture queue for up to 2.3 s after a sentence that was no command. Here only the
/// decoder waits: it is the look's alone from `init` until `wait()` returns, and the pipeline
/// calls `wait()` before it next touches the decoder (the next utterance's start, the stream's
/// end). The calls reach the decoder in the same order as before, so the results are the same.
// @unchecked Sendable: `outcome` is written once on the worker and read only under `lock`; the
// decoder is handed over whole (see above); the rest are `let`s.
final class SecondLook: @unchecked Sendable {
    /// When the utterance ended (stream seconds) and its speech did, and when deciding began:
    /// what the result's events are stamped with.
    let t: Double, speechEndedAt: Double
    let began: ContinuousClock.Instant
    private let lock = NSLock()
    private let finished = DispatchSemaphore(value: 0)
    private var outcome: Result<Recognition, Error>?

    init(decoder: any UtteranceDecoder, samples: [Int16], streamed: Recognition,
         t: Double, speechEndedAt: Double, began: ContinuousClock.Instant) {
        self.t = t; self.speechEndedAt = speechEndedAt; self.began = began
        nonisolated(unsafe) let decoder = decoder
        let thread = Thread { [self] in
            let result = Result { try decoder.reconsider(samples, streamed: streamed) }
            lock.lock(); outcome = result; lock.unlock()
            finished.signal()
        }
        thread.name = "parlo.second-look"
        thread.start()
    }

    /// The result when the look has ended, without waiting.
    var result: Result<Recognition, Error>? { lock.lock(); defer { lock.unlock() }; return outcome }

    /// Waits for the look to end; the decoder is the caller's again when this returns.
    func wait() -> Result<Recognition, Error> {
        finished.wait()
        finished.signal()    // a later call returns at once
        return result!
    }
}
