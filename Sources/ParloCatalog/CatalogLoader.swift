import Foundation
import Yams

/// Reads catalog YAML (`slots:`, `rules:`, `commands:`) into a `Catalog`, keeping line numbers.
///
/// Yams' node API (not Codable) is used so every error can name the line it comes from.
public enum CatalogLoader {
    /// Reads every `*.yaml`/`*.yml` file of `folder` (sorted) and `pronunciations.dict` if present.
    ///
    /// A folder of hassil / Home Assistant intent files (`intents:`, or `*.json` as the
    /// `home-assistant-intents` package ships them), or one such file, is read by `HassilLoader`
    /// with the entity lists of `fixtures`.
    public static func load(folder: String, fixtures: String? = nil) throws -> Catalog {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: folder, isDirectory: &isDir) else {
            throw CatalogError(.noCatalog, SourceLocation(file: folder, line: 0), "no catalog folder \(folder)")
        }
        if !isDir.boolValue {
            guard folder.hasSuffix(".json") || folder.hasSuffix(".yaml") || folder.hasSuffix(".yml") else {
                throw CatalogError(.noCatalog, SourceLocation(file: folder, line: 0), "no catalog folder \(folder)")
            }
            return try validated(HassilLoader.load(paths: [folder], fixtures: fixtures))
        }
        let all = ((try? fm.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        let names = all.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }
        let json = all.filter { $0.hasSuffix(".json") }
        let hassil = !json.isEmpty || names.contains { name in
            fm.contents(atPath: (folder as NSString).appendingPathComponent(name))
                .map { HassilLoader.isHassil(String(decoding: $0, as: UTF8.self)) } ?? false
        }
        if hassil {
            let paths = (names + json).map { (folder as NSString).appendingPathComponent($0) }
            return try validated(HassilLoader.load(paths: paths, fixtures: fixtures))
        }
        if fixtures != nil {
            throw CatalogError(.badStructure, SourceLocation(file: folder, line: 0), "--fixtures gives entity lists to hassil / Home Assistant intents; \(folder) is a Parlo catalog (`commands:`)")
        }
        guard !names.isEmpty else {
            throw CatalogError(.noCatalog, SourceLocation(file: folder, line: 0), "no *.yaml catalog in \(folder)")
        }
        var catalog = Catalog()
        for name in names {
            let path = (folder as NSString).appendingPathComponent(name)
            guard let data = fm.contents(atPath: path) else {
                throw CatalogError(.unreadable, SourceLocation(file: path, line: 0), "cannot read \(path)")
            }
            try catalog.merge(parse(String(decoding: data, as: UTF8.self), file: path))
        }
        let dict = (folder as NSString).appendingPathComponent("pronunciations.dict")
        if fm.fileExists(atPath: dict) { catalog.userPronunciationsPath = dict }
        catalog.decoys = try decoys(in: folder, files: all)
        // Empty files load as empty catalogs; with no command at all nothing could ever match.
        guard !catalog.commands.isEmpty else {
            throw CatalogError(.badStructure, SourceLocation(file: folder, line: 0), "no commands in \(names.joined(separator: ", ")) (empty files?)")
        }
        try catalog.validate()
        return catalog
    }

    /// The words of each `decoys-LANG.txt` in `files` (one or more per line, `#` starts a comment).
    static func decoys(in folder: String, files: [String]) throws -> [Language: [String]] {
        var out: [Language: [String]] = [:]
        for name in files where name.hasPrefix("decoys-") && name.hasSuffix(".txt") {
            let path = (folder as NSString).appendingPathComponent(name)
            let code = String(name.dropFirst("decoys-".count).dropLast(".txt".count))
            guard let language = Language(code: code) else {
                throw CatalogError(.badStructure, SourceLocation(file: path, line: 0),
                                   "\(name) names no supported language: use decoys-\(Language.supported.map(\.rawValue).joined(separator: ".txt or decoys-")).txt")
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CatalogError(.unreadable, SourceLocation(file: path, line: 0), "cannot read \(path)")
            }
            out[language] = String(decoding: data, as: UTF8.self).split(separator: "\n").flatMap {
                $0.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0].split(whereSeparator: \.isWhitespace).map(String.init)
            }
        }
        return out
    }

    static func validated(_ catalog: Catalog) throws -> Catalog {
        try catalog.validate()
        return catalog
    }

    /// Parses one YAML document; references to slots/rules are checked by `Catalog.validate()`.
    public static func parse(_ yaml: String, file: String) throws -> Catalog {
        let root: Node?
        do { root = try Yams.compose(yaml: yaml) } catch let error as YamlError {
            throw syntaxError(error, yaml: yaml, file: file)
        }
        var catalog = Catalog()
        catalog.files = [file]
        guard let root else { return catalog }
        let reader = NodeReader(file: file)
        guard let top = root.mapping else { throw reader.error(root, "the file must be a mapping with `commands:`") }
        for (key, value) in top {
            switch key.string ?? "" {
            case "commands": catalog.commands = try reader.commands(value)
            case "slots": for s in try reader.slots(value) { catalog.slots[s.name] = s }
            case "rules": for r in try reader.rules(value) { catalog.rules[r.name] = r }
            case "language", "languages", "version", "description": break
            default: throw reader.error(key, "unknown section '\(key.string ?? "?")' (expected commands, slots, rules)")
            }
        }
        catalog.warnings = CatalogLint.warnings(catalog)
        return catalog
    }

    static func syntaxError(_ error: YamlError, yaml: String, file: String) -> CatalogError {
        switch error {
        case .duplicatedKeysInMapping(let duplicates, let context):
            // Yams names the key but not where: find its second definition in the text.
            let key = duplicates.sorted().first ?? "?"
            let lines = duplicateLines(of: key, in: yaml, from: context.mark.line)
            let place = lines.count >= 2 ? " (first at line \(lines[0]))" : ""
            return CatalogError(.duplicateDefinition, SourceLocation(file: file, line: lines.count >= 2 ? lines[1] : context.mark.line),
                                "'\(key)' is defined twice in the same mapping\(place)")
        case .scanner(_, let problem, let mark, let yaml), .parser(_, let problem, let mark, let yaml), .composer(_, let problem, let mark, let yaml):
            return CatalogError(.yamlSyntax, SourceLocation(file: file, line: mark.line),
                                "YAML error: \(problem) (column \(mark.column))\(bracketHint(yaml, line: mark.line))")
        default:
            return CatalogError(.yamlSyntax, SourceLocation(file: file, line: 0), "YAML error: \(oneLineDescription(error))")
        }
    }

    /// The usual cause of a YAML error in a catalog: a sentence starting with [ or { unquoted.
    static func bracketHint(_ yaml: String, line: Int) -> String {
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        for n in [line - 1, line - 2] where n >= 0 && n < lines.count {
            let t = lines[n].trimmingCharacters(in: .whitespaces)
            // "- [please] open …" or "en: {subject} …": a flow collection followed by more words.
            let startsFlow = t.hasPrefix("- [") || t.hasPrefix("- {") || t.contains(": [") || t.contains(": {")
            let textAfterClose = t.contains("] ") || t.contains("} ")
            if startsFlow && textAfterClose {
                return "; a sentence that starts with [ or { must be quoted, e.g. - \"[please] open {subject}\""
            }
        }
        return ""
    }

    /// 1-based lines, from `start` on, where `key:` is written at the first indentation that has
    /// it twice (keys of one mapping share an indentation).
    static func duplicateLines(of key: String, in yaml: String, from start: Int) -> [Int] {
        var byIndent: [Int: [Int]] = [:]
        for (i, line) in yaml.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where i + 1 >= start {
            let indent = line.prefix { $0 == " " }.count
            var rest = String(line.dropFirst(indent))
            if rest.hasPrefix("- ") { continue }
            if let q = rest.first, q == "\"" || q == "'", rest.dropFirst().hasPrefix(key + String(q)) {
                rest = key + rest.dropFirst(key.count + 2)
            }
            guard rest.hasPrefix(key), rest.dropFirst(key.count).drop(while: { $0 == " " }).hasPrefix(":") else { continue }
            byIndent[indent, default: []].append(i + 1)
            if byIndent[indent]!.count == 2 { return byIndent[indent]! }
        }
        return []
    }

    static func oneLineDescription(_ e: Error) -> String {
        "\(e)".split(whereSeparator: \.isNewline).first.map(String.init) ?? "\(e)"
    }
}

/// Turns Yams nodes into catalog definitions; knows the file for error locations.
struct NodeReader {
    let file: String

    func location(_ node: Node) -> SourceLocation { SourceLocation(file: file, line: node.mark?.line ?? 0) }
    func error(_ node: Node, _ what: String, _ code: CatalogError.Code = .badStructure) -> CatalogError {
        CatalogError(code, location(node), what)
    }

    func mapping(_ node: Node, _ what: String) throws -> Node.Mapping {
        guard let m = node.mapping else { throw error(node, "\(what) must be a mapping (`name: …`)") }
        return m
    }

    /// A language key (`en:`, `it:`); any other is refused at its line, naming those supported.
    func language(_ key: Node, of what: String) throws -> Language {
        let lang = Language(key.string ?? "")
        guard Language.supported.contains(lang) else {
            throw error(key, "\(what): language '\(lang)' is not supported (Parlo speaks \(Language.supported.map(\.rawValue).joined(separator: ", ")))", .unsupportedLanguage)
        }
        return lang
    }

    /// A template string, or a list of them.
    func templates(_ node: Node, _ what: String) throws -> [LocatedTemplate] {
        let items: [Node] = node.sequence.map(Array.init) ?? [node]
        return try items.map { item in
            guard let s = item.scalar?.string else {
                throw error(item, "\(what): a sentence that starts with [ or { must be quoted, e.g. \"[please] open {subject}\"")
            }
            return LocatedTemplate(text: s, template: try Template.parse(s, at: location(item)), location: location(item))
        }
    }

    func commands(_ node: Node) throws -> [CommandDefinition] {
        var out: [CommandDefinition] = []
        for (key, value) in try mapping(node, "commands") {
            guard let name = key.string, !name.isEmpty else { throw error(key, "a command needs a name") }
            var sentences: [Language: [LocatedTemplate]] = [:]
            for (langKey, list) in try mapping(value, "command '\(name)' (languages `en:`, `it:`)") {
                let lang = try language(langKey, of: "command '\(name)'")
                sentences[lang, default: []] += try templates(list, "command '\(name)' (\(lang))")
            }
            if out.contains(where: { $0.name == name }) {
                throw error(key, "command '\(name)' is defined twice", .duplicateDefinition)
            }
            out.append(CommandDefinition(name: name, sentences: sentences, location: location(key)))
        }
        return out
    }

    func rules(_ node: Node) throws -> [RuleDefinition] {
        try mapping(node, "rules").map { key, value in
            let name = key.string ?? ""
            var templates: [Language?: LocatedTemplate] = [:]
            if let m = value.mapping {
                for (lk, lv) in m { templates[try language(lk, of: "rule <\(name)>")] = try single(lv, "rule <\(name)>") }
            } else {
                templates[nil] = try single(value, "rule <\(name)>")
            }
            return RuleDefinition(name: name, templates: templates, location: location(key))
        }
    }

    /// One template; a list is joined as alternatives.
    func single(_ node: Node, _ what: String) throws -> LocatedTemplate {
        let list = try templates(node, what)
        guard let first = list.first else { throw error(node, "\(what) is empty", .emptyAlternative) }
        if list.count == 1 { return first }
        return LocatedTemplate(text: list.map(\.text).joined(separator: " | "),
                               template: .alternatives(list.map(\.template)), location: first.location)
    }

    func slots(_ node: Node) throws -> [SlotDefinition] {
        try mapping(node, "slots").map { key, value in
            let name = key.string ?? ""
            let loc = location(key)
            let body = try mapping(value, "slot '\(name)'")
            if let range = body["range"] {
                let r = try mapping(range, "range of slot '\(name)'")
                func int(_ k: String, _ d: Int?) throws -> Int {
                    guard let n = r[k] else {
                        if let d { return d }
                        throw error(range, "range of slot '\(name)' needs `\(k):`", .badSlot)
                    }
                    guard let v = n.int else { throw error(n, "`\(k):` of slot '\(name)' must be an integer", .badSlot) }
                    return v
                }
                let from = try int("from", nil), to = try int("to", nil), step = try int("step", 1)
                guard from <= to, step > 0, from >= 0, to <= 999 else {
                    throw error(range, "range \(from)…\(to) (step \(step)) of slot '\(name)' must satisfy 0 ≤ from ≤ to ≤ 999", .badSlot)
                }
                return SlotDefinition(name: name, kind: .range(from: from, to: to, step: step), location: loc)
            }
            guard let values = body["values"]?.sequence else {
                throw error(value, "slot '\(name)' has neither `values:` (a list) nor `range:`", .badSlot)
            }
            var out: [SlotDefinition.Value] = []
            for v in values {
                if let s = v.scalar?.string {
                    out.append(.init(canonical: s, phrases: [nil: [LocatedTemplate(text: s, template: try Template.parse(s, at: location(v)), location: location(v))]]))
                    continue
                }
                let m = try mapping(v, "a value of slot '\(name)'")
                guard let canonical = m["value"]?.string else {
                    throw error(v, "a value of slot '\(name)' needs `value:` (its canonical name)", .badSlot)
                }
                var phrases: [Language?: [LocatedTemplate]] = [:]
                for (k, list) in m where k.string != "value" {
                    let lang: Language? = k.string == "words" ? nil : try language(k, of: "slot '\(name)' value '\(canonical)'")
                    phrases[lang, default: []] += try templates(list, "slot '\(name)' value '\(canonical)'")
                }
                if phrases.isEmpty {
                    phrases[nil] = [LocatedTemplate(text: canonical, template: try Template.parse(canonical, at: location(v)), location: location(v))]
                }
                out.append(.init(canonical: canonical, phrases: phrases))
            }
            guard !out.isEmpty else { throw error(value, "slot '\(name)' has no values", .badSlot) }
            return SlotDefinition(name: name, kind: .values(out), location: loc)
        }
    }
}
