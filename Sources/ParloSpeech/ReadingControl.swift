/// The spoken controls that act on speech while Parlo reads (barge-in), in English and Italian.
///
/// Listening maps a recognised word to a control and calls `perform(on:)`; the queue acts at
/// once (a cut is within the 200 ms look-ahead).
public enum ReadingControl: String, Sendable, CaseIterable {
    case pause, resume, next, previous, `repeat`, stop, faster, slower

    /// The words that trigger each control (lower-case; grammar writers use these).
    public static let words: [String: ReadingControl] = [
        "pause": .pause, "pausa": .pause,
        "resume": .resume, "continue": .resume, "continua": .resume,
        "next": .next, "prossimo": .next, "avanti": .next,
        "previous": .previous, "back": .previous, "precedente": .previous, "indietro": .previous,
        "repeat": .repeat, "again": .repeat, "ripeti": .repeat,
        "stop": .stop, "basta": .stop,
        "faster": .faster, "veloce": .faster, "più veloce": .faster,
        "slower": .slower, "lento": .slower, "più lento": .slower,
    ]

    /// The control for a recognised word or phrase, if it is one.
    public init?(word: String) {
        guard let c = Self.words[word.lowercased().trimmingCharacters(in: .whitespaces)] else { return nil }
        self = c
    }

    /// Rate multiplier step for faster/slower.
    public static let rateStep = 1.25

    /// Applies the control to `queue`.
    public func perform(on queue: SpeechQueue) async {
        switch self {
        case .pause: await queue.pause()
        case .resume: await queue.resume()
        case .next: await queue.skip(.sentence)
        case .previous: await queue.previous()
        case .repeat: await queue.repeatSentence()
        case .stop: await queue.stop()
        case .faster: await queue.setRate(await queue.rateScale * Self.rateStep)
        case .slower: await queue.setRate(await queue.rateScale / Self.rateStep)
        }
    }
}

import Foundation
