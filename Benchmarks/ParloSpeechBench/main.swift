import Foundation
import ParloSpeech

/// Speech output benchmarks: `swift run -c release ParloSpeechBench` (used by `make bench`).
///
/// 1. first audio of a one-sentence reply after `enqueue` (ms), 2. read-aloud of a 100-page
/// text: first audio after `run` (ms), 3. synthesis speed against `espeak-ng -w` on one text.

/// A sink that discards audio but notes when the first samples arrive. `instant`: heard at
/// once (like a file); otherwise its clock never moves, so the queue stops at its look-ahead.
// @unchecked Sendable: as every SpeechSink, only the SpeechQueue actor calls it, one call at a time; the bench reads `firstWrite` after the queue has finished.
final class FirstWriteSink: SpeechSink, @unchecked Sendable {
    let sampleRate = 22050
    let instant: Bool
    init(instant: Bool = true) { self.instant = instant }
    var firstWrite: UInt64?
    var frames = 0
    func write(_ samples: [Int16]) throws {
        if firstWrite == nil, !samples.isEmpty { firstWrite = DispatchTime.now().uptimeNanoseconds }
        frames += samples.count
    }
    var playedFrames: Int { instant ? frames : 0 }
    var writtenFrames: Int { frames }
    func pause() throws {}
    func resume() throws {}
    func flush() throws {}
    func drain() throws {}
}

func ms(_ from: UInt64, _ to: UInt64) -> Double { Double(to - from) / 1e6 }
func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }
func fmt(_ x: Double) -> String { String(format: "%.1f", x) }


let eva = CharacterCatalog.defaults.characters[1]

// 1. First audio of a one-sentence reply.
var firsts: [Double] = []
for i in 0..<21 {
    let sink = FirstWriteSink()
    let queue = SpeechQueue(sink: sink, character: eva, eventBuffer: 0)
    let t0 = DispatchTime.now().uptimeNanoseconds
    _ = await queue.enqueue("The capital of Italy is Rome, and it has about three million people.")
    if i > 0, let t = sink.firstWrite { firsts.append(ms(t0, t)) }   // run 0 warms eSpeak up
}
print("first audio of a one-sentence reply: median \(fmt(median(firsts))) ms, max \(fmt(firsts.max()!)) ms (20 runs)")

// 2. Read-aloud of a 100-page text (≈ 300 words a page).
let page = (1...15).map { "Paragraph sentence number \($0) talks about the history of Rome and its people. " }.joined()
let book = (0..<100).map { "# Page \($0 + 1)\n\n" + page + "\n\n" + page + "\n" }.joined(separator: "\n")
let bookPath = NSTemporaryDirectory() + "parlo-bench-book.md"
try book.write(toFile: bookPath, atomically: true, encoding: .utf8)
do {
    let sink = FirstWriteSink(instant: false)
    let queue = SpeechQueue(sink: sink, character: eva)   // the reader consumes `events`: no buffer limit
    let reader = ReadAloud(path: bookPath, queue: queue)
    let t0 = DispatchTime.now().uptimeNanoseconds
    let task = Task.detached { try await reader.run(from: 0) { _ in } }
    while sink.firstWrite == nil { await Task.yield() }
    let first = ms(t0, sink.firstWrite!)
    await queue.stop()
    _ = try await task.value
    let words = book.split(whereSeparator: \.isWhitespace).count
    print("read-aloud of a 100-page text (\(words) words, \(book.utf8.count / 1024) KB): first audio after \(fmt(first)) ms")
}
try? FileManager.default.removeItem(atPath: bookPath)

// 3. Synthesis speed vs the espeak-ng command line on the same text.
let text = String(repeating: "The quick brown fox jumps over the lazy dog, and then it runs into the forest to find its friends. ", count: 60)
let textPath = NSTemporaryDirectory() + "parlo-bench-text.txt"
try text.write(toFile: textPath, atomically: true, encoding: .utf8)
let voice = eva.voice(for: .en)
let s0 = DispatchTime.now().uptimeNanoseconds
let speech = try Synthesizer().synthesize(text, voice: voice)
let ours = ms(s0, DispatchTime.now().uptimeNanoseconds) / 1000
let cli = Process()
cli.executableURL = URL(fileURLWithPath: "/usr/bin/espeak-ng")
cli.arguments = ["-v", voice.identifier, "-s", "\(voice.rate)", "-p", "\(voice.pitch)", "-a", "\(voice.volume)",
                 "-w", NSTemporaryDirectory() + "parlo-bench.wav", "-f", textPath]
let c0 = DispatchTime.now().uptimeNanoseconds
try cli.run()
cli.waitUntilExit()
let theirs = ms(c0, DispatchTime.now().uptimeNanoseconds) / 1000
print("synthesis of \(fmt(speech.seconds)) s of audio: Parlo \(String(format: "%.3f", ours)) s (\(Int(speech.seconds / ours))x real time), espeak-ng -w \(String(format: "%.3f", theirs)) s (\(Int(speech.seconds / theirs))x); ratio Parlo/espeak-ng speed = \(String(format: "%.2f", theirs / ours))")
try? FileManager.default.removeItem(atPath: textPath)
try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "parlo-bench.wav")
