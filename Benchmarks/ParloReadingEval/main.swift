import Foundation
import ParloGrammar
import ParloRecognizer
import ParloSpeech

/// The reading measurements of docs/reading-text.md, from the sets of scripts/make-text-sets:
///   swift run ParloReadingEval language dev|dev2|dev3|test|test2|test3|test4 — language per item
///   swift run ParloReadingEval explain TEXT…       — each word's evidence (+ English, − Italian)
///   swift run ParloReadingEval sentences dev|test  — sentence boundaries
///   swift run ParloReadingEval words [dev|test2]   — word events vs forced alignment
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let data = root.appendingPathComponent("Tests/ParloTextTests/Data")
let args = CommandLine.arguments.dropFirst()
func fail(_ m: String) -> Never { FileHandle.standardError.write((m + "\n").data(using: .utf8)!); exit(2) }
func percent(_ a: Int, _ b: Int) -> String { String(format: "%d/%d = %.1f %%", a, b, 100 * Double(a) / Double(max(b, 1))) }

switch (args.first, args.dropFirst().first) {
case ("language", let set?):
    let text = try String(contentsOf: data.appendingPathComponent("language-\(set).tsv"), encoding: .utf8)
    let detector = LanguageDetector()
    var all = (0, 0), short = (0, 0), long = (0, 0)
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
        let f = line.split(separator: "\t", omittingEmptySubsequences: false)
        let ok = detector.guess(f[1]) == Language(String(f[0]))
        let words = f[1].split(separator: " ").filter { $0.contains(where: \.isLetter) }.count
        all.1 += 1; if ok { all.0 += 1 }
        if words <= 3 { short.1 += 1; if ok { short.0 += 1 } } else { long.1 += 1; if ok { long.0 += 1 } }
        if !ok { print("  wrong: \(f[0]) \(f[1]) (\(f[2]))") }
    }
    print("language \(set): all \(percent(all.0, all.1)); 1-3 words \(percent(short.0, short.1)); longer \(percent(long.0, long.1))")
case ("sentences", let set?):
    let text = try String(contentsOf: data.appendingPathComponent("sentences-\(set).txt"), encoding: .utf8)
    let segmenter = SentenceSegmenter()
    var gold = 0, found = 0, right = 0
    for block in text.components(separatedBy: "\n\n") {
        let sentences = block.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        guard !sentences.isEmpty else { continue }
        let joined = sentences.joined(separator: " ")
        var ends = Set<Int>(), offset = 0
        for s in sentences.dropLast() { offset += s.utf16.count; ends.insert(offset); offset += 1 }
        let got = Set(segmenter.sentences(in: joined).dropLast().map { joined.utf16.distance(from: joined.startIndex, to: $0.upperBound) })
        gold += ends.count; found += got.count; right += ends.intersection(got).count
        if ends != got { print("  differs: \(joined)") }
    }
    print("sentences \(set): boundary precision \(percent(right, found)), recall \(percent(right, gold))")
case ("words", let set):
    // dev: Parlo's sample materials, read as `parlo read` reads them (what the word timing was
    // built on). test2: the longer items of the held-out language set test2, each a block in
    // its labelled language (text no word-timing choice looked at).
    let sample = root.appendingPathComponent("Sources/ParloStudy/Resources/sample")
    let blocksOf: [(String, [String])]
    if set == "test2" {
        let items = try String(contentsOf: data.appendingPathComponent("language-test2.tsv"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: "\t").map(String.init) }
            .filter { $0[1].split(separator: " ").count >= 6 }
        blocksOf = ["en", "it"].map { code in (code, items.filter { $0[0] == code }.prefix(40).map { $0[1] }) }
    } else {
        let files = [("en", ["science/water-cycle.md", "math/fractions.md", "math/pythagoras.md"]),
                     ("it", ["storia/impero-romano.md", "storia/rinascimento.md", "geografia/fiumi-italiani.md"])]
        blocksOf = try files.map { code, names in
            (code, try names.flatMap { Array(try TextBlockReader(path: sample.appendingPathComponent($0).path)) })
        }
    }
    let aligner = ForcedAligner(model: try AcousticModel.locate())
    for (code, blocks) in blocksOf {
        var errors: [Double] = [], failed = 0
        do {
            for block in blocks {
                let sink = MemorySink(instant: true)
                let queue = SpeechQueue(sink: sink, character: CharacterCatalog.defaults.characters[0])
                let ranges = SentenceSegmenter().sentences(in: block)
                let languages = SentenceLanguages().languages(of: block, sentences: ranges)
                let id = await queue.enqueue(block, sentences: ranges, sentenceLanguages: languages)
                var words: [(String, Language, Double)] = []
                for await e in queue.events where e.id == id {
                    if case .word(_, let s, let r, let t) = e { words.append((String(block[r]), languages[s], t)) }
                    if e.isEnd { break }
                }
                guard let aligned = try aligner.align(words.map { ($0.0, $0.1) }, samples: sink.played, sampleRate: sink.sampleRate),
                      aligned.count == words.count else { failed += 1; continue }
                for (w, a) in zip(words, aligned) {
                    errors.append(abs(w.2 - a.start))
                    if abs(w.2 - a.start) > 0.05 {
                        print(String(format: "  %@: event %.3f s, aligned %.3f–%.3f s", w.0, w.2, a.start, a.end))
                    }
                }
            }
        }
        let sorted = errors.sorted()
        guard !sorted.isEmpty else { print("words \(code): no alignment"); continue }
        let median = sorted[sorted.count / 2], p95 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.95))]
        print(String(format: "words %@: %d words, median |error| %.0f ms, 95th percentile %.0f ms, within 50 ms %@; blocks not aligned: %d",
                     code, sorted.count, median * 1000, p95 * 1000, percent(errors.filter { $0 <= 0.05 }.count, errors.count), failed))
    }
case ("explain", _):
    for text in args.dropFirst() {
        let model = LanguageModel.shared, prior = model.evidence("")
        let words = text.split(separator: " ").map { "\($0) \(String(format: "%+.2f", model.evidence($0) - prior))" }
        print("\(text): \(String(format: "%+.2f", model.evidence(text))) = \(words.joined(separator: ", ")), prior \(String(format: "%+.2f", prior))")
    }
default:
    fail("usage: ParloReadingEval language SET | explain TEXT… | sentences dev|test | words")
}
