import Foundation

/// hassil's ranges with `fractions`: "set the temperature to 21.5" is a sentence of Home
/// Assistant's intents, so a range with halves or tenths also takes every "N point D".
extension HassilLoader {
    /// The word between a number and its tenths, per language ("twenty one point five").
    static let decimalWord: [Language: String] = [.english: "point", .italian: "virgola"]

    /// Adds a list `L#tenths` of the decimals of each range `L` with `fractions` (values
    /// "21.5", spoken "twenty one point five" / "ventuno virgola cinque"), and returns the
    /// rewrite of template text that lets every `{L}` / `{L:slot}` be either: the whole numbers
    /// stay one number arc, the decimals are a list like any other. The value is reported as
    /// text ("21.5"), as lists report every value; whole numbers stay numbers.
    static func fractionLists(_ c: inout Content) -> (String) -> String {
        guard let point = decimalWord[c.language] else { return { $0 } }
        var names: [String] = []
        for (name, list) in c.lists.sorted(by: { $0.key < $1.key }) {
            guard let (from, to, step) = list.range, !list.fractions.isEmpty else { continue }
            var decimals = ListDefinition()
            for n in stride(from: max(0, from), through: min(999, to), by: step) {
                for whole in NumberWords.phrases(n, in: c.language) ?? [] {
                    for d in list.fractions {
                        guard let digit = NumberWords.phrases(d, in: c.language)?.first else { continue }
                        decimals.values.append(("\(whole) \(point) \(digit)", .text("\(n).\(d)")))
                    }
                }
            }
            c.lists["\(name)#tenths"] = decimals
            names.append(name)
        }
        guard !names.isEmpty else { return { $0 } }
        let alternation = names.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|")
        // `{temperature}` or `{temperature:slot}`, never `{temperature_x}`.
        let pattern = try! NSRegularExpression(pattern: "\\{\\s*(\(alternation))\\s*(?::\\s*([^}]*?))?\\s*\\}")
        return { text in
            let range = NSRange(text.startIndex..., in: text)
            var out = "", last = text.startIndex
            for m in pattern.matches(in: text, range: range) {
                let list = String(text[Range(m.range(at: 1), in: text)!])
                let slot = Range(m.range(at: 2), in: text).map { String(text[$0]) } ?? list
                let whole = Range(m.range, in: text)!
                out += text[last..<whole.lowerBound] + "({\(list):\(slot)}|{\(list)#tenths:\(slot)})"
                last = whole.upperBound
            }
            return out + text[last...]
        }
    }
}
