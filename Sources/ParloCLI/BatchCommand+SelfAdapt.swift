import Foundation
import Parlo

/// `parlo batch --self-adapt`: the batch teaches the model its own room, microphone and voices.
///
/// A first pass decodes every file; the results the confidence is sure of (0.8 or more) become
/// transcripts for a global MLLR transform (`ModelAdaptation`, as `parlo adapt` estimates from a
/// user's prompted sentences), and the second pass, the one reported, decodes with it. Measured
/// on DEV (docs/batch.md): each condition's folder as its own batch, 536 → 550 of 720 commands
/// right and 52 → 39 of 318 non-commands firing. Sure results are mostly right, and MLLR's 546
/// numbers are a coarse fit that a few wrong transcripts do not steer.
extension BatchCommand {
    /// Results at least this sure are taken as transcripts.
    static let selfAdaptConfidence = 0.8
    /// Fewer sure results than this leave the model as it is: a transform from a handful of
    /// short commands is poorly determined.
    static let selfAdaptMinimum = 20

    /// The shipped model with a transform learnt from a first pass over `files`, or nil when too
    /// few results were sure (said in one line; the batch then runs once, as without the flag).
    func adapted(_ model: AcousticModel, on files: [String], prepared: Prepared, raw: RawFormat?,
                 work: String) throws -> AcousticModel? {
        guard let dictionary = prepared.dictionary else { return nil }
        let progress = !output.asJSON && Terminal.stderrIsTerminal ? ProgressBar(total: files.count) : nil
        var sure: [(file: String, words: [String])] = [], done = 0
        try prepared.runner.run(files) { _, r in
            done += 1
            progress?.update(done: done, file: "learning: " + r.file)
            guard r.error == nil, r.rejected == false, (r.confidence ?? 0) >= Self.selfAdaptConfidence,
                  let text = r.text, !text.isEmpty else { return }
            sure.append((r.file, text.split(separator: " ").map(String.init)))
        }
        progress?.clear()
        guard sure.count >= Self.selfAdaptMinimum else {
            printError("--self-adapt: \(sure.count) result(s) sure enough to learn from, \(Self.selfAdaptMinimum) needed: decoded with the model as it is")
            return nil
        }
        var shipped = model
        shipped.adaptation = nil                 // estimated against the model, never on top of another transform
        // Learnt from the audio the decoder hears: without the room's tail where batch takes it out.
        let decoder = prepared.runner.decoder
        let utterances = try sure.map { result -> ModelAdaptation.Utterance in
            let reader = try AudioFileReader(path: result.file, raw: raw)
            return .init(name: result.file, samples: decoder.dereverberated(try reader.readAll(), seconds: reader.duration),
                         words: result.words)
        }
        let transform = work + "/batch.mllr"
        let summary: ModelAdaptation.Summary
        do {
            summary = try ModelAdaptation(model: shipped).estimate(utterances, dictionary: dictionary,
                                                                   writingTo: transform, work: work + "/estimate")
        } catch {
            // The batch is still worth decoding: with the model as it is, said in one line.
            printError("--self-adapt: could not adapt (\((error as? AdaptationError)?.detail ?? "\(error)")): decoded with the model as it is")
            return nil
        }
        let event = AdaptationEvent(file: nil, utterances: utterances.count, aligned: summary.aligned, audio_s: summary.seconds)
        if output.asJSON {
            print(try JSONLinesEncoder().line(TaggedEvent(type: "adaptation", payload: event)))
        } else {
            printError("--self-adapt: adapted on \(summary.aligned) of \(files.count) files (\(String(format: "%.0f", summary.seconds)) s of speech); decoding again")
        }
        shipped.adaptation = transform
        return shipped
    }
}
