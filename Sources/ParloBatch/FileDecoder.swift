import Foundation
import ParloAudio
import ParloCore
import ParloRecognizer

/// Decodes one audio file with a recognizer, streaming it in blocks.
///
/// Short files are one utterance. Long files are cut at the pauses PocketSphinx's voice activity
/// detector finds, so the decoder's search never grows with the file's length: memory stays
/// flat for an hour of audio.
///
/// With a `conditioner` (noise suppression), each file's audio is cleaned up before the
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

    public init(raw: RawFormat? = nil, conditioner: ConditionerFactory? = nil) {
        self.raw = raw; self.conditioner = conditioner
    }

    public func decode(_ path: String, with decoder: any UtteranceDecoder) throws -> Recognition {
        let reader = try SpeechFileReader(path: path, raw: raw)
        let conditioner = try self.conditioner?()
        try decoder.recognizer.startStream()       // files are independent: no state from the previous one
        if reader.duration <= wholeUtteranceLimit {
            var samples = try reader.readAll()
            guard !samples.isEmpty else { throw AudioError(.empty, path: path, "no audio after decoding") }
            if let conditioner { samples = conditioner.condition(samples) }
            return try decoder.decodeUtterance(samples)
        }
        return try decodeSegmented(reader, with: decoder.recognizer, conditioner: conditioner)
    }

    private func decodeSegmented(_ reader: SpeechFileReader, with recognizer: Recognizer,
                                 conditioner: (any AudioConditioner)?) throws -> Recognition {
        var texts: [String] = [], words: [Recognition.Word] = []
        var score: Int64 = 0, consumed = 0, utteranceStart = 0, wasSpeaking = false
        func close() throws {
            let r = try recognizer.end()
            let offset = SpeechFormat.seconds(utteranceStart)
            if !r.text.isEmpty { texts.append(r.text) }
            words += r.words.map { .init(word: $0.word, start: $0.start + offset, end: $0.end + offset) }
            score += Int64(r.score)
        }
        func feed(_ block: [Int16]) throws {
            var i = 0
            while i < block.count {
                let n = min(SpeechFormat.samplesPer20ms * 5, block.count - i)
                try block[i..<(i + n)].withUnsafeBufferPointer { try recognizer.process($0) }
                consumed += n; i += n
                let speaking = recognizer.hearsSpeech
                if wasSpeaking && !speaking {
                    try close(); try recognizer.begin(); utteranceStart = consumed
                }
                wasSpeaking = speaking
            }
        }
        try recognizer.begin()
        conditioner?.reset()
        while let block = try reader.nextBlock() {
            try feed(conditioner.map { $0.process(block[...]) } ?? block)
        }
        if let conditioner { try feed(conditioner.finish()) }
        try close()
        return Recognition(text: texts.joined(separator: " "), words: words,
                           score: Int32(clamping: score), audioSeconds: SpeechFormat.seconds(consumed))
    }
}
