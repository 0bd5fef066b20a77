import Foundation

/// Rejection of out-of-grammar speech: a loop of single phones placed beside the grammar.
///
/// A command grammar alone forces every utterance onto its closest command ("I need milk" →
/// "read slower"). With a phone loop as a competing path, speech that fits no command is
/// cheaper to explain as a run of phones, and the hypothesis comes back as garbage words;
/// the recognizer then reports it as rejected. `weight` and `continueWeight` tune
/// the trade-off between false accepts and false rejects.
public struct GarbageLoop: Sendable, Equatable {
    /// The 39 context-independent phones of the en-us model (CMU/ARPAbet).
    public static let phones = ["AA", "AE", "AH", "AO", "AW", "AY", "B", "CH", "D", "DH", "EH", "ER", "EY",
                                "F", "G", "HH", "IH", "IY", "JH", "K", "L", "M", "N", "NG", "OW", "OY",
                                "P", "R", "S", "SH", "T", "TH", "UH", "UW", "V", "W", "Y", "Z", "ZH"]
    /// Garbage words look like `__g_aa`: never a real word of any catalog.
    public static let prefix = "__g_"

    /// Weight of the garbage path against the grammar (JSGF alternative weight, 0…1).
    public var weight: Double
    /// Weight of staying in the loop for one more phone (JSGF `*` repetition is unweighted, so the
    /// loop is written as a right-recursive rule with this weight on continuing).
    public var continueWeight: Double

    public init(weight: Double = 0.001, continueWeight: Double = 0.5) {
        self.weight = weight; self.continueWeight = continueWeight
    }

    public static func isGarbage(_ word: String) -> Bool { word.hasPrefix(prefix) }

    /// `grammar` with its public rules made private and offered beside the phone loop, and the
    /// pronunciations of the loop's words.
    public func wrap(_ grammar: JSGFGrammar) throws -> (JSGFGrammar, PronunciationDictionary) {
        var text = grammar.text
        var publicRules: [String] = []
        let pattern = try NSRegularExpression(pattern: #"public\s+<([^>]+)>"#)
        for m in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).reversed() {
            let name = String(text[Range(m.range(at: 1), in: text)!])
            publicRules.insert(name, at: 0)
            text.replaceSubrange(Range(m.range, in: text)!, with: "<\(name)>")
        }
        guard !publicRules.isEmpty else { throw RecognizerError(.badGrammar, "the grammar has no public rule") }
        let commands = publicRules.map { "<\($0)>" }.joined(separator: " | ")
        let phoneWords = Self.phones.map { Self.prefix + $0.lowercased() }.joined(separator: " | ")
        // sphinxbase's JSGF lexer reads plain decimals only ("1e-5" is not a weight to it).
        func w(_ x: Double) -> String { String(format: "%.12f", x) }
        text += """

        public <__parlo_utterance> = /\(w(1 - weight))/ (\(commands)) | /\(w(weight))/ <__parlo_garbage>;
        <__parlo_garbage> = /\(w(1 - continueWeight))/ <__parlo_phone> | /\(w(continueWeight))/ <__parlo_phone> <__parlo_garbage>;
        <__parlo_phone> = \(phoneWords);

        """
        var dict = PronunciationDictionary()
        for p in Self.phones { dict.add(Self.prefix + p.lowercased(), p) }
        return (try JSGFGrammar(text), dict)
    }
}
