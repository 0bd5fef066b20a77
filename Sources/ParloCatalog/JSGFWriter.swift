import Foundation

/// Writes a catalog as one JSGF grammar: a public rule choosing among every command in every
/// language, so the recognizer searches all of them in one pass.
///
/// Rule names carry the language (`<open_subject_it>`, `<slot_subject_it>`) because slot words
/// and shared rules differ per language; words are spelled with `Spelling.grammarWord`.
public struct JSGFWriter: Sendable {
    public let catalog: Catalog
    public var grammarName: String

    public init(catalog: Catalog, grammarName: String = "parlo") {
        self.catalog = catalog; self.grammarName = grammarName
    }

    /// The name of the public rule that accepts any command.
    public static let publicRule = "command"

    public func write() throws -> String {
        let expander = SentenceExpander(catalog: catalog)
        var lines = ["#JSGF V1.0;", "", "grammar \(grammarName);", ""]
        var top: [String] = []
        var pending: [(kind: String, name: String, language: Language)] = []
        var emitted = Set<String>()
        var body: [String] = []
        func reference(_ t: Template, _ language: Language) {
            for s in t.slotNames { pending.append(("slot", s, language)) }
            for r in t.ruleNames { pending.append(("rule", r, language)) }
        }
        for command in catalog.commands {
            for language in command.sentences.keys.sorted() {
                let templates = command.sentences[language] ?? []
                guard !templates.isEmpty else { continue }
                let name = Self.ruleName(command.name, language)
                top.append("<\(name)>")
                templates.forEach { reference($0.template, language) }
                body.append("<\(name)> = " + templates.map { expression($0.template, language, top: true) }.joined(separator: "\n    | ") + ";")
            }
        }
        while let (kind, name, language) = pending.popLast() {
            let ruleName = Self.ruleName("\(kind)_\(name)", language)
            guard emitted.insert(ruleName).inserted else { continue }
            var alternatives: [String] = []
            if kind == "slot", let slot = catalog.slots[name] {
                switch slot.kind {
                case .range:
                    let phrases = try expander.phrases(ofSlot: slot, in: language)
                    alternatives = phrases.map { $0.words.map(Spelling.grammarWord).joined(separator: " ") }
                case .values(let values):
                    for v in values {
                        for t in v.phrases(in: language) {
                            reference(t.template, language)
                            alternatives.append(expression(t.template, language, top: true))
                        }
                    }
                }
                if alternatives.isEmpty {
                    throw CatalogError(.badSlot, slot.location, "slot '\(name)' has no words for '\(language)'")
                }
            } else if kind == "rule", let rule = catalog.rules[name], let t = rule.template(in: language) {
                reference(t.template, language)
                alternatives = [expression(t.template, language, top: true)]
            } else {
                throw CatalogError(kind == "slot" ? .unknownSlot : .unknownRule, SourceLocation(file: catalog.files.first ?? "catalog", line: 0),
                                   "\(kind) '\(name)' has nothing for language '\(language)'")
            }
            var seen = Set<String>()
            alternatives = alternatives.filter { seen.insert($0).inserted }
            body.append("<\(ruleName)> = " + alternatives.joined(separator: " | ") + ";")
        }
        guard !top.isEmpty else {
            throw CatalogError(.badStructure, SourceLocation(file: catalog.files.first ?? "catalog", line: 0), "the catalog has no command sentences")
        }
        lines.append("public <\(Self.publicRule)> = " + top.joined(separator: " | ") + ";")
        lines.append("")
        lines += body
        return lines.joined(separator: "\n") + "\n"
    }

    /// JSGF for one template; alternatives are parenthesised unless they are the whole rule.
    func expression(_ t: Template, _ language: Language, top: Bool = false) -> String {
        switch t {
        case .word(let w): return Spelling.grammarWord(w)
        case .sequence(let items): return items.map { expression($0, language) }.joined(separator: " ")
        case .alternatives(let alts):
            let inner = alts.map { expression($0, language, top: true) }.joined(separator: " | ")
            return top ? inner : "( \(inner) )"
        case .optional(let inner): return "[ \(expression(inner, language, top: true)) ]"
        case .slot(let name): return "<\(Self.ruleName("slot_\(name)", language))>"
        case .rule(let name): return "<\(Self.ruleName("rule_\(name)", language))>"
        }
    }

    /// A JSGF-safe rule name: letters, digits and `_`, suffixed with the language.
    public static func ruleName(_ name: String, _ language: Language) -> String {
        let safe = String(name.map { $0.isLetter && $0.isASCII || $0.isNumber && $0.isASCII || $0 == "_" ? $0 : "_" })
        return "\(safe)_\(language.rawValue)"
    }
}
