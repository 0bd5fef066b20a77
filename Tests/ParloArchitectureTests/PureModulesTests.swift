import Foundation
import ParloTesting
import XCTest

/// The pure parts of the pipeline — the catalog model and its templates, the text matcher and
/// registry, the speech queue's rules, the meter and the endpointer — build and test without any
/// C library (issue 15): no system-library target (PocketSphinx, eSpeak NG, ALSA, libsndfile,
/// libsoxr, speex, WebRTC) in their dependency closure, read from `swift package describe`.
final class PureModulesTests: XCTestCase {
    static let pure = ["ParloCore", "ParloCatalog", "ParloCommands", "ParloSpeechQueue", "ParloMeter", "ParloEndpointer",
                       "ParloEvaluation", "ParloText", "ParloTesting"]

    struct Target: Decodable {
        var name: String
        var type: String
        var module_type: String?
        var target_dependencies: [String]?
        var product_dependencies: [String]?
    }
    struct Description: Decodable { var targets: [Target] }

    func testPureModulesReachNoCLibrary() throws {
        // Its own scratch folder: the one `swift test` runs from is locked by it.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("parlo-describe-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = try Subprocess.run("/usr/bin/env", ["swift", "package", "--scratch-path", scratch.path, "describe", "--type", "json"],
                                     directory: Repository.root)
        XCTAssertEqual(out.status, 0, out.stderr)
        let data = Data(out.stdout.utf8)
        let targets = Dictionary(uniqueKeysWithValues: try JSONDecoder().decode(Description.self, from: data).targets.map { ($0.name, $0) })
        XCTAssertTrue(targets["CPocketSphinx"]?.type == "system-target", "the check would see a C library")
        // poppler is loaded at run time through a C target of Parlo's own (CPoppler), not a
        // system-library target: C targets count as C libraries too.
        XCTAssertTrue(targets["CPoppler"]?.module_type == "ClangTarget", "the check would see poppler's shim")

        for module in Self.pure {
            var seen: Set<String> = [], queue = [module]
            while let name = queue.popLast() {
                guard seen.insert(name).inserted, let t = targets[name] else { continue }
                XCTAssertNotEqual(t.type, "system-target", "\(module) reaches the C library \(name)")
                XCTAssertNotEqual(t.module_type, "ClangTarget", "\(module) reaches the C code of \(name)")
                queue += t.target_dependencies ?? []
            }
            // Package products allowed in pure modules: swift-log, and Yams (YAML; its libyaml is
            // compiled from source with it, not a system library).
            let products = Set(seen.compactMap { targets[$0] }.flatMap { $0.product_dependencies ?? [] })
            XCTAssertTrue(products.isSubset(of: ["Logging", "Yams"]), "\(module) uses \(products)")
            XCTAssertNotNil(targets[module], "\(module) is not a target any more")
        }
        // And the split is real: the backends do reach their C libraries.
        XCTAssertTrue(targets["ParloGrammar"]?.target_dependencies?.contains("ParloRecognizer") == true)
    }
}
