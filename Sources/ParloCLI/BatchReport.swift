import Foundation
import Parlo

/// The human-readable end of a batch on a terminal.
struct BatchReport {
    let summary: BatchSummary
    init(_ summary: BatchSummary) { self.summary = summary }

    var text: String {
        let s = summary
        var lines = [String(format: "%d files, %.1f s of audio decoded in %.1f s (%.3f × real time, %d jobs, %.1f s wall)",
                            s.files, s.audioSeconds, s.decodeSeconds, s.xrt, s.jobs, s.wallSeconds)]
        if s.failed > 0 { lines.append("\(s.failed) file(s) could not be decoded (see errors above)") }
        if let scored = s.scored, let acc = s.sentenceAccuracy, let wer = s.wordErrorRate {
            lines.append(String(format: "sentence accuracy %.1f %% (%d of %d)   WER %.2f %% (S %d, D %d, I %d)",
                                acc * 100, Int((acc * Double(scored)).rounded()), scored, wer * 100,
                                s.substitutions ?? 0, s.deletions ?? 0, s.insertions ?? 0))
            for m in s.mismatches ?? [] {
                lines.append("  ✗ \((m.file as NSString).lastPathComponent): expected \"\(m.expected)\", heard \"\(m.heard)\"")
            }
        }
        if let r = s.rejection {
            lines.append(String(format: "out of grammar rejected %d of %d   in grammar rejected %d of %d   accepted right %d of %d",
                                r.outOfGrammarRejected, r.outOfGrammar, r.inGrammarRejected, r.inGrammar,
                                r.inGrammarAcceptedCorrect, r.inGrammarAccepted))
        }
        if let c = s.commands {
            let langs = c.byLanguage.keys.sorted().map { l in
                let n = c.byLanguage[l]!
                return String(format: "%@ %.1f %% (%d/%d)", l, 100 * Double(n.correct) / Double(max(1, n.scored)), n.correct, n.scored)
            }.joined(separator: ", ")
            lines.append(String(format: "command accuracy %.1f %% (%d of %d; command and every slot right)  %@",
                                c.accuracy * 100, c.correct, c.scored, langs))
            lines.append(contentsOf: confusionLines(c.confusion))
        }
        return lines.joined(separator: "\n")
    }

    /// The off-diagonal cells of the confusion matrix: which command was heard as which.
    private func confusionLines(_ confusion: [String: [String: Int]]) -> [String] {
        var out: [String] = []
        for expected in confusion.keys.sorted() {
            for (got, n) in confusion[expected]!.sorted(by: { $0.key < $1.key }) where got != expected {
                out.append("  \(expected) → \(got == "-" ? "rejected" : got): \(n)")
            }
        }
        return out.isEmpty ? [] : ["confusions (expected → triggered):"] + out
    }
}
