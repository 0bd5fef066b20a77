import Foundation
import ParloAudio
import ParloCommands
import ParloCore
import ParloEndpointer
import ParloCapture
import ParloListen
import ParloMeter
import ParloRecognizer
import ParloReverb
import ParloVoiceActivity

/// Decodes one audio file with a recognizer, streaming it in blocks.
///
/// Short files are one utterance. Long files are cut into utterances as live listening cuts a
/// stream, so the decoder's search never grows with the file's length: memory stays flat for an
/// hour of audio.
///
/// A file's DC offset is taken away first (`DCBlocker`), then its late reverberation: a short
/// file's from the whole recording (`Dereverberator`), a long one's as the stream goes
/// (`StreamingDereverberator`, as live listening does). With a `conditioner` (noise
/// suppression), each file's audio is cleaned up before the
/// recognizer hears it, and so before the recognizer lays its faint noise floor under it: the
/// floor must reach the decoder as it is, not be suppressed as noise.
public struct FileDecoder {
    /// Makes the clean-up stage for one file (nil: files reach the recognizer as decoded).
    /// Called once per file, on the worker thread: conditioners keep per-stream state.
    public typealias ConditionerFactory = @Sendable () throws -> any AudioConditioner

    /// Files up to this long are decoded as a single utterance.
    public var wholeUtteranceLimit: Double = 30
    public var raw: RawFormat?
    public var conditioner: ConditionerFactory?
    /// Brings each file's speech within `SpeechLevel.toleranceDB` of `SpeechLevel.standardDBFS`
    /// before anything hears it (a long file is measured in a first pass),
    /// as a microphone's automatic gain control would, so that a result does not depend on how
    /// loud the file was recorded. Without it, the recognizer's fixed noise floor (−55 dBFS) sat
    /// 9 dB under DEV's quiet commands played 20 dB softer, and 33 of 106 non-commands fired
    /// instead of 13 (docs/recognizer-measurements.md).
    public var standardiseLevel = true
    /// Decodes a short file from just before its first words to just after its last (after
    /// noise suppression, which learns from the whole file), so that the noise a recording
    /// holds around them does not decide its result; nil: the whole file.
    public var speechSpan: SpeechSpan? = SpeechSpan()
    /// A short file whose span is rejected is decoded once more from its first to its last words
    /// within this many dB of its loudest voiced speech (`SpeechSpan.belowLoudestDB`), when that
    /// leaves out at least `secondLookShorterBy` seconds; the second result stands if accepted.
    /// nil: no second look. Another person talking around a command is speech the first span
    /// takes in and only the garbage loop explains, so the file is rejected; trimming every file
    /// so cut the quieter words of commands in rooms without one, where a second look on the
    /// rejected ones alone costs nothing (docs/recognizer-measurements.md, session 56).
    public var loudestSecondLook: Float? = Self.defaultLoudestSecondLook
    /// 10 dB (`SpeechSpan.secondLookBelowLoudestDB`, where its measurements are).
    public static let defaultLoudestSecondLook = SpeechSpan.secondLookBelowLoudestDB
    /// How much shorter the loudest span must be than the first for the second look (seconds).
    public var secondLookShorterBy = SpeechSpan.secondLookShorterBy
    /// Takes the room's late reverberation out of a short file before anything measures or
    /// hears it (nil: not, for long files either). Long files are streamed, and this stage needs
    /// the whole recording: the decoder hears theirs taken out by `StreamingDereverberator`
    /// instead, as live listening's does.
    public var dereverberator: Dereverberator? = Dereverberator()
    /// The catalog's commands (nil with a JSGF grammar, whose sentences name none). In a long
    /// file an utterance whose words so far begin a command without being one waits
    /// `RoomEndpointing.unfinishedHangover` for the rest, as live listening's does
    /// (`CommandInterpreter.awaitsMore`): a speaker's pause inside a command does not cut it in
    /// two. Recorded human speech with such pauses (scripts/recorded-speech's streams as long
    /// files) went from 18 to 28 of 28 utterances right; DEV's streams, whose voices do not
    /// pause, came out about the same (docs/batch.md).
    public var commands: CommandInterpreter?
    /// How a long file's utterances are judged (`UtteranceDecoder.judging`); nil: as short files
    /// are, by the decoder's own rejection. `parlo batch` judges them as live listening judges a
    /// stream's, so that a recording gives the same commands as a microphone hearing it: DEV's
    /// long files fired 102 times instead of 166 for 1,067 commands right instead of 1,093
    /// (docs/batch.md). Since session 34 on a confidence recalibrated for the whole decodes
    /// (`Rejection.longFile`).
    public var streamJudging: Rejection?

    public init(raw: RawFormat? = nil, conditioner: ConditionerFactory? = nil) {
        self.raw = raw; self.conditioner = conditioner
    }

    /// A file's `samples` (it lasts `seconds`) after the reverberation stage: dereverberated when
    /// the file is short enough to be decoded whole, as the stage needs the whole recording.
    public func dereverberated(_ samples: [Int16], seconds: Double) -> [Int16] {
        guard let dereverberator, seconds <= wholeUtteranceLimit else { return samples }
        return dereverberator.process(samples)
    }

    public func decode(_ path: String, with decoder: any UtteranceDecoder) throws -> Recognition {
        try decodeMeasuring(path, with: decoder).recognition
    }

    /// Decodes the file as `decode` does, and says how far its speech stood above the rest of
    /// the recording (`SpeechToNoise`, on the audio before noise suppression): the speech span's
    /// windows against the others for a short file, the median of its utterances' ratios for a
    /// long one; nil where speech fills the file or nothing stands out. A long file also gives
    /// each utterance accepted in it.
    public func decodeMeasuring(_ path: String, with decoder: any UtteranceDecoder) throws -> DecodedFile {
        let reader = try AudioFileReader(path: path, raw: raw)
        let conditioner = try self.conditioner?()
        try decoder.recognizer.startStream()       // files are independent: no state from the previous one
        if reader.duration <= wholeUtteranceLimit {
            var samples = try reader.readAll()
            guard !samples.isEmpty else { throw AudioError(.empty, path: path, "no audio after decoding") }
            samples = DCBlocker().condition(samples)
            samples = dereverberated(samples, seconds: reader.duration)
            if standardiseLevel { samples = SpeechLevel.standardised(samples) }
            let levels = LevelMeter.levels(of: samples)
            if let conditioner { samples = conditioner.condition(samples) }
            // Found even with trimming off (`speechSpan` nil), for the ratio.
            let span = try (speechSpan ?? SpeechSpan()).range(in: samples)
            let window = LevelMeter().windowSamples
            let snr = span.flatMap { SpeechToNoise.ratio(levels: levels, speech: $0.lowerBound / window..<($0.upperBound + window - 1) / window) }
            let decoded = speechSpan != nil ? span ?? samples.indices : samples.indices
            var recognition = try decodeRange(decoded, of: samples, with: decoder)
            if recognition.rejected, let second = try loudestSpan(of: samples, shorterThan: decoded) {
                let again = try decodeRange(second, of: samples, with: decoder)
                if !again.rejected { recognition = again }
            }
            return DecodedFile(recognition: recognition, snrDB: snr)
        }
        let gainDB = standardiseLevel ? try SpeechLevel.standardisingGainDB(ofFile: path, raw: raw) : 0
        return try decodeSegmented(reader, gainDB: gainDB, with: decoder, conditioner: conditioner)
    }

    /// `range` of `samples` decoded as one utterance, as the whole recording's result.
    private func decodeRange(_ range: Range<Int>, of samples: [Int16], with decoder: any UtteranceDecoder) throws -> Recognition {
        guard range.count < samples.count else { return try decoder.decodeUtterance(samples) }
        return try decoder.decodeUtterance(Array(samples[range])).shifted(by: range.lowerBound, of: samples.count)
    }

    /// The span within `loudestSecondLook` dB of the loudest speech, when trimming is on and it
    /// is at least `secondLookShorterBy` shorter than `first`.
    private func loudestSpan(of samples: [Int16], shorterThan first: Range<Int>) throws -> Range<Int>? {
        guard let db = loudestSecondLook, let speechSpan else { return nil }
        return try speechSpan.loudestSpan(in: samples, within: db, shorterThan: first, by: secondLookShorterBy)
    }

    /// How much the running cepstral mean of a long file's utterances so far counts, in seconds of
    /// speech, against each next utterance's own (`ListenPipeline.Options.streamCepstralPriorSeconds`),
    /// where the model's mean counts 0.625 s (session 33). A short utterance measures its own mean
    /// on little speech; the file's earlier utterances know the speaker and the room. DEV's long
    /// files: 1,067 / 102 → 1,108 / 113 (commands right / non-commands firing; the reverberant
    /// rooms 405 → 432); 0.625, 2 and 5 s gave 1,107 / 114, 1,099 / 111 and 1,091 / 106
    /// (docs/batch.md). A decoder that blends no means (a JSGF grammar's `Recognizer`) decodes as before.
    public static let streamCepstralPriorSeconds = 1.0

    /// How a long file is cut and decoded: as live listening in a room cuts a stream
    /// (`RoomEndpointing`), waiting for the rest of a command after a pause inside it when there
    /// are commands to know it by, each utterance decoded whole.
    static func segmenting(waitingForCommands: Bool) -> ListenPipeline.Options {
        var options = ListenPipeline.Options()
        options.emitLevels = false
        // Each utterance decoded whole, as a short file is. Live listening's streamed decoding
        // (the first utterances whole, then streamed, 0.1 s of speech to open one) was tried in
        // session 32: DEV's six streams gained (508 / 32 → 525 / 28, commands right /
        // non-commands firing), the reverberant rooms lost (405 / 52 → 386 / 43), and so did
        // recorded speech in a room (docs/batch.md).
        options.finalPass = .batch
        options.streamCepstralPriorSeconds = streamCepstralPriorSeconds
        // The endpointer of live listening in a room. Until session 31 only its 250 ms hangover
        // was: DEV's streams given to `parlo batch` as long files (commands right / non-commands
        // firing) went from 516 / 53 to 527 / 50 on the six streams, 144 / 34 to 153 / 36 in the
        // kitchen, and 319 / 59 to 415 / 84 in four reverberant rooms, most of it the 0.1 s
        // pre-roll (docs/batch.md).
        RoomEndpointing.apply(to: &options.endpointer)
        options.endpointer.unfinishedHangover = waitingForCommands ? RoomEndpointing.unfinishedHangover : nil
        // 0.2 s of speech before an utterance opens (live: 0.1 s): in two minutes of denoised pink
        // noise one 0.6 s burst opened at 0.1 s and decoded as "help" (0.91); none at 0.2 s.
        options.endpointer.minimumSpeech = 0.2
        return options
    }

    /// A long file, cut into utterances the way live listening cuts a stream: WebRTC's speech
    /// verdicts and the endpointer (`ListenPipeline`), each utterance decoded whole and judged by
    /// `streamJudging` (or the decoder's own rejection). PocketSphinx's own voice activity
    /// detector, used before, took 40 s of silence for one utterance and 120 s of pink noise for
    /// speech, and decoded them as "pause" and "help" with full confidence. Only accepted
    /// utterances make the text (and `utterances`); a file in which none was accepted is rejected.
    private func decodeSegmented(_ reader: AudioFileReader, gainDB: Double, with decoder: any UtteranceDecoder,
                                 conditioner: (any AudioConditioner)?) throws -> DecodedFile {
        let options = Self.segmenting(waitingForCommands: commands != nil)
        let own = decoder.judging
        if let streamJudging { decoder.judging = streamJudging }
        defer { decoder.judging = own }
        let pipeline = ListenPipeline(recognizer: decoder, interpreter: commands, options: options, conditioner: conditioner,
                                      decoderStage: dereverberator == nil ? nil : StreamingDereverberator(),
                                      classifier: try WebRTCVoiceActivity())
        var texts: [String] = [], words: [Recognition.Word] = [], utterances: [HeardUtterance] = []
        var score: Int64 = 0, consumed = 0, heard = 0
        var confidence = 1.0
        var speechStart = 0.0
        var ratios: [Double] = []
        let lead = options.endpointer.preRoll + options.endpointer.minimumSpeech
        let collect: (ListenEvent) -> Void = { event in
            switch event {
            case .speechStart(let t): speechStart = max(0, t - lead)
            case .speechEnd(_, let snr?): ratios.append(snr)
            case .recognized(_, let r, _):
                heard += 1
                score += Int64(r.score)
                guard !r.rejected, !r.text.isEmpty else { return }
                texts.append(r.text)
                confidence = min(confidence, r.confidence)
                let said = r.words.filter { !$0.word.isEmpty }.map { $0.shifted(by: speechStart) }
                words += said
                utterances.append(HeardUtterance(start: said.first?.start ?? speechStart, end: said.last?.end ?? speechStart,
                                                 text: r.text, confidence: r.confidence, evidence: r.evidence))
            case .command(_, let match, _):       // right after the accepted `recognized` it was made of
                if !utterances.isEmpty { utterances[utterances.count - 1].interpret(match) }
            default: break
            }
        }
        let blocker = DCBlocker()
        while let block = try reader.nextBlock() {
            let samples = SpeechLevel.scaled(blocker.process(block[...]), byDB: gainDB)
            try pipeline.process(AudioChunk(samples: samples, start: consumed), emit: collect)
            consumed += block.count
        }
        try pipeline.finish(emit: collect)
        let text = texts.joined(separator: " ")
        let recognition = Recognition(text: text, words: words, score: Int32(clamping: score), audioSeconds: SpeechFormat.seconds(consumed),
                                      rejected: text.isEmpty, confidence: text.isEmpty ? 0 : confidence, hypothesisFound: heard > 0)
        return DecodedFile(recognition: recognition, snrDB: ratios.isEmpty ? nil : ratios.sorted()[ratios.count / 2], utterances: utterances)
    }
}
