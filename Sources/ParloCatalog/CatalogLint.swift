/// Finds what a catalog's author most likely did not mean, without refusing the catalog.
///
/// A command without sentences loads fine and can never be heard; a digit or an emoji in a
/// sentence has no spoken form the recognizer can match ("3" is not "three"). Both are silent
/// mistakes until someone wonders why a command never fires, so they are reported at load.
enum CatalogLint {
    static func warnings(_ catalog: Catalog) -> [CatalogWarning] {
        var out: [CatalogWarning] = []
        for command in catalog.commands {
            let templates = command.sentences.values.flatMap { $0 }
            if templates.isEmpty {
                out.append(CatalogWarning(command.location, "command '\(command.name)' has no sentences, so it can never be recognised — add sentences under `en:` or `it:`"))
            }
            for t in templates.sorted(by: { $0.location.line < $1.location.line }) {
                if let w = unpronounceable(t, in: "command '\(command.name)'") { out.append(w) }
            }
        }
        for slot in catalog.slots.values.sorted(by: { $0.location.line < $1.location.line }) {
            guard case .values(let values) = slot.kind else { continue }
            for v in values {
                for t in v.phrases.values.flatMap({ $0 }) {
                    if let w = unpronounceable(t, in: "slot '\(slot.name)'") { out.append(w) }
                }
            }
        }
        return out
    }

    /// A warning when `template` holds digits or emoji, naming them.
    static func unpronounceable(_ template: LocatedTemplate, in what: String) -> CatalogWarning? {
        var found: [String] = []
        for s in template.text.unicodeScalars {
            let p = s.properties
            let digit = p.numericType == .decimal
            let emoji = p.isEmojiPresentation || (p.isEmoji && s.value > 0x2000)
            if (digit || emoji) && !found.contains(String(s)) { found.append(String(s)) }
        }
        guard !found.isEmpty else { return nil }
        let list = found.map { "'\($0)'" }.joined(separator: ", ")
        return CatalogWarning(template.location, "\(what): \"\(template.text)\" contains \(list), which cannot be pronounced — write numbers as words (e.g. three) or use a {slot} with a range, and leave emoji out")
    }
}
