import Foundation
import Parlo

/// `parlo adapt --record N`: the student reads N prompted sentences of the catalog into the
/// microphone, one fixed window each, instead of bringing recordings.
extension AdaptCommand {
    /// `count` sentences of the catalog, both languages in turn (or `language` only), spread
    /// over its commands; the same ones every time for the same catalog.
    static func prompts(_ catalog: Catalog, count: Int, language: Language?) throws -> [PlannedSentence] {
        let planned = try FixturePlanner(catalog: catalog, perCommand: 2, seed: 1).plan()
        let languages = language.map { [$0] } ?? catalog.languages
        let pools = languages.map { l in planned.filter { $0.language == l } }.filter { !$0.isEmpty }
        guard !pools.isEmpty else { return [] }
        return (0..<count).map { i in
            let pool = pools[i % pools.count], k = i / pools.count
            let perPool = (count + pools.count - 1) / pools.count
            return pool[(k * pool.count / max(perPool, 1)) % pool.count]     // evenly through the commands
        }
    }

    /// Shows each prompt and keeps the next `promptSeconds` of audio from `source` for it. From
    /// a microphone, a window with no speech in it (the student was not ready) shows the same
    /// prompt again, up to `retries` times; a file's windows are taken as they come.
    func record(_ prompts: [PlannedSentence], from source: CaptureSource, retries: Int) async throws -> [ModelAdaptation.Utterance] {
        let window = Int(promptSeconds * Double(SpeechFormat.sampleRate))
        let stream = source.start()
        let interrupt = InterruptHandler { stream.stop() }
        defer { withExtendedLifetime(interrupt) {} }
        var iterator = stream.makeAsyncIterator()
        var pending: [Int16] = []
        var utterances: [ModelAdaptation.Utterance] = []
        for (i, prompt) in prompts.enumerated() {
            var samples: [Int16] = []
            for attempt in 0...retries {
                if output.asJSON {
                    FileHandleOutput.stdout(try Self.promptLine(prompt, index: i, total: prompts.count) + "\n")
                } else {
                    FileHandleOutput.stdout(attempt == 0 ? "[\(i + 1)/\(prompts.count)] say: \(prompt.text)\n"
                                                         : "  nothing heard — again: \(prompt.text)\n")
                }
                while pending.count < window, let chunk = try await iterator.next() { pending += chunk.samples }
                guard pending.count >= window / 2 else {
                    throw CLIError("the input ended after \(i) of \(prompts.count) sentences — give a longer recording or fewer --record sentences")
                }
                let take = min(window, pending.count)
                samples = Array(pending.prefix(take))
                pending.removeFirst(take)
                if Self.heardSpeech(samples) { break }
            }
            utterances.append(ModelAdaptation.Utterance(name: "\"\(prompt.text)\"", samples: samples, words: transcriptWords(prompt.text)))
        }
        stream.stop()
        return utterances
    }

    /// The `adaptation_prompt` event of prompt `index` of `total`.
    static func promptLine(_ prompt: PlannedSentence, index: Int, total: Int) throws -> String {
        try JSONLinesEncoder().line(TaggedEvent(type: "adaptation_prompt", payload: AdaptationPrompt(
            index: index, total: total, text: prompt.text, language: prompt.language.rawValue)))
    }

    /// Checks the --keep folder before anything is recorded, so a bad one does not cost the
    /// student their recordings.
    static func checkKeep(_ folder: String) throws {
        if let problem = FileProblem.writingFolder(folder) { throw CLIError("\(folder) (--keep): \(problem)") }
    }

    /// Writes the recordings and a manifest to `folder`, so they can be used again
    /// (`parlo adapt --expect FOLDER/manifest.jsonl FOLDER`).
    static func keep(_ utterances: [ModelAdaptation.Utterance], prompts: [PlannedSentence], in folder: String) throws {
        try checkKeep(folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var manifest = ""
        for (i, (u, p)) in zip(utterances, prompts).enumerated() {
            let name = String(format: "%03d", i + 1) + "-\(p.language.rawValue).wav"
            let writer = try SoundFileWriter(path: folder + "/" + name, sampleRate: SpeechFormat.sampleRate)
            try writer.write(u.samples)
            writer.close()
            manifest += try JSONLinesEncoder().line(KeptRecording(audio: name, text: p.text, language: p.language.rawValue)) + "\n"
        }
        try manifest.write(toFile: folder + "/manifest.jsonl", atomically: true, encoding: .utf8)
    }
}

/// The `adaptation_prompt` event: the sentence to say now.
struct AdaptationPrompt: Encodable {
    var index: Int
    var total: Int
    var text: String
    var language: String
}

/// A line of a `--keep` folder's manifest (as `parlo batch --expect` reads).
struct KeptRecording: Encodable {
    var audio: String
    var text: String
    var language: String
}
