import Foundation
import XCTest
import ParloAudio
@testable import ParloRecognizer

/// Rejection on Parlo's own evaluation set (audio-fixtures/rejection: 60 out-of-grammar
/// sentences in English and Italian, 36 commands in other voices, plus the 22 of
/// audio-fixtures/basic), decoded for real with and without rejection.
final class RejectionTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = root.appendingPathComponent("audio-fixtures")

    struct Case { var path: String; var text: String; var shouldReject: Bool }

    func grammar(_ text: String? = nil) throws -> JSGFGrammar {
        try JSGFGrammar(text ?? String(contentsOf: Self.fixtures.appendingPathComponent("basic/commands.gram"), encoding: .utf8))
    }

    func cases() throws -> [Case] {
        let manifest = Self.fixtures.appendingPathComponent("rejection/manifest.jsonl")
        return try String(contentsOf: manifest, encoding: .utf8).split(separator: "\n").map { line in
            let o = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return Case(path: manifest.deletingLastPathComponent().appendingPathComponent(o["audio"] as! String).path,
                        text: o["text"] as! String, shouldReject: o["rejected"] as! Bool)
        }
    }

    func samples(_ path: String) throws -> [Int16] { try AudioFileReader(path: path).readAll() }

    /// The rates measured when `Rejection.default` was tuned, asserted as measured.
    func testEvaluationSetMeetsTheMeasuredRates() throws {
        let model = try AcousticModel.locate()
        let plain = try Recognizer(model: model, grammar: grammar(), options: Rejection.default.searchOptions)  // the same search
        let rejecting = try Recognizer(model: model, grammar: grammar(), rejection: .default)
        let all = try cases()
        XCTAssertEqual(all.filter(\.shouldReject).count, 60)
        XCTAssertEqual(all.filter { !$0.shouldReject }.count, 58)

        var oogRejected = 0, lost: [String] = []
        var plainAccepted = 0, plainRight = 0, accepted = 0, right = 0
        var plainSeconds = 0.0, rejectingSeconds = 0.0
        for c in all {
            let audio = try samples(c.path)
            var t = Date()
            try plain.startStream(); try rejecting.startStream()   // independent files, as in batch
            let p = try plain.decode(audio)
            plainSeconds += Date().timeIntervalSince(t)
            t = Date()
            let r = try rejecting.decode(audio)
            rejectingSeconds += Date().timeIntervalSince(t)

            XCTAssertEqual(r.rejected, r.text.isEmpty, c.path)
            if r.rejected { XCTAssertLessThan(r.confidence, 0.5, c.path) } else { XCTAssertGreaterThanOrEqual(r.confidence, 0.5, c.path) }
            if c.shouldReject {
                if r.rejected { oogRejected += 1 }
                continue
            }
            if !p.text.isEmpty { plainAccepted += 1; if p.text == c.text { plainRight += 1 } }
            if !r.rejected { accepted += 1; if r.text == c.text { right += 1 } }
            // A command the plain recognizer gets right must survive rejection unchanged.
            if p.text == c.text && r.text != c.text { lost.append((c.path as NSString).lastPathComponent) }
        }
        print("rejection: out-of-grammar rejected \(oogRejected)/60; commands right \(plainRight)/\(plainAccepted) accepted "
              + "without rejection, \(right)/\(accepted) with; lost \(lost); decode \(plainSeconds) s → \(rejectingSeconds) s")
        // Measured 55/60 = 92 % (56 before short results got their own floor of −56, which keeps
        // short Italian commands on the catalog; 57 with a −90 word floor, which in live
        // listening rejected 21 of 1,275 right catalog commands in the one-hour soak).
        XCTAssertGreaterThanOrEqual(oogRejected, 55)
        XCTAssertEqual(lost, [])                                     // measured 0 of 50
        XCTAssertEqual(plainRight, right)
        XCTAssertGreaterThan(Double(right) / Double(accepted), Double(plainRight) / Double(plainAccepted))
        XCTAssertLessThan(rejectingSeconds, plainSeconds * 1.3 + 0.5)  // measured ≈ 1.0–1.1×
    }

    func testRejectedSpeechReportsItsEvidence() throws {
        let recognizer = try Recognizer(model: AcousticModel.locate(), grammar: grammar(), rejection: .default)
        // "leggi questa pagina" → "repeat" plus a long stretch of speech decoded as silence.
        let r = try recognizer.decode(samples(Self.fixtures.appendingPathComponent("rejection/31-oog-leggi_questa_pagina.flac").path))
        XCTAssertTrue(r.rejected)
        XCTAssertEqual(r.text, "")
        let e = try XCTUnwrap(r.evidence)
        XCTAssertGreaterThan(try XCTUnwrap(e.uncoveredSpeech), 0.4)
        let command = try recognizer.decode(samples(Self.fixtures.appendingPathComponent("basic/00-open_math.wav").path))
        XCTAssertEqual(command.text, "open math")
        XCTAssertFalse(command.rejected)
        XCTAssertGreaterThan(command.confidence, 0.8)
        XCTAssertEqual(try XCTUnwrap(command.evidence?.uncoveredSpeech), 0, accuracy: 0.05)
    }

    /// A dish ringing after a command (resonances at 2.5–5.7 kHz decaying over 0.3 s, as loud
    /// as the speech's peaks) is no speech left out: it has nothing below 1 kHz, where words have
    /// their vowels. Measured over the whole band, the ring was loud, uncovered, and rejected
    /// commands spoken in a kitchen (docs/recognizer-measurements.md).
    func testADishRingingAfterACommandIsNoMissedSpeech() throws {
        let recognizer = try Recognizer(model: AcousticModel.locate(), grammar: grammar(), rejection: .default)
        let speech = try samples(Self.fixtures.appendingPathComponent("basic/00-open_math.wav").path)
        let peak = Double(speech.map { abs(Int($0)) }.max() ?? 0)
        let ring = (0..<4800).map { i -> Int16 in
            let t = Double(i) / 16000
            let tone = [2500.0, 4100, 5700].reduce(0.0) { $0 + sin(2 * Double.pi * $1 * t) } / 3
            return Int16(0.8 * peak * tone * exp(-t / 0.08))
        }
        let r = try recognizer.decode(speech + ring + [Int16](repeating: 0, count: 3200))
        XCTAssertEqual(r.text, "open math")
        XCTAssertFalse(r.rejected)
        XCTAssertEqual(try XCTUnwrap(r.evidence?.uncoveredSpeech), 0, accuracy: 0.05)
    }

    /// Streaming (live listening) measures the same evidence as whole-utterance decoding.
    func testStreamingInChunksRejectsToo() throws {
        let recognizer = try Recognizer(model: AcousticModel.locate(), grammar: grammar(), rejection: .default)
        for (file, text) in [("rejection/31-oog-leggi_questa_pagina.flac", ""), ("basic/00-open_math.wav", "open math"),
                             ("rejection/04-oog-read_me_a_bedtime_story.flac", ""), ("rejection/44-ig-stop.flac", "stop")] {
            let audio = try samples(Self.fixtures.appendingPathComponent(file).path)
            try recognizer.begin()
            for start in stride(from: 0, to: audio.count, by: 1600) {
                try recognizer.process(Array(audio[start..<min(start + 1600, audio.count)]))
            }
            let r = try recognizer.end()
            XCTAssertEqual(r.text, text, file)
            XCTAssertNotNil(r.evidence?.uncoveredSpeech, file)
        }
    }

    func testWithoutRejectionEverythingBecomesACommand() throws {
        let recognizer = try Recognizer(model: AcousticModel.locate(), grammar: grammar())
        let r = try recognizer.decode(samples(Self.fixtures.appendingPathComponent("rejection/31-oog-leggi_questa_pagina.flac").path))
        XCTAssertFalse(r.rejected)
        XCTAssertEqual(r.text, "repeat")
        XCTAssertNil(r.evidence)
    }

    /// A loop of grammar words twins every word of the grammar with all its pronunciations
    /// (and nothing else the dictionary holds); a phone loop has one word per phone.
    func testGarbageLoopDictionaries() {
        var d = PronunciationDictionary()
        d.add("open", "OW P AH N"); d.add("math", "M AE TH"); d.add("math", "M AA TH"); d.add("unused", "AH N")
        let words = GarbageGraph.loop(.grammarWords(probability: 1e-4), grammarWords: ["open", "math"], pronunciations: d).dictionary
        XCTAssertEqual(words.entries.keys.sorted(), ["__g_math", "__g_open"])
        XCTAssertEqual(words["__g_math"], ["M AE TH", "M AA TH"])
        let phones = GarbageGraph.loop(.phones(["AA", "S"], probability: 0.01), grammarWords: ["open"], pronunciations: d).dictionary
        XCTAssertEqual(phones.entries, ["__g_aa": ["AA"], "__g_s": ["S"]])
        XCTAssertTrue(GarbageGraph.isGarbage("__g_open"))
        XCTAssertFalse(GarbageGraph.isGarbage("open"))
        // Decoys join the loop as garbage words of their own, after the twins, and are listed apart.
        var decoys = PronunciationDictionary()
        decoys.add("people", "P IY P AH L"); decoys.add("both", "B OW TH")
        let withDecoys = GarbageGraph.loop(.grammarWords(probability: 1e-4), grammarWords: ["open"], pronunciations: d, decoys: decoys)
        XCTAssertEqual(withDecoys.words, ["__g_open", "__g_d_both", "__g_d_people"])
        XCTAssertEqual(withDecoys.decoys, ["__g_d_both", "__g_d_people"])
        XCTAssertEqual(withDecoys.dictionary["__g_d_people"], ["P IY P AH L"])
        XCTAssertTrue(GarbageGraph.isGarbage("__g_d_both"))
    }

    /// Two public rules, for the phone loop's tests.
    func twoRuleGrammar() throws -> JSGFGrammar {
        try grammar("""
        #JSGF V1.0;
        grammar two;
        public <open> = open (math | history);
        public <simple> = stop | pause | next;
        """)
    }

    /// The optional phone loop: built as an FSG beside the grammar, with every public rule reachable.
    func testPhoneLoopKeepsCommandsOfEveryPublicRuleAndAbsorbsOtherSpeech() throws {
        let twoRules = try twoRuleGrammar()
        XCTAssertTrue(try GarbageGraph.singleTopRule(twoRules).contains("public <__parlo_top> = <open> | <simple>;"))
        var rejection = Rejection.default
        rejection.loop = .phones(probability: 0.01)
        let recognizer = try Recognizer(model: AcousticModel.locate(), grammar: twoRules, rejection: rejection)
        XCTAssertEqual(try recognizer.decode(samples(Self.fixtures.appendingPathComponent("basic/00-open_math.wav").path)).text, "open math")
        XCTAssertEqual(try recognizer.decode(samples(Self.fixtures.appendingPathComponent("basic/13-stop.wav").path)).text, "stop")
        // A generous loop swallows a long unrelated sentence: the path runs through garbage words.
        rejection.loop?.unitProbability = 0.5
        try recognizer.load(twoRules)
        let eager = try Recognizer(model: AcousticModel.locate(), grammar: twoRules, rejection: rejection)
        let r = try eager.decode(samples(Self.fixtures.appendingPathComponent("rejection/19-oog-my_brother_plays_football_on_sun.flac").path))
        XCTAssertTrue(r.rejected)
        XCTAssertEqual(r.confidence, 0)
        XCTAssertNil(r.evidence)
        // Streamed, the partial hypotheses (shown while the student speaks) never name loop words.
        let audio = try samples(Self.fixtures.appendingPathComponent("rejection/19-oog-my_brother_plays_football_on_sun.flac").path)
        try eager.begin()
        var partials: [String] = []
        for start in stride(from: 0, to: audio.count, by: 1600) {
            try eager.process(Array(audio[start..<min(start + 1600, audio.count)]))
            partials.append(eager.partial)
        }
        XCTAssertTrue(try eager.end().rejected)
        XCTAssertFalse(partials.contains { $0.contains("__g_") }, "\(partials)")
    }

    /// `useLoop` gives one decoder another loop cost from the next utterance on: each result is
    /// the one a decoder built with that cost gets, and an utterance under way keeps its search.
    func testTheLoopsCostChangesBetweenUtterances() throws {
        let twoRules = try twoRuleGrammar()
        func loop(_ p: Double) -> Rejection { var r = Rejection.default; r.loop = .phones(probability: p); return r }
        let model = try AcousticModel.locate()
        let switching = try Recognizer(model: model, grammar: twoRules, rejection: loop(0.01))
        let cheap = try Recognizer(model: model, grammar: twoRules, rejection: loop(0.01))
        let eager = try Recognizer(model: model, grammar: twoRules, rejection: loop(0.5))
        let stop = try samples(Self.fixtures.appendingPathComponent("basic/13-stop.wav").path)
        func same(_ a: Recognition, _ b: Recognition, _ what: String) {
            XCTAssertEqual(a.text, b.text, what); XCTAssertEqual(a.rejected, b.rejected, what)
            XCTAssertEqual(a.words.map(\.scorePerFrame), b.words.map(\.scorePerFrame), what)
        }
        // A decoder's first utterance starts from the model's cepstral mean, later ones from the
        // mean it has heard: one decode each first, so all three compare from the same state.
        for r in [switching, cheap, eager] { _ = try r.decode(stop) }
        // A clean "stop": a command at 0.01 per phone, swallowed by the loop at 0.5.
        let asBuilt = try cheap.decode(stop), swallowed = try eager.decode(stop)
        XCTAssertEqual(asBuilt.text, "stop")
        XCTAssertFalse(asBuilt.rejected)
        XCTAssertTrue(swallowed.rejected)
        same(try switching.decode(stop), asBuilt, "built at 0.01")
        try switching.useLoop(probability: 0.5)
        XCTAssertEqual(switching.loopProbability, 0.5)
        same(try switching.decode(stop), swallowed, "switched to 0.5")
        try switching.useLoop(probability: nil)
        same(try switching.decode(stop), asBuilt, "back to its own")
        try switching.useLoop(probability: 0.5)
        same(try switching.decode(stop), swallowed, "0.5 again, its search kept")
        // Asked for during an utterance, the change waits for the next one.
        try switching.begin()
        try switching.process(Array(stop.prefix(4_000)))
        try switching.useLoop(probability: nil)
        try switching.process(Array(stop.dropFirst(4_000)))
        XCTAssertTrue(try switching.end().rejected, "the utterance under way keeps 0.5")
        XCTAssertEqual(try switching.decode(stop).text, "stop", "the next one has its own cost")
    }

    /// The same set streamed in 0.1 s chunks through one continuous stream, as live listening
    /// does (running cepstral mean, no reset between files): measured 54/60 rejected, 0 of 52
    /// right commands lost (55/60 with one score floor for all lengths).
    func testStreamedEvaluationSetMeetsTheMeasuredRates() throws {
        let model = try AcousticModel.locate()
        let plain = try Recognizer(model: model, grammar: grammar(), options: Rejection.default.searchOptions)  // the same search
        let rej = try Recognizer(model: model, grammar: grammar(), rejection: .default)
        var oog = 0, lost = 0, plainRight = 0, right = 0, acc = 0, pacc = 0
        func stream(_ r: Recognizer, _ a: [Int16]) throws -> Recognition {
            try r.begin()
            for s in stride(from: 0, to: a.count, by: 1600) { try r.process(Array(a[s..<min(s + 1600, a.count)])) }
            return try r.end()
        }
        for c in try cases() {
            let a = try samples(c.path)
            let p = try stream(plain, a), r = try stream(rej, a)
            if c.shouldReject { if r.rejected { oog += 1 }; continue }
            if !p.text.isEmpty { pacc += 1; if p.text == c.text { plainRight += 1 } }
            if !r.rejected { acc += 1; if r.text == c.text { right += 1 } }
            if p.text == c.text && r.text != c.text { lost += 1 }
        }
        print("rejection, streamed: out-of-grammar rejected \(oog)/60; commands right \(plainRight)/\(pacc) accepted "
              + "without rejection, \(right)/\(acc) with; lost \(lost)")
        XCTAssertGreaterThanOrEqual(oog, 54)
        XCTAssertEqual(lost, 0)
        XCTAssertGreaterThanOrEqual(Double(right) / Double(acc), Double(plainRight) / Double(pacc))  // measured 52/57 both
    }
}
