import Foundation
import XCTest
import ParloAudio
import ParloCatalog
import ParloGrammar
import ParloCommands
import ParloRecognizer
@testable import ParloFixtures

/// Recognition on the committed fixture set with CatalogRecognizer + CommandMatcher, per language
/// and condition; printed, not asserted (the targets belong to `parlo batch`). Runs only with
/// PARLO_FIXTURES_MEASURE=1 (about a minute); PARLO_GARBAGE=weight adds the phone loop,
/// PARLO_CEPSTRAL_PRIOR=s sets CatalogRecognizer.cepstralPriorSeconds, PARLO_FIXTURES_INTERLEAVED=1 decodes
/// in manifest order with one decoder, PARLO_FIXTURES_DIR another set.
final class FixtureRecognitionTests: XCTestCase {
    func testMeasureRecognitionOnCommittedFixtures() throws {
        let env = ProcessInfo.processInfo.environment
        guard env["PARLO_FIXTURES_MEASURE"] == "1" else { throw XCTSkip("set PARLO_FIXTURES_MEASURE=1") }
        let compiler = try CatalogCompiler(model: AcousticModel.locate())
        let compiled = try compiler.compile(folder: studyFolder)
        let matcher = compiled.matcher()
        let folder = env["PARLO_FIXTURES_DIR"] ?? committedFixtures
        let text = try String(contentsOfFile: folder + "/manifest.jsonl", encoding: .utf8)
        let entries = try text.split(separator: "\n").map { try JSONDecoder().decode(FixtureManifestEntry.self, from: Data($0.utf8)) }
        var total: [String: Int] = [:], right: [String: Int] = [:], falseRejects: [String: Int] = [:]
        let started = Date()
        var audioSeconds = 0.0
        // One decoder per condition, as in a stable room: the live cepstral mean CatalogRecognizer
        // adapts would otherwise swing between clean and 5 dB files (alternating in the manifest).
        var recognizers: [String: CatalogRecognizer] = [:]
        let ordered = env["PARLO_FIXTURES_INTERLEAVED"] == "1" ? entries : entries.sorted { ($0.snrDB ?? 99) > ($1.snrDB ?? 99) }
        for e in ordered {
            let condition = env["PARLO_FIXTURES_INTERLEAVED"] == "1" ? "all" : "\(e.snrDB ?? 99)"
            if recognizers[condition] == nil {
                let r = try CatalogRecognizer(compiled: compiled, model: AcousticModel.locate())
                r.cepstralPriorSeconds = env["PARLO_CEPSTRAL_PRIOR"].flatMap(Double.init) ?? r.cepstralPriorSeconds
                recognizers[condition] = r
            }
            let recognizer = recognizers[condition]!
            let samples = try AudioFileReader(path: folder + "/" + e.audio).readAll()
            audioSeconds += Double(samples.count) / 16_000
            let hyp = try recognizer.decode(samples).text
            let m = matcher.match(hyp)
            let key = e.rejected ? "\(e.language) out-of-grammar" : "\(e.language) \(e.snrDB.map { "\($0) dB" } ?? "clean")"
            total[key, default: 0] += 1
            let ok = e.rejected ? m.command == nil : (m.command == e.command && m.slots == e.slots)
            if ok { right[key, default: 0] += 1 } else {
                print("MISS \(key) \(e.audio) \"\(e.text)\" → \"\(hyp)\" → \(m.command ?? "nil") \(m.slots)")
            }
            if !e.rejected && m.command == nil { falseRejects[key, default: 0] += 1 }
        }
        print("MEASURE: \(String(format: "%.0f", audioSeconds)) s audio in \(String(format: "%.0f", Date().timeIntervalSince(started))) s")
        for key in total.keys.sorted() {
            let n = total[key]!, r = right[key] ?? 0
            let what = key.hasSuffix("out-of-grammar") ? "rejected" : "command accuracy"
            print("MEASURE \(key): \(what) \(r)/\(n) = \(String(format: "%.1f", 100 * Double(r) / Double(n)))%, no command \(falseRejects[key] ?? 0)")
        }
        XCTAssertEqual(total.values.reduce(0, +), entries.count)
    }
}
