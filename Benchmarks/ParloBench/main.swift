import Foundation
import Parlo

/// Micro-benchmarks behind `make bench` that need no reference tool: decoder start-up.
///
/// Prints one JSON object per measurement. Start-up is measured two ways: a cold decoder
/// (acoustic model + dictionary + grammar) and a warm grammar load into an existing decoder.
func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let t = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - t) / 1e6
}

func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }

PocketSphinxLog.setVerbose(false)
let args = CommandLine.arguments.dropFirst()
let grammarPath = args.first ?? "audio-fixtures/basic/commands.gram"
let model = try AcousticModel.locate()
let grammar = try JSGFGrammar(String(contentsOfFile: grammarPath, encoding: .utf8))
var cold: [Double] = []
var recognizer: Recognizer?
for _ in 0..<5 { cold.append(try milliseconds { recognizer = try Recognizer(model: model, grammar: grammar) }) }
var warm: [Double] = []
for _ in 0..<5 { warm.append(try milliseconds { try recognizer!.load(grammar) }) }
let encoder = JSONLinesEncoder()
struct Measure: Encodable { var name: String; var ms: Double; var firstMs: Double; var runs: Int }
print(try encoder.line(Measure(name: "decoder_start_ms", ms: median(cold), firstMs: cold[0], runs: cold.count)))
print(try encoder.line(Measure(name: "grammar_switch_ms", ms: median(warm), firstMs: warm[0], runs: warm.count)))
