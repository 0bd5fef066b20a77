import ParloRecognizer

/// An utterance in a voice the stream has not heard, decoded again whole while the speaker
/// pauses: opt-in (`parlo listen --voice-shift`), as it did not carry to the held-out set.
///
/// Live decoding normalises each utterance by the stream's running cepstral mean, which is
/// right when one speaker in one room goes on, and wrong for the first words of a new voice;
/// a file is normalised by its own mean blended with the model's. Decoding such utterances whole
/// again after they ended gained on DEV's voice-changing streams (`scripts/switch-voices`) but
/// cost 80 ms more at the median. Here the whole decode starts at the first window of a pause
/// instead, on what was heard so far, on the same decoder (a second one costs 11 MB), and the
/// samples that follow are fed to it as they come: the hangover (250 ms) hides the wait, and if
/// the speaker goes on, the whole decode goes on with them. DEV's voice-changing streams gained
/// 10 of 360 commands, its plain streams lost 4 of 720, TEST lost 15 of 720 (docs/listening.md,
/// session 63).
extension ListenPipeline {
    /// At the first window of a pause: when the utterance so far lies further than
    /// `wholeDecodeVoiceShift` from the stream's mean, ends its streaming decode (the stream's
    /// mean moves with it as always) and begins a whole decode of it on the same decoder.
    func decodeWholeIfVoiceChanged() throws {
        guard let threshold = options.wholeDecodeVoiceShift, streamAfter == nil, let begin = streamAtBegin,
              let prior = decoder.wholeUtterancePrior,
              let shift = recognizer.streamingMean().shift(since: begin, fedSamples: utterance.count),
              shift > threshold else { return }
        _ = try recognizer.end()
        streamAfter = recognizer.streamingMean()
        try recognizer.beginWhole(utterance, cepstralPrior: prior)
    }

    /// The whole decode's result, finished as a file's is (`completeWholeUtterance`), and the
    /// stream's mean put back as the streaming decode left it.
    func endWholeDecode(_ decoded: Recognition) throws -> Recognition {
        let recognition = try decoder.completeWholeUtterance(utterance, decoded: decoded)
        if let streamAfter { recognizer.restoreStreamingMean(streamAfter) }
        streamAfter = nil
        utterancesDecodedWhole += 1
        return recognition
    }
}
