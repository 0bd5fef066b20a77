import ParloTesting
import Foundation
import ParloAudio
import ParloCore
import ParloCatalog
@testable import ParloFixtures

/// The repository's grammars/ folder, whatever the working directory of the test run.
let repositoryRoot = Repository.root
let studyFolder = repositoryRoot.appendingPathComponent("grammars").path
let committedFixtures = repositoryRoot.appendingPathComponent("audio-fixtures/commands").path

/// A two-command catalog with a value slot and a number range, in English and Italian.
let tinyCatalogYAML = """
slots:
  colour:
    values:
      - value: red
        en: [red]
        it: [rosso]
      - value: blue
        en: [blue]
        it: [blu]
  minutes:
    range: {from: 1, to: 10}
commands:
  paint:
    en: ["paint it {colour}"]
    it: ["dipingi di {colour}"]
  wait:
    en: ["wait {minutes} minutes", "hold on {minutes} minutes"]
    it: ["aspetta {minutes} minuti"]
"""

/// A fresh temporary folder, removed by the caller.
func temporaryFolder(_ name: String) throws -> String {
    let path = NSTemporaryDirectory() + "parlo-fixtures-\(name)-\(getpid())-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// The tiny catalog written to a temporary folder and loaded.
func tinyCatalog() throws -> (Catalog, String) {
    let folder = try temporaryFolder("catalog")
    try tinyCatalogYAML.write(toFile: folder + "/tiny.yaml", atomically: true, encoding: .utf8)
    return (try CatalogLoader.load(folder: folder), folder)
}

/// Manifest lines as JSON objects.
func readManifest(_ folder: String) throws -> [[String: Any]] {
    let text = try String(contentsOfFile: folder + "/manifest.jsonl", encoding: .utf8)
    return try text.split(separator: "\n").map {
        try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
    }
}

/// SNR of `mixed` against `clean` as the mixer defines it: the speech part is the projection of
/// the mix on the clean signal (this absorbs any anti-clipping scale), the rest is noise.
func measuredSNR(clean: [Int16], mixed: [Int16]) -> Double {
    let c = clean.map(Double.init), m = mixed.map(Double.init)
    let cc = zip(c, c).reduce(0) { $0 + $1.0 * $1.1 }
    let mc = zip(m, c).reduce(0) { $0 + $1.0 * $1.1 }
    let g = mc / cc
    let noise = zip(m, c).map { $0 - g * $1 }
    let pn = noise.reduce(0) { $0 + $1 * $1 } / Double(noise.count)
    return 10 * log10(g * g * SpeechLevel.activePower(clean) / pn)
}

/// Runs the built `parlo` executable (next to the test bundle) and captures its output.
func runParlo(_ arguments: [String]) throws -> ParloProcess.Output { try ParloProcess.run(arguments) }
