import ParloRecognizer

/// What an ended utterance means: its result, a second look's when it had one, emitted with
/// the command it names or why nothing was done.
extension ListenPipeline {
    /// Emits the second look's result once it has one; `waiting`: waits for it (the decoder is
    /// about to be used, or the stream has ended).
    func collectSecondLook(waiting: Bool, emit: (ListenEvent) throws -> Void) throws {
        guard let look = secondLook, let result = waiting ? look.wait() : look.result else { return }
        secondLook = nil
        try decide(result.get(), t: look.t, speechEndedAt: look.speechEndedAt, began: look.began, emit: emit)
    }

    /// Emits an utterance's final result and what it means. Its `t` is when the utterance
    /// ended; its latency counts from the end of speech to now (a second look's included).
    func decide(_ recognition: Recognition, t: Double, speechEndedAt: Double, began: ContinuousClock.Instant,
                emit: (ListenEvent) throws -> Void) throws {
        utterancesDecoded += 1
        let interpretation = interpreter?.interpret(recognition)
        let elapsed = began.duration(to: ContinuousClock().now)
        let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        let latency = Int((((t - speechEndedAt) + wall) * 1000).rounded())
        try emit(.recognized(t: t, recognition: recognition, latencyMs: latency))
        switch interpretation {
        case var match? where !match.rejected && match.command != nil:
            // As sure as the weaker of how well it was heard and how well the text matched: an
            // exact match of a guessed sentence is no surer than the guess (the matcher alone
            // said 1 for nearly every command).
            match.confidence = min(match.confidence, recognition.confidence)
            try emit(.command(t: t, match: match, latencyMs: latency))
        case let match?:
            try emit(.rejected(t: t, text: recognition.text, reason: match.reason ?? "no command", latencyMs: latency))
        case nil where recognition.text.isEmpty:
            try emit(.rejected(t: t, text: "", reason: "nothing recognised", latencyMs: latency))
        case nil:
            break
        }
    }
}
