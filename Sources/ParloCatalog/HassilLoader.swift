import Foundation
import Yams

/// Reads hassil / Home Assistant intent files (YAML, or the JSON the `home-assistant-intents`
/// package ships per language) into a `Catalog`, so a community's sentences work unchanged.
///
/// Each intent is a command; each `data:` block's sentences are its templates, its `slots:` the
/// fixed values a match carries (`domain: light`). `lists:` become slots (`values` with
/// `in`/`out`, `range`), `expansion_rules` rules, and lists the intents only name (`name`,
/// `area`, `floor`) come from a fixtures file in Home Assistant's test format
/// (`--fixtures FILE`). What Parlo cannot do yet is left out with one warning per kind rather
/// than guessed: `wildcard` lists (free text cannot be a grammar) and blocks that need the
/// satellite's own context. Ranges keep `multiplier` and `fractions` (`HassilLoader+Ranges`).
public enum HassilLoader {
    /// Whether `text` is hassil's format: a top-level `intents:` mapping (a Parlo catalog has `commands:`).
    public static func isHassil(_ text: String) -> Bool {
        guard let node = (try? Yams.compose(yaml: text)) ?? nil, let map = node.mapping else { return false }
        return map["intents"] != nil || (map["commands"] == nil && (map["lists"] != nil || map["expansion_rules"] != nil))
    }

    /// A list Parlo reads: values (in → out), or a number range.
    struct ListDefinition {
        var values: [(in: String, out: SlotValue)] = []
        var range: (Int, Int, Int)?
        var wildcard = false
        /// Tenths a range also takes (`fractions: halves` → [5], `tenths` → 1…9).
        var fractions: [Int] = []
        /// hassil's `multiplier`; nil when it is not a whole number (left out).
        var multiplier: Int? = 1
    }

    /// Merged content of every file: intents in file order, lists, rules and skip words.
    struct Content {
        var language = Language.english
        var intents: [(name: String, blocks: [Node])] = []
        var lists: [String: ListDefinition] = [:]
        var rules: [String: String] = [:]
        var skipWords: [String] = []
        var files: [String] = []
        /// Fixture entities: name (and aliases) with the domain their id starts with.
        var entities: [(names: [String], domain: String)] = []
    }

    /// The `name` list limited by a block's `requires_context` / `excludes_context` on `domain`
    /// (hassil checks them against the matched entity); nil when the block needs a context
    /// nothing here supplies (`area: {slot: true}`: the satellite's own area).
    static func nameList(_ block: Node.Mapping, _ c: Content) -> (key: String, list: ListDefinition)? {
        func domains(_ node: Node?) -> [String]? {
            guard let node else { return nil }
            if let s = node.string { return [s] }
            return node.sequence?.compactMap(\.string)
        }
        var required: [String]?, excluded: [String] = []
        for (k, v) in block["requires_context"]?.mapping ?? [:] {
            guard k.string == "domain", let d = domains(v) else { return nil }
            required = d
        }
        for (k, v) in block["excludes_context"]?.mapping ?? [:] where k.string == "domain" { excluded += domains(v) ?? [] }
        var list = ListDefinition()
        for e in c.entities where (required?.contains(e.domain) ?? true) && !excluded.contains(e.domain) {
            for n in e.names { list.values.append((n, .text(e.names[0]))) }
        }
        let key = "name@" + ((required ?? []).joined(separator: "+")) + (excluded.isEmpty ? "" : "-" + excluded.joined(separator: "+"))
        return (key, list)
    }

    /// Loads `paths` (YAML or JSON files, `_common.yaml` among them) with entity lists from `fixtures`.
    public static func load(paths: [String], fixtures: String? = nil) throws -> Catalog {
        var content = Content()
        for path in paths.sorted() {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CatalogError(.unreadable, SourceLocation(file: path, line: 0), "cannot read \(path)")
            }
            try read(String(decoding: data, as: UTF8.self), file: path, into: &content)
        }
        if let fixtures {
            guard let data = FileManager.default.contents(atPath: fixtures) else {
                throw CatalogError(.unreadable, SourceLocation(file: fixtures, line: 0), "cannot read fixtures file \(fixtures) (--fixtures)")
            }
            try readFixtures(String(decoding: data, as: UTF8.self), file: fixtures, into: &content)
        }
        return try catalog(content)
    }

    static func read(_ text: String, file: String, into c: inout Content) throws {
        let root: Node?
        do { root = try Yams.compose(yaml: text) } catch {
            throw CatalogError(.yamlSyntax, SourceLocation(file: file, line: 0), "not YAML or JSON: \(CatalogLoader.oneLineDescription(error))")
        }
        guard let map = root?.mapping else { return }
        c.files.append(file)
        if let l = map["language"]?.string { c.language = Language(l.split(separator: "-").first.map(String.init) ?? l) }
        for (name, body) in map["intents"]?.mapping ?? [:] {
            let blocks = body.mapping?["data"]?.sequence.map(Array.init) ?? []
            if let k = c.intents.firstIndex(where: { $0.name == name.string }) { c.intents[k].blocks += blocks }
            else { c.intents.append((name.string ?? "?", blocks)) }
        }
        for (name, body) in map["lists"]?.mapping ?? [:] { c.lists[name.string ?? "?"] = try list(body, file: file) }
        for (name, body) in map["expansion_rules"]?.mapping ?? [:] { c.rules[name.string ?? "?"] = body.string ?? "" }
        for w in map["skip_words"]?.sequence ?? [] { if let s = w.string { c.skipWords.append(s) } }
    }

    /// hassil's inline range, `{N..M:slot}` or `{N..M,STEP:slot}`: the list part of the reference.
    static func inlineRange(_ name: String) -> ListDefinition? {
        let parts = name.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count <= 2, let dots = parts[0].range(of: ".."),
              let from = Int(parts[0][..<dots.lowerBound]), let to = Int(parts[0][dots.upperBound...]) else { return nil }
        let step = parts.count == 2 ? Int(parts[1]) : 1
        guard let step, step > 0 else { return nil }
        var out = ListDefinition()
        out.range = (from, to, step)
        return out
    }

    static func list(_ node: Node, file: String) throws -> ListDefinition {
        var out = ListDefinition()
        guard let m = node.mapping else { return out }
        if let r = m["range"]?.mapping {
            let from = Int(r["from"]?.string ?? "") ?? 0, to = Int(r["to"]?.string ?? "") ?? 0
            out.range = (from, to, max(1, Int(r["step"]?.string ?? "") ?? 1))
            switch r["fractions"]?.string {
            case "halves": out.fractions = [5]
            case "tenths": out.fractions = Array(1...9)
            default: break
            }
            if let m = r["multiplier"] { out.multiplier = m.int ?? Double(m.string ?? "").flatMap { $0 == $0.rounded() ? Int($0) : nil } }
        }
        if m["wildcard"]?.bool == true { out.wildcard = true }
        for v in m["values"]?.sequence ?? [] {
            if let s = v.string { out.values.append((s, .text(s))); continue }
            guard let vm = v.mapping, let input = vm["in"]?.string else { continue }
            let o = vm["out"]
            let value: SlotValue = o?.int.map(SlotValue.number) ?? .text(o?.string ?? input)
            out.values.append((input, value))
        }
        return out
    }

    /// Home Assistant's test fixtures: `areas`, `floors`, `entities` give the `area`, `floor` and `name` lists.
    static func readFixtures(_ text: String, file: String, into c: inout Content) throws {
        let root: Node?
        do { root = try Yams.compose(yaml: text) } catch {
            throw CatalogError(.yamlSyntax, SourceLocation(file: file, line: 0), "fixtures are not YAML: \(CatalogLoader.oneLineDescription(error))")
        }
        guard let map = root?.mapping else {
            throw CatalogError(.badStructure, SourceLocation(file: file, line: 0), "fixtures must be a mapping with `entities:`, `areas:` or `floors:`")
        }
        for (section, listName) in [("entities", "name"), ("areas", "area"), ("floors", "floor")] {
            var def = c.lists[listName] ?? ListDefinition()
            for item in map[section]?.sequence ?? [] {
                guard let name = item.mapping?["name"]?.string else { continue }
                var names = [name]
                def.values.append((name, .text(name)))
                for alias in item.mapping?["aliases"]?.sequence ?? [] {
                    if let a = alias.string { def.values.append((a, .text(name))); names.append(a) }
                }
                if section == "entities" {
                    let id = item.mapping?["id"]?.string ?? ""
                    c.entities.append((names, String(id.split(separator: ".").first ?? "")))
                }
            }
            if !def.values.isEmpty { c.lists[listName] = def }
        }
    }

    static func catalog(_ c: Content) throws -> Catalog {
        var c = c
        let withFractions = fractionLists(&c)
        var catalog = Catalog()
        catalog.files = c.files
        let file = c.files.first ?? "intents"
        let at = SourceLocation(file: file, line: 0)
        var dropped: [String: Int] = [:]
        func parse(_ text: String, _ location: SourceLocation) -> LocatedTemplate? {
            guard let t = try? HassilTemplate.parse(text), !HassilTemplate.isEmpty(t) else { dropped["unreadable templates", default: 0] += 1; return nil }
            return LocatedTemplate(text: text, template: t, location: location)
        }
        for (name, text) in c.rules {
            let text = withFractions(text)
            if let t = parse(text, at) { catalog.rules[name] = RuleDefinition(name: name, templates: [nil: t], location: at) }
        }
        // One Parlo slot per (list, slot name): `{cover_classes:device_class}` reads cover_classes
        // and reports device_class.
        var needed: [String: String] = [:]   // parlo slot name → list name
        var derived: [String: ListDefinition] = [:]   // `name` lists limited by a block's context
        var commands: [CommandDefinition] = []
        for intent in c.intents {
            var templates: [LocatedTemplate] = []
            for block in intent.blocks {
                guard let b = block.mapping else { continue }
                let location = SourceLocation(file: file, line: block.mark?.line ?? 0)
                var lists = c.lists
                var nameRef = "name"
                if b["requires_context"] != nil || b["excludes_context"] != nil {
                    guard let (key, list) = nameList(b, c) else { dropped["blocks that require a context", default: 0] += 1; continue }
                    lists[key] = list
                    nameRef = "\(key):name"
                }
                var constants: [String: SlotValue] = [:]
                for (k, v) in b["slots"]?.mapping ?? [:] {
                    guard let key = k.string else { continue }
                    constants[key] = v.int.map(SlotValue.number) ?? v.string.map(SlotValue.text) ?? .text(v.sequence?.first?.string ?? "")
                }
                var localRules: [String: String] = [:]
                for (k, v) in b["expansion_rules"]?.mapping ?? [:] { localRules[k.string ?? "?"] = v.string ?? "" }
                for s in b["sentences"]?.sequence ?? [] {
                    guard var text = s.string.map(withFractions) else { continue }
                    if nameRef != "name" { text = text.replacingOccurrences(of: "{name}", with: "{\(nameRef)}") }
                    // Block-local rules are written out in place (hassil scopes them to the block).
                    for (k, v) in localRules { text = text.replacingOccurrences(of: "<\(k)>", with: "(\(v))") }
                    guard var t = parse(text, location) else { continue }
                    var refs = Set<String>(), missing = false
                    collectLists(t.template, rules: catalog.rules, into: &refs)
                    for ref in refs {
                        let listName = ref.split(separator: ":").first.map(String.init) ?? ref
                        if lists[listName] == nil, let inline = inlineRange(listName) { lists[listName] = inline }
                        guard let list = lists[listName], !list.values.isEmpty || list.range != nil || list.wildcard else { missing = true; dropped["templates naming a list nobody fills (give --fixtures for name, area, floor)", default: 0] += 1; break }
                        if list.wildcard { missing = true; dropped["templates with wildcard lists", default: 0] += 1; break }
                        if list.multiplier == nil { missing = true; dropped["templates with a range whose multiplier is not a whole number", default: 0] += 1; break }
                        if let r = list.range, r.0 > 999 {
                            missing = true; dropped["templates with numbers above 999 (NumberWords)", default: 0] += 1; break
                        }
                        needed[ref] = listName
                        if c.lists[listName] == nil { derived[listName] = list }
                    }
                    if missing { continue }
                    t.constants = constants
                    templates.append(t)
                }
            }
            if !templates.isEmpty {
                commands.append(CommandDefinition(name: intent.name, sentences: [c.language: templates], location: at))
            }
        }
        for (slotName, listName) in needed {
            let list = c.lists[listName] ?? derived[listName]!
            if let (from, to, step) = list.range {
                catalog.slots[slotName] = SlotDefinition(name: slotName, kind: .range(from: max(0, from), to: min(999, max(max(0, from), to)), step: step),
                                                         location: at, multiplier: list.multiplier ?? 1)
            } else {
                var values: [SlotDefinition.Value] = []
                var byOut: [SlotValue: Int] = [:]
                for v in list.values {
                    guard let t = parse(v.in, at) else { continue }
                    if let k = byOut[v.out] { values[k].phrases[nil, default: []].append(t); continue }
                    byOut[v.out] = values.count
                    values.append(SlotDefinition.Value(canonical: v.out.description, phrases: [nil: [t]]))
                }
                catalog.slots[slotName] = SlotDefinition(name: slotName, kind: .values(values), location: at)
            }
        }
        catalog.commands = commands
        catalog.skipWords = c.skipWords
        catalog.hassilMatching = true
        for (what, n) in dropped.sorted(by: { $0.key < $1.key }) {
            catalog.warnings.append(CatalogWarning(at, "left out \(n) \(what): Parlo cannot read them yet (docs/catalogs.md)"))
        }
        guard !catalog.commands.isEmpty else {
            throw CatalogError(.badStructure, at, "no intent with sentences Parlo can read in \(c.files.joined(separator: ", "))")
        }
        return catalog
    }

    /// Lists a template uses, through rules.
    static func collectLists(_ t: Template, rules: [String: RuleDefinition], into out: inout Set<String>, depth: Int = 0) {
        guard depth < 20 else { return }
        for s in t.slotNames { out.insert(s) }
        for r in t.ruleNames { if let rt = rules[r]?.templates[nil] { collectLists(rt.template, rules: rules, into: &out, depth: depth + 1) } }
    }
}
