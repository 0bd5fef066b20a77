/// A cepstral mean, and how many seconds of audio it stands for.
///
/// A whole-utterance decode normalises its features by a blend of such a mean and the
/// utterance's own (`Recognizer.decode(_:cepstralPrior:)`): the model's mean for a
/// file on its own, and in a long recording the mean of the utterances heard before in it
/// (`ListenPipeline.Options.streamCepstralPriorSeconds`), which knows the speaker and the room.
public struct CepstralMean: Sendable, Equatable {
    /// One value per cepstral coefficient.
    public var values: [Float]
    public var seconds: Double

    public init(values: [Float], seconds: Double) {
        self.values = values; self.seconds = seconds
    }

    /// The running mean of this one and `next`, each weighed by its seconds, this one counting as
    /// at most `memorySeconds`: so it follows a speaker or a room that changes.
    public func followed(by next: CepstralMean, memorySeconds: Double) -> CepstralMean {
        let kept = min(seconds, memorySeconds), total = kept + next.seconds
        guard values.count == next.values.count, total > 0 else { return next }
        let blended = zip(values, next.values).map { Float((kept * Double($0) + next.seconds * Double($1)) / total) }
        return CepstralMean(values: blended, seconds: total)
    }
}
