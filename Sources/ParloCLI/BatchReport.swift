import Foundation
import Parlo

/// The human-readable end of a batch (and of `parlo report`), at most 80 columns wide.
///
/// It leads with what a user of voice commands cares about: how often the right thing
/// happened, per language and recording condition; then rejection, transcripts, what went
/// wrong instead (confusions, slot errors) and last the speed.
struct BatchReport {
    static let width = 80
    /// Confusions listed before the rest are summed up in one line.
    static let maxConfusions = 12

    let summary: BatchSummary
    init(_ summary: BatchSummary) { self.summary = summary }

    var text: String { lines.map { Terminal.truncate($0, to: Self.width) }.joined(separator: "\n") }

    var lines: [String] {
        let s = summary
        var out: [String] = []
        if let c = s.commands {
            out.append(String(format: "Command accuracy %.1f %% (%d of %d files)", c.accuracy * 100, c.correct, c.scored))
            out.append("  right: the command and its slots, or nothing triggered by speech that is none")
            out += AccuracyTable(c).lines
            out += snrLines(c)
        }
        if let r = s.rejection {
            let (yes, no) = s.commands == nil ? ("out-of-grammar", "in-grammar") : ("non-commands", "commands")
            out.append("Rejected: \(r.outOfGrammarRejected) of \(r.outOfGrammar) \(yes), \(r.inGrammarRejected) of \(r.inGrammar) \(no)"
                       + "; accepted right: \(r.inGrammarAcceptedCorrect) of \(r.inGrammarAccepted)")
        }
        if let scored = s.scored, let acc = s.sentenceAccuracy, let wer = s.wordErrorRate {
            let right = Int((acc * Double(scored)).rounded())
            let title = s.commands == nil ? "Sentence accuracy" : "Transcripts word for word"
            out.append(String(format: "%@ %.1f %% (%d of %d); WER %.2f %% (S %d, D %d, I %d)", title, acc * 100, right, scored,
                              wer * 100, s.substitutions ?? 0, s.deletions ?? 0, s.insertions ?? 0))
            // With commands, other words for the right command are no error: list only without.
            if s.commands == nil { out += mismatchLines(s.mismatches ?? []) }
        }
        if let c = s.commands { out += confusionLines(c) }
        if s.failed > 0 { out.append("\(s.failed) file(s) could not be decoded (see the errors above)") }
        let speed = String(format: "%d files, %.1f s of audio decoded in %.1f s (%.3f × real time)", s.files, s.audioSeconds, s.decodeSeconds, s.xrt)
        let jobs = String(format: "%d jobs, %.1f s wall", s.jobs, s.wallSeconds)
        if Terminal.width(speed + ", " + jobs) <= Self.width { out.append(speed + ", " + jobs) } else { out += [speed, "  " + jobs] }
        return out
    }

    /// Command accuracy by how far each file's speech stood above its room, on one or two lines.
    private func snrLines(_ c: CommandTally) -> [String] {
        let cells = CommandTally.snrBands.compactMap { band in
            c.bySNR[band].map { "\(band == "-" ? "no room" : band) \($0.correct)/\($0.scored)" + String(format: " %.0f %%", 100 * Double($0.correct) / Double($0.scored)) }
        }
        guard cells.count > 1 else { return [] }
        var out = ["  by speech over the room:"]
        for cell in cells {
            if Terminal.width(out[out.count - 1] + "  " + cell) <= Self.width { out[out.count - 1] += "  " + cell } else { out.append("    " + cell) }
        }
        return out
    }

    private func mismatchLines(_ mismatches: [BatchSummary.AccuracyMismatch]) -> [String] {
        var out = mismatches.prefix(Self.maxConfusions).map {
            "  ✗ \(($0.file as NSString).lastPathComponent): expected \"\($0.expected)\", heard \"\($0.heard)\""
        }
        if mismatches.count > Self.maxConfusions {
            out.append("  … and \(mismatches.count - Self.maxConfusions) more (every file's result: --json)")
        }
        return out
    }

    /// Which command was triggered instead of which (`rejected`: nothing), and right commands
    /// heard with other slot values; the most frequent first.
    private func confusionLines(_ c: CommandTally) -> [String] {
        var items: [(label: String, count: Int)] = []
        for (expected, row) in c.confusion {
            for (got, n) in row where got != expected {
                items.append(("\(expected == "-" ? "(no command)" : expected) → \(got == "-" ? "rejected" : got)", n))
            }
        }
        for (expected, row) in c.slotErrors {
            for (got, n) in row { items.append(("\(expected) → \(got)", n)) }
        }
        guard !items.isEmpty else { return [] }
        items.sort { $0.count != $1.count ? $0.count > $1.count : $0.label < $1.label }
        let shown = items.prefix(Self.maxConfusions)
        let countWidth = String(shown.first!.count).count
        var out = ["Confusions (expected → triggered):"]
        out += shown.map { "  " + String(repeating: " ", count: countWidth - String($0.count).count) + "\($0.count)× \($0.label)" }
        if items.count > shown.count {
            let rest = items.dropFirst(shown.count)
            out.append("  … \(rest.count) more, \(rest.reduce(0) { $0 + $1.count }) file(s) (every file's result: --json)")
        }
        return out
    }
}

/// Command accuracy as a table: a row per recording condition (and all), a column per
/// language (and all), each cell "right/scored percent"; narrower cells, or one line per
/// cell, when that would not fit 80 columns.
struct AccuracyTable {
    let conditions: [String]
    let languages: [String]
    let cells: [String: [String: CommandTally.Count]]   // condition → language → count ("all" for totals)

    init(_ c: CommandTally) {
        var cells: [String: [String: CommandTally.Count]] = [:]
        for (condition, row) in c.byCondition {
            for (language, n) in row {
                cells[condition, default: [:]][language] = n
                cells[condition, default: [:]]["all", default: .init()] = cells[condition]!["all", default: .init()] + n
            }
        }
        cells["all"] = c.byLanguage
        cells["all", default: [:]]["all"] = .init(scored: c.scored, correct: c.correct)
        self.cells = cells
        conditions = Self.ordered(Array(c.byCondition.keys))
        languages = c.byLanguage.keys.sorted()
    }

    /// Conditions without a number first ("clean", "quiet"), then by their number, highest
    /// (cleanest) first: clean, 15 dB, 5 dB; quiet, snr20 … snr00.
    static func ordered(_ conditions: [String]) -> [String] {
        func number(_ s: String) -> Int? { Int(s.filter(\.isNumber)) }
        return conditions.sorted { a, b in
            switch (number(a), number(b)) {
            case (nil, nil): return a < b
            case (nil, _): return true
            case (_, nil): return false
            case let (x?, y?): return x != y ? x > y : a < b
            }
        }
    }

    var lines: [String] {
        // A column per language and the totals; one column when there is one language or none known.
        let columns = languages.count > 1 ? languages + ["all"] : languages.isEmpty ? ["all"] : languages
        let rows = conditions.isEmpty ? ["all"] : conditions + ["all"]
        // Nothing a table would add to the headline: one language, no conditions.
        guard columns.count > 1 || rows.count > 1 else { return [] }
        let label = min(14, max(9, rows.map(Terminal.width).max() ?? 0))
        let counts = cells.values.flatMap(\.values).map { "\($0.correct)/\($0.scored)".count }.max() ?? 3
        for showCounts in [true, false] {
            let cell = showCounts ? counts + 8 : 7
            guard 2 + label + columns.count * (cell + 3) <= BatchReport.width else { continue }
            func pad(_ s: String, _ w: Int) -> String { String(repeating: " ", count: max(0, w - Terminal.width(s))) + s }
            let header = "  " + String(repeating: " ", count: label) + columns.map { "   " + pad($0, cell) }.joined()
            let body = rows.map { row in
                "  " + Terminal.truncate(row, to: label).padding(toLength: label, withPad: " ", startingAt: 0)
                    + columns.map { "   " + pad(text(cells[row]?[$0], counts: showCounts ? counts : nil), cell) }.joined()
            }
            return [header] + body
        }
        // Too many languages for columns: a line per cell.
        return rows.flatMap { row in columns.map { "  \(row) \($0): \(text(cells[row]?[$0], counts: 0))" } }
    }

    /// "104/104 100.0 %" (counts right-aligned to `counts` columns), or "100.0 %" without them.
    private func text(_ n: CommandTally.Count?, counts: Int?) -> String {
        guard let n, n.scored > 0 else { return "–" }
        let pct = String(format: "%5.1f %%", 100 * Double(n.correct) / Double(n.scored))
        guard let counts else { return pct }
        let c = "\(n.correct)/\(n.scored)"
        return String(repeating: " ", count: max(0, counts - c.count)) + c + " " + pct
    }
}
