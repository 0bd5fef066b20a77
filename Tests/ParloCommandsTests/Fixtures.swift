import ParloTesting
import Foundation
import ParloAudio
import ParloCatalog
import ParloCommands

/// The repository's grammars/ folder, whatever the working directory of the test run.
let studyFolder = Repository.grammars

/// The study catalog's matcher, built once per test process.
let studyMatcher: CommandMatcher = try! CommandMatcher(catalog: CatalogLoader.load(folder: studyFolder))

/// Synthesises `text` with the `espeak-ng` CLI into a temporary WAV; returns its 16 kHz samples.
func synthesize(_ text: String, voice: String, rate: Int = 150) throws -> [Int16] {
    let path = NSTemporaryDirectory() + "parlo-rec-\(getpid())-\(UUID().uuidString).wav"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/espeak-ng")
    p.arguments = ["-v", voice, "-s", String(rate), "-w", path, text]
    try p.run(); p.waitUntilExit()
    guard p.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
    return try AudioFileReader(path: path).readAll()
}
