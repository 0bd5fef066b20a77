/// A clean-up stage that speech-format audio runs through before a recognizer hears it (noise
/// suppression, for one).
///
/// It lives in the core so that the stages which feed recognizers (`FileDecoder` in ParloBatch)
/// can take one without depending on the module that implements it (libspeexdsp's suppressor is
/// in ParloEcho, beside the echo canceller). Stateful and not thread-safe: one per stream.
///
/// Streaming contract: `process` may hold samples back (a partial frame, a lookahead), but its
/// output is aligned with its input, sample for sample, from the first one; `finish` hands out
/// the rest, so that in total exactly as many samples come out as went in, then starts a new input.
public protocol AudioConditioner: AnyObject {
    /// Conditions the next chunk of the current input; returns what is ready (possibly nothing).
    func process(_ samples: UnsafeBufferPointer<Int16>) -> [Int16]
    /// Ends the current input: returns the samples still held back and forgets the input.
    func finish() -> [Int16]
    /// Forgets the current input without handing out what is held back.
    func reset()
    /// Conditions `samples` as one independent input: same length, same alignment. A
    /// conditioner may use knowing the whole input (by default it streams it).
    func condition(_ samples: [Int16]) -> [Int16]
}

extension AudioConditioner {
    /// Streams `samples` through as one independent input.
    public func condition(_ samples: [Int16]) -> [Int16] {
        reset()
        var out = samples.withUnsafeBufferPointer { process($0) }
        out += finish()
        return out
    }

    /// Conditions the next chunk of the current input (see `process(_:)`).
    public func process(_ samples: ArraySlice<Int16>) -> [Int16] {
        samples.withUnsafeBufferPointer { process($0) }
    }
}

/// A conditioner whose output lags its input by a frame or more, heard by the decoder alone
/// (`ListenPipeline`'s `decoderStage`): the endpointer decides on the undelayed audio, and when it
/// ends an utterance, the decoder takes what is still held back from `provisionalTail()`.
public protocol HeldBackConditioner: AudioConditioner {
    /// The samples held back, rendered as if silence followed, without changing the stage's state:
    /// the next `process` goes on as if this had not been asked.
    func provisionalTail() -> [Int16]
    /// Whether the stage may learn from what it hears now: the pipeline says yes while an
    /// utterance is open, no between utterances.
    var adapting: Bool { get set }
}
