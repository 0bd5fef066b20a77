import Foundation

/// Adapts the acoustic model to one user's voice, microphone and room: a global MLLR transform
/// of the model's Gaussian means, estimated by SphinxTrain (`bw`, `mllr_solve`) from the user's
/// own recordings of known sentences, and applied by PocketSphinx at load time (`-mllr`).
///
/// Why a transform of the user's own speech and not one shipped with Parlo: a transform
/// estimated from the evaluation voices learns their synthesizer and their room. On DEV it
/// helped other DEV voices in DEV's rooms, but it made recorded human speech (pocketsphinx's
/// test recordings) worse (docs/recognizer-measurements.md). Estimated from the user's own
/// sentences, it learns what it will be used on.
public struct ModelAdaptation {
    /// One recording: 16 kHz mono samples and the words said, each in the dictionary.
    public struct Utterance: Sendable {
        public var name: String
        public var samples: [Int16]
        public var words: [String]
        public init(name: String, samples: [Int16], words: [String]) { self.name = name; self.samples = samples; self.words = words }
    }

    /// What an estimate used.
    public struct Summary: Sendable, Equatable {
        /// Utterances given, and those SphinxTrain could align with their words (the rest
        /// added nothing: a wrong transcript, or silence).
        public var utterances: Int
        public var aligned: Int
        public var seconds: Double
    }

    /// SphinxTrain's global transform has 3 × (13 × 13 + 13) numbers; fewer sentences than
    /// this (a few seconds each) leave it poorly determined.
    public static let minimumUtterances = 5

    public let model: AcousticModel
    /// Where SphinxTrain's and sphinxbase's programs are (Debian's places by default).
    public var tools: [String: String]

    public init(model: AcousticModel) {
        self.model = model
        tools = ["sphinx_fe": "/usr/bin/sphinx_fe", "pocketsphinx_mdef_convert": "/usr/bin/pocketsphinx_mdef_convert",
                 "bw": "/usr/lib/sphinxtrain/bw", "mllr_solve": "/usr/lib/sphinxtrain/mllr_solve"]
    }

    /// Estimates a transform from `utterances` (words looked up in `dictionary`) and writes it
    /// to `output`. `work` is an empty folder for the features and SphinxTrain's counts; its
    /// logs stay there.
    public func estimate(_ utterances: [Utterance], dictionary: PronunciationDictionary,
                         writingTo output: String, work: String) throws -> Summary {
        let missing = tools.filter { !FileManager.default.isExecutableFile(atPath: $0.value) }.keys.sorted()
        guard missing.isEmpty else { throw AdaptationError(.toolsMissing, "\(missing.joined(separator: ", ")) not found") }
        guard utterances.count >= Self.minimumUtterances else {
            throw AdaptationError(.tooFewUtterances, "\(utterances.count) recording(s) to adapt on")
        }
        let fm = FileManager.default
        let hmm = work + "/model", audio = work + "/audio", features = work + "/features", counts = work + "/counts"
        for dir in [hmm, audio, features, counts] { try fm.createDirectory(atPath: dir, withIntermediateDirectories: true) }
        try prepareModel(in: hmm)

        // The decoder hears files over the file noise floor; SphinxTrain must hear them the same
        // way, and a digitally silent lead-in (synthesised or edited audio) would otherwise give
        // frames of -inf energy that no transcript aligns with.
        var floor = NoiseFloor(levelDB: Recognizer.fileNoiseFloorDB)
        var ids = "", transcripts = "", words = Set<String>()
        for (i, u) in utterances.enumerated() {
            let id = String(format: "u%04d", i)
            floor.reset()
            try u.samples.withUnsafeBufferPointer { samples in
                try floor.apply(samples) { try Data(buffer: $0).write(to: URL(fileURLWithPath: "\(audio)/\(id).raw")) }
            }
            ids += id + "\n"
            transcripts += "<s> \(u.words.joined(separator: " ")) </s> (\(id))\n"
            words.formUnion(u.words)
        }
        try ids.write(toFile: work + "/ids", atomically: true, encoding: .utf8)
        try transcripts.write(toFile: work + "/transcripts", atomically: true, encoding: .utf8)
        try dictionaryText(dictionary, words: words).write(toFile: work + "/words.dict", atomically: true, encoding: .utf8)

        try run("sphinx_fe", ["-argfile", hmm + "/feat.params", "-samprate", "16000", "-c", work + "/ids",
                              "-di", audio, "-do", features, "-ei", "raw", "-eo", "mfc", "-raw", "yes",
                              "-input_endian", "little"], log: work + "/sphinx_fe.log")
        try run("bw", ["-hmmdir", hmm, "-moddeffn", hmm + "/mdef.txt", "-ts2cbfn", ".ptm.", "-feat", "1s_c_d_dd",
                       "-svspec", "0-12/13-25/26-38", "-cmn", "batch", "-agc", "none", "-dictfn", work + "/words.dict",
                       "-fdictfn", hmm + "/noisedict", "-ctlfn", work + "/ids", "-lsnfn", work + "/transcripts",
                       "-cepdir", features, "-accumdir", counts], log: work + "/bw.log")
        let aligned = Self.alignedUtterances(bwLog: (try? String(contentsOfFile: work + "/bw.log", encoding: .utf8)) ?? "")
        guard aligned >= Self.minimumUtterances else {
            throw AdaptationError(.tooFewUtterances, "only \(aligned) of \(utterances.count) recordings matched their transcripts")
        }
        let solved = work + "/transform"
        try run("mllr_solve", ["-meanfn", hmm + "/means", "-varfn", hmm + "/variances", "-outmllrfn", solved,
                               "-accumdir", counts], log: work + "/mllr_solve.log")
        try Self.checkTransform(at: solved)
        do {
            try? fm.removeItem(atPath: output)
            try fm.copyItem(atPath: solved, toPath: output)
        } catch {
            throw AdaptationError(.cannotWrite, "cannot write \(output) (\((error as NSError).localizedDescription))")
        }
        let samples = utterances.reduce(0) { $0 + $1.samples.count }
        return Summary(utterances: utterances.count, aligned: aligned, seconds: Double(samples) / 16000)
    }

    /// A model folder SphinxTrain can read: the shipped files linked, the mixture weights in
    /// its format and the model definition as text.
    func prepareModel(in hmm: String) throws {
        let fm = FileManager.default
        for name in try fm.contentsOfDirectory(atPath: model.directory) where name != "sendump" {
            try fm.createSymbolicLink(atPath: "\(hmm)/\(name)", withDestinationPath: "\(model.directory)/\(name)")
        }
        let mixw = model.directory + "/mixture_weights"
        if !fm.fileExists(atPath: mixw) {
            do { try MixtureWeights.convert(sendump: model.directory + "/sendump", to: hmm + "/mixture_weights") } catch let e as MixtureWeights.FormatError {
                throw AdaptationError(.toolFailed, "the model's mixture weights could not be read: \(e.detail)")
            }
        }
        // SphinxTrain reads the text format; Debian's model has the binary one (a model given
        // with --model may have either: the text one starts with its version line).
        let head = (try? FileHandle(forReadingFrom: URL(fileURLWithPath: model.directory + "/mdef")).read(upToCount: 4)) ?? nil
        if head.map({ String(decoding: $0, as: UTF8.self) == "0.3\n" }) == true {
            try fm.createSymbolicLink(atPath: hmm + "/mdef.txt", withDestinationPath: model.directory + "/mdef")
        } else {
            try run("pocketsphinx_mdef_convert", ["-text", model.directory + "/mdef", hmm + "/mdef.txt"], log: hmm + "/mdef_convert.log")
        }
    }

    /// The words' pronunciations in SphinxTrain's format (alternatives as `word(2)`): from
    /// `extra` (the catalog's, Italian included), else cmudict.
    private func dictionaryText(_ extra: PronunciationDictionary, words: Set<String>) throws -> String {
        let dictionary = try PocketSphinxDecoder.pronunciations(of: words.sorted(), model: model, extra: extra)
        var text = ""
        for w in words.sorted() {
            for (i, phones) in (dictionary[w] ?? []).enumerated() { text += (i == 0 ? w : "\(w)(\(i + 1))") + " " + phones + "\n" }
        }
        return text
    }

    /// Utterances `bw` aligned: each gets an `utt>` line, and one it could not align with its
    /// words is named just before that in an error ("Failed to align audio to trancript …",
    /// then "u0003 ignored").
    static func alignedUtterances(bwLog: String) -> Int {
        let lines = bwLog.split(separator: "\n")
        let seen = lines.filter { $0.hasPrefix("utt>") }.count
        let ignored = Set(lines.compactMap { line -> Substring? in
            guard line.hasPrefix("ERROR"), line.hasSuffix(" ignored") else { return nil }
            return line.dropLast(" ignored".count).split(separator: " ").last
        })
        return seen - ignored.count
    }

    private func run(_ tool: String, _ arguments: [String], log: String) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tools[tool]!)
        p.arguments = arguments
        _ = FileManager.default.createFile(atPath: log, contents: nil)   // if not, the handle below says why
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        defer { try? handle.close() }
        p.standardOutput = handle; p.standardError = handle
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw AdaptationError(.toolFailed, "\(tool) failed (exit \(p.terminationStatus), log: \(log))")
        }
    }

    /// Checks that `path` holds an MLLR transform PocketSphinx can apply to this model family:
    /// SphinxTrain's text format, a class count, 3 streams of 13 dimensions.
    public static func checkTransform(at path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw AdaptationError(.notATransform, "cannot read the adaptation file \(path)")
        }
        let numbers = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).map { Double($0) }
        guard numbers.count >= 3, numbers.allSatisfy({ $0 != nil }), let classes = numbers[0], let streams = numbers[1],
              classes >= 1, streams == 3 else {
            throw AdaptationError(.notATransform, "\(path) is not an MLLR transform for the en-us model")
        }
        let perClass = 3 * (1 + 13 * 13 + 13 + 13)         // per stream: its length, matrix, bias, variance scale
        guard numbers.count == 2 + Int(classes) * perClass else {
            throw AdaptationError(.notATransform, "\(path) is not an MLLR transform for the en-us model (\(numbers.count) numbers)")
        }
    }
}
