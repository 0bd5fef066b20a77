import ArgumentParser
import Foundation
import Parlo

/// `parlo meter`: microphone levels only, as a live 8-bar line or JSON Lines.
struct MeterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "meter", abstract: "Show the input level (RMS, peak, clipping, 8 bars) every 20 ms.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var capture: CaptureOptions

    @OptionGroup var output: OutputOptions

    func run() async throws {
        let logger = global.bootstrap()
        let source: CaptureSource
        do { source = try capture.makeSource(logger: logger) } catch { throw fail(error) }
        let stream = source.start()
        let interrupt = InterruptHandler { stream.stop() }
        defer { withExtendedLifetime(interrupt) {} }
        let asJSON = output.asJSON
        let encoder = JSONLinesEncoder()
        var meter = LevelMeter()
        do {
            for try await chunk in stream {
                try meter.process(chunk.samples) { level in
                    if asJSON {
                        FileHandleOutput.stdout(try encoder.line(level) + "\n")
                    } else {
                        let clip = level.clipping ? " CLIP" : ""
                        let db = String(format: "rms %6.1f dB  peak %6.1f dB", level.rmsDB, level.peakDB)
                        FileHandleOutput.stdout("\r\u{1B}[K\(level.barText)  \(db)\(clip)")
                    }
                }
            }
        } catch { throw fail(error) }
        if !asJSON { FileHandleOutput.stdout("\n") }
    }
}
