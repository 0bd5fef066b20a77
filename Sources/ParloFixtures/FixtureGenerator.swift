import Foundation
import Logging
import ParloAudio
import ParloCatalog
import ParloCore
import ParloESpeak
import ParloSpeech

/// Regenerates a fixture set (audio files + `manifest.jsonl`) from a catalog.
///
/// Every planned sentence is synthesised once through `Synthesizer` (the single eSpeak owner),
/// resampled to 16 kHz mono 16-bit with libsoxr, padded with `leadingSilence`, and written clean
/// and once per SNR with seeded pink noise (`NoiseMixer`). The noise seed is `seed` mixed with a
/// stable hash of the file name, so a file's bytes depend only on the catalog, the options and the
/// eSpeak NG version, in a fresh process (see `speak`). File names are `<language>-<command>-<index>-<condition>.<ext>` (out-of-grammar:
/// `<language>-oog-<index>-clean`).
public struct FixtureGenerator {
    public struct Options: Sendable {
        public var perCommand = 3
        public var seed: UInt64 = 1
        public var snrs: [Int] = [15, 5]
        /// FLAC keeps the committed set small; WAV when tools need it.
        public var flac = true
        /// Silence before the speech, so an endpointer or VAD sees the onset.
        public var leadingSilence = 0.25
        public var includeOutOfGrammar = true
        /// SNR of a faint noise floor under "clean" files (nil: digital silence around the speech).
        /// No microphone gives digital zeros; PocketSphinx's cepstral mean suffers from them.
        public var cleanFloorSNR: Double?
        /// Voices per language; default `FixtureVoices.defaults`.
        public var voices: [Language: [ESpeakVoice]] = [:]
        public init() {}
    }

    /// One file written, for progress reports.
    public struct Progress: Sendable {
        public var done: Int
        public var total: Int
        public var entry: FixtureManifestEntry
    }

    public static let manifestName = "manifest.jsonl"
    public static let sampleRate = 16_000

    public let catalog: Catalog
    public var options: Options
    public var synthesizer: Synthesizer
    public var logger: Logger

    public init(catalog: Catalog, options: Options = Options(), synthesizer: Synthesizer = Synthesizer(),
                logger: Logger = Logger(label: "parlo.fixtures")) {
        self.catalog = catalog; self.options = options; self.synthesizer = synthesizer; self.logger = logger
    }

    /// Command sentences then out-of-grammar sentences, each with the voice it is spoken with.
    public func plan() throws -> [(sentence: PlannedSentence, voice: ESpeakVoice)] {
        var planner = FixturePlanner(catalog: catalog, perCommand: options.perCommand, seed: options.seed)
        planner.rangeSamples = 8
        var out: [(PlannedSentence, ESpeakVoice)] = []
        var perLanguage: [Language: Int] = [:]
        for s in try planner.plan() {
            // Rotate voices over each language's sentences: each command hears every voice.
            let voices = self.voices(for: s.language)
            let n = perLanguage[s.language, default: 0]
            perLanguage[s.language] = n + 1
            out.append((s, voices[n % voices.count]))
        }
        if options.includeOutOfGrammar {
            for language in catalog.languages {
                let voices = self.voices(for: language)
                for (i, text) in OutOfGrammarSentences.sentences(in: language).enumerated() {
                    let words = text.split(separator: " ").map(String.init)
                    out.append((PlannedSentence(command: nil, language: language, words: words, slots: [:], index: i),
                                voices[i % voices.count]))
                }
            }
        }
        return out
    }

    func voices(for language: Language) -> [ESpeakVoice] {
        let v = options.voices[language] ?? []
        return v.isEmpty ? FixtureVoices.defaults(for: language) : v
    }

    /// Number of files `generate` writes.
    public func fileCount() throws -> Int {
        try plan().reduce(0) { $0 + ($1.sentence.command == nil ? 1 : 1 + options.snrs.count) }
    }

    /// Writes the audio files and the manifest into `folder` (created if needed), removing files
    /// listed in a previous manifest there first. Returns the manifest entries.
    @discardableResult
    public func generate(into folder: String, progress: (Progress) -> Void = { _ in }) throws -> [FixtureManifestEntry] {
        let fm = FileManager.default
        do { try fm.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw FixtureError(.cannotWrite, "cannot create \(folder)")
        }
        let manifestPath = (folder as NSString).appendingPathComponent(Self.manifestName)
        removePrevious(manifestPath: manifestPath, folder: folder)
        let jobs = try plan()
        let total = jobs.reduce(0) { $0 + ($1.sentence.command == nil ? 1 : 1 + options.snrs.count) }
        var entries: [FixtureManifestEntry] = []
        let mixer = NoiseMixer()
        let ext = options.flac ? "flac" : "wav"
        for (sentence, voice) in jobs {
            let base = name(of: sentence)
            var clean = try speak(sentence.text, voice: voice)
            if let floor = options.cleanFloorSNR {
                clean = mixer.mix(clean, snrDB: floor, seed: options.seed ^ StableHash.of(base + "-floor"))
            }
            var conditions: [(Int?, [Int16])] = [(nil, clean)]
            if sentence.command != nil {
                for snr in options.snrs {
                    let file = "\(base)-snr\(String(format: "%02d", snr)).\(ext)"
                    let seed = options.seed ^ StableHash.of(file)
                    conditions.append((snr, mixer.mix(clean, snrDB: Double(snr), seed: seed)))
                }
            }
            for (snr, samples) in conditions {
                let file = snr.map { "\(base)-snr\(String(format: "%02d", $0)).\(ext)" } ?? "\(base)-clean.\(ext)"
                try write(samples, to: (folder as NSString).appendingPathComponent(file))
                let entry = FixtureManifestEntry(
                    audio: file, text: sentence.text, language: sentence.language, command: sentence.command,
                    slots: sentence.slots, voice: voice.identifier, rate: voice.rate, snrDB: snr,
                    rejected: sentence.command == nil)
                entries.append(entry)
                progress(Progress(done: entries.count, total: total, entry: entry))
            }
        }
        let encoder = JSONLinesEncoder()
        let text = try entries.map { try encoder.line($0) }.joined(separator: "\n") + "\n"
        guard fm.createFile(atPath: manifestPath, contents: Data(text.utf8)) else {
            throw FixtureError(.cannotWrite, "cannot write \(manifestPath)")
        }
        logger.info("wrote \(entries.count) fixtures", metadata: ["folder": "\(folder)"])
        return entries
    }

    /// `en-open_subject-03` / `it-oog-07`.
    func name(of s: PlannedSentence) -> String {
        "\(s.language.rawValue)-\(s.command ?? "oog")-\(String(format: "%02d", s.index))"
    }

    /// 16 kHz speech of `text`, with leading silence.
    func speak(_ text: String, voice: ESpeakVoice) throws -> [Int16] {
        // eSpeak NG 1.51 draws on libc rand() (breath noise): reseed it per utterance. Its other
        // state (pitch-flutter phase, resonator memories) runs on across utterances and cannot be
        // reset, so bytes repeat for the same sequence of utterances from a fresh process (what
        // `parlo fixtures synth` does), not for one utterance synthesised after others.
        try synthesizer.engine.run { _ in srand(UInt32(truncatingIfNeeded: StableHash.of(text + voice.identifier))) }
        let speech = try synthesizer.synthesize(text, voice: voice)
        let samples = try Resampler.resample(speech.samples, from: speech.sampleRate, to: Self.sampleRate)
        let lead = [Int16](repeating: 0, count: Int(options.leadingSilence * Double(Self.sampleRate)))
        return lead + samples
    }

    func write(_ samples: [Int16], to path: String) throws {
        do {
            let writer = try SoundFileWriter(path: path, sampleRate: Self.sampleRate, format: options.flac ? .flac16 : .wav16)
            try writer.write(samples)
        } catch {
            throw FixtureError(.cannotWrite, "cannot write \(path): \(oneLine(error))")
        }
    }

    /// Deletes the audio files a previous manifest in `folder` lists (names without a path only).
    func removePrevious(manifestPath: String, folder: String) {
        guard let data = FileManager.default.contents(atPath: manifestPath) else { return }
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            guard let entry = try? JSONDecoder().decode([String: JSONValue].self, from: Data(line.utf8)),
                  let audio = entry["audio"]?.stringValue, !audio.contains("/"), !audio.hasPrefix(".") else { continue }
            try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(audio))
        }
    }
}
