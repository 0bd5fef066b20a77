import ArgumentParser
import Foundation
import Logging
import Parlo

/// What `parlo batch` builds before reading any file: the runner, the matcher for scoring,
/// and the settings that decide the results (written to `--out`, compared by `parlo report`).
extension BatchCommand {
    struct Prepared {
        var runner: BatchRunner
        /// The catalog's matcher (nil with --jsgf).
        var interpret: (@Sendable (String) -> MatchResult)?
        /// "jsgf …" or "catalog …" with a fingerprint of what the decoder is given.
        var grammar: String
        var rejection: Rejection?
        /// The catalog's pronunciations (nil with --jsgf): what `--self-adapt` aligns results with.
        var dictionary: PronunciationDictionary?
    }

    /// A runner on the JSGF grammar, or on the command catalog with rejection and matching.
    /// A bad model, grammar or catalog stops here, once, before any file is read.
    func prepare(model: AcousticModel, options: [String: String], raw: RawFormat?, logger: Logger) throws -> Prepared {
        var decoder = FileDecoder(raw: raw)
        decoder.standardiseLevel = agc
        if !trim { decoder.speechSpan = nil }
        if let db = try LoudestLookOptions.levelDifference(trimBelowLoudest, option: "--trim-below-loudest") { decoder.speechSpan?.belowLoudestDB = db }
        decoder.loudestSecondLook = try loudestLook.belowLoudestDB()
        if !dereverb { decoder.dereverberator = nil }
        if let suppression {
            _ = try NoiseSuppressor(options: suppression)           // a refused setting stops here, once
            decoder.conditioner = { try NoiseSuppressor(options: suppression) }
        }
        let floor = floorLevel
        if let jsgf {
            let grammar = try loadGrammar(jsgf), rejection = rejectionSetting(default: false, base: .default)
            let make = try BatchRunner.checked {
                try Recognizer(model: model, grammar: grammar, options: options, rejection: rejection, noiseFloor: floor)
            }
            return Prepared(runner: BatchRunner(jobs: workers, decoder: decoder, recognizer: make), interpret: nil,
                            grammar: "jsgf " + Self.fingerprint(grammar.text), rejection: rejection)
        }
        let compiled = try CatalogCompiler(model: model, logger: logger).compile(loadCatalog(grammar, fixtures: fixtures), decoys: spoken.decoyLanguages)
        let matcher = compiled.matcher()
        let rejection = rejectionSetting(default: !noReject, base: .catalog)
        var commands = CommandInterpreter(matcher: matcher)
        commands.language = spoken.speaker
        decoder.commands = commands
        decoder.streamJudging = rejection.flatMap { _ in streamJudging }
        let make = try BatchRunner.checked {
            let r = try CatalogRecognizer(compiled: compiled, model: model, options: options, rejection: rejection, noiseFloor: floor)
            r.warps = warping.factors
            return r
        }
        let slots = SlotConfidence(catalog: compiled.catalog, model: .batch)
        let session = spoken.speaker
        return Prepared(runner: BatchRunner(jobs: workers, decoder: decoder,
                                            interpreter: { matcher.match($0, preferring: session).spoken(in: session, confidence: $0.confidence) }, slots: slots,
                                            recognizer: make),
                        interpret: { matcher.match($0) },
                        grammar: "catalog " + Self.fingerprint(compiled.grammar.text + compiled.dictionaryText), rejection: rejection,
                        dictionary: compiled.dictionary)
    }

    /// Everything that decides a file's result, as short values or fingerprints: two result
    /// files with equal settings come from runs that give the same result for the same file
    /// (results do not depend on --jobs or on the other files).
    func settings(model: AcousticModel, options: [String: String], raw: RawFormat?, prepared: Prepared) throws -> [String: String] {
        var expectations = "sidecar .txt files"
        if let expect, let data = FileManager.default.contents(atPath: expect) {
            expectations = "manifest " + Self.fingerprint(bytes: data)
        }
        return [
            "parlo": ParloVersion.current,
            "model": "model " + Self.fingerprint(modelFolder: model.directory),
            "adaptation": try model.adaptation.map { "mllr " + Self.fingerprint(bytes: try Data(contentsOf: URL(fileURLWithPath: $0))) } ?? "none",
            "self_adapt": selfAdapt ? "confidence \(Self.selfAdaptConfidence), at least \(Self.selfAdaptMinimum) results" : "off",
            "grammar": prepared.grammar,
            "rejection": prepared.rejection.map { "on " + Self.fingerprint("\($0)") } ?? "off",
            "long_files": longFiles(prepared.runner.decoder),
            "noise_floor": noiseFloor,
            "agc": agc ? "\(SpeechLevel.standardDBFS) dBFS" : "off",
            "dereverb": dereverb ? "weighted prediction error" : "off",
            "trim": trim ? "\(SpeechSpan().margin) s around the speech found" + (trimBelowLoudest == "off" ? "" : ", within \(trimBelowLoudest) dB of the loudest")
                + (loudestLook.secondLookLoudest == "off" ? "" : ", rejected ones again within \(loudestLook.secondLookLoudest) dB of the loudest") : "off",
            "denoise": suppression.map { "\(-$0.suppressDB) dB, \($0.frameSize) samples, learn \($0.learnFirst), below \($0.maximumSpreadDB.map { "\($0)" } ?? "always")" } ?? "off",
            "warps": prepared.interpret == nil || warping.factors.isEmpty ? "off" : warping.factors.map { "\($0)" }.joined(separator: ",")
                + " below confidence \(CatalogRecognizer.defaultWarpBelowConfidence), taken when \(CatalogRecognizer.defaultWarpMargin) per frame better and \(CatalogRecognizer.defaultWarpedAtLeast) sure",
            "decoder_options": options.keys.sorted().map { "\($0)=\(options[$0]!)" }.joined(separator: " "),
            "raw": raw.map { "\($0)" } ?? "none",
            "language": spoken.speaker.map { "\($0) (other language below \(MatchResult.otherLanguageConfidence) rejected)" } ?? "both",
            "expectations": expectations,
        ]
    }

    /// How files over `FileDecoder.wholeUtteranceLimit` are cut and judged.
    private func longFiles(_ decoder: FileDecoder) -> String {
        "over \(decoder.wholeUtteranceLimit) s: " + (decoder.commands == nil ? "" : "a pause inside a command waits \(RoomEndpointing.unfinishedHangover) s, "
            + "normalised towards the utterances before (\(FileDecoder.streamCepstralPriorSeconds) s), ")
            + "judged " + (decoder.streamJudging.map { "on " + Self.fingerprint("\($0)") } ?? "as short files")
    }

    static func fingerprint(_ text: String) -> String { fingerprint(bytes: Data(text.utf8)) }
    static func fingerprint(bytes: Data) -> String { String(StableHash.of(bytes: bytes), radix: 16) }

    /// A model folder's identity: its feature parameters and the size of each file (reading
    /// its megabytes of means and mixture weights would cost more than it tells).
    static func fingerprint(modelFolder: String) -> String {
        let fm = FileManager.default
        let names = ((try? fm.contentsOfDirectory(atPath: modelFolder)) ?? []).sorted()
        let sizes = names.map { name -> String in
            let size = (try? fm.attributesOfItem(atPath: modelFolder + "/" + name)[.size] as? Int) ?? nil
            return "\(name):\(size ?? -1)"
        }
        let params = fm.contents(atPath: modelFolder + "/feat.params") ?? Data()
        return fingerprint(bytes: params + Data(sizes.joined(separator: " ").utf8))
    }

    /// How a long file's utterances are judged with the catalog: as live listening judges a
    /// stream's, on a confidence recalibrated for whole decodes (`Rejection.longFile`: below 0.5
    /// or `--min-confidence` rejected), unless floors were set by hand without `--min-confidence`
    /// (then they decide there too).
    private var streamJudging: Rejection? {
        guard minConfidence != nil || [rejectScore, rejectShortScore, rejectWordScore, rejectUncovered].allSatisfy({ $0 == nil }) else { return nil }
        var r = Rejection.longFile
        if let minConfidence { r.minimumConfidence = minConfidence }
        return r
    }

    /// `base`: `.catalog` for the command catalog (a wider search), `.default` for a JSGF grammar.
    private func rejectionSetting(default on: Bool, base: Rejection) -> Rejection? {
        guard on || reject || rejectScore != nil || rejectShortScore != nil || rejectWordScore != nil || rejectUncovered != nil
                || rejectLoop != nil || rejectLoopUnits != nil || minConfidence != nil else { return nil }
        var r = base
        if let v = minConfidence { r.minimumConfidence = v }
        if let v = rejectScore { r.minimumScorePerFrame = v }
        if let v = rejectShortScore { r.minimumShortScorePerFrame = v }
        if let v = rejectWordScore { r.minimumWordScorePerFrame = v }
        if let v = rejectUncovered { r.maximumUncoveredSpeech = v }
        if let p = rejectLoop { r.loop = p > 0 ? .init(units: r.loop?.units ?? .grammarWords, unitProbability: p) : nil }
        if let p = rejectEntry, r.loop != nil { r.loop?.entryProbability = p }
        if let units = rejectLoopUnits, r.loop != nil {
            switch units {
            case "words": r.loop?.units = .grammarWords
            case "phones": r.loop?.units = .phones(Rejection.loopPhones)
            case "all-phones": r.loop?.units = .phones(Rejection.allPhones)
            default: r.loop?.units = .phones(units.split(separator: " ").map { $0.uppercased() })
            }
        }
        return r
    }

    private func loadGrammar(_ path: String) throws -> JSGFGrammar {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw CLIError("\(path): cannot read the grammar file")
        }
        return try JSGFGrammar(text)
    }
}
