extension JSGFGrammar {
    /// The most words sphinxbase's FSG compiler may be asked to lay out for one rule.
    ///
    /// `jsgf_build_fsg` copies a rule's body at every reference and the item before every `+`
    /// (`x+` is `x x*`), so nested `+` and rules that use a sub-rule several times grow
    /// exponentially, and its closure of the empty arcs `+` adds is worse than linear in that:
    /// 300 bytes of JSGF took it minutes. The bundled catalog compiles to about 600 words.
    static let maxCompiledWords = 20_000

    /// Refuses a grammar whose rules would compile to more than `maxCompiledWords` words.
    static func checkCompiledSize(_ text: String) throws {
        // Every definition of a name counts (sphinxbase keeps one of them; which does not matter here).
        var bodies: [String: [Substring]] = [:]
        for statement in stripComments(text).split(separator: ";") {
            guard let eq = statement.firstIndex(of: "="), let open = statement[..<eq].firstIndex(of: "<"),
                  let close = statement[open..<eq].firstIndex(of: ">") else { continue }
            bodies[String(statement[statement.index(after: open)..<close]), default: []].append(statement[statement.index(after: eq)...])
        }
        var known: [String: Double] = [:], visiting = Set<String>()
        /// Words rule `name` compiles to (Double: the estimate may pass any integer).
        func size(_ name: String) -> Double {
            let name = bodies[name] == nil ? String(name.split(separator: ".").last ?? "") : name
            if let s = known[name] { return s }
            // Unknown (sphinxbase will refuse it) or recursive (compiled as a loop, not copied).
            guard let definitions = bodies[name], visiting.insert(name).inserted else { return 1 }
            let s = definitions.map(size(of:)).reduce(0, +)
            visiting.remove(name)
            known[name] = s
            return s
        }
        func size(of body: Substring) -> Double {
            var groups: [Double] = [0], last = 0.0, word = false
            func add(_ item: Double) { groups[groups.count - 1] += item; last = item }
            func endWord() { if word { add(1); word = false } }
            var i = body.startIndex
            func skip(to close: Character) {
                i = body[body.index(after: i)...].firstIndex(of: close) ?? body.index(before: body.endIndex)
            }
            while i < body.endIndex {
                let c = body[i]
                switch c {
                case "<":
                    endWord()
                    let start = body.index(after: i)
                    skip(to: ">")
                    add(size(String(body[start..<max(start, i)])))
                case "/": endWord(); skip(to: "/")
                case "{": endWord(); skip(to: "}")
                case "\"": endWord(); skip(to: "\""); add(1)
                case "(", "[": endWord(); groups.append(0)
                case ")", "]":
                    endWord()
                    if groups.count > 1 { add(groups.removeLast()) }
                case "+": endWord(); groups[groups.count - 1] += last; last *= 2
                default:
                    if c.isWhitespace || c == "*" || c == "|" { endWord() } else { word = true }
                }
                i = body.index(after: i)
            }
            endWord()
            return groups.reduce(0, +)
        }
        for name in bodies.keys.sorted() where size(name) > Double(maxCompiledWords) {
            // A name may hold a line break (`<a` on one line, `b>` on the next): keep the message one line.
            let shown = name.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: "\\n")
            throw RecognizerError(.badGrammar, "rule <\(shown)> compiles to more than \(maxCompiledWords) words (each `+` and each use of a rule copies what it repeats): use fewer nested `+` and repeated rule references")
        }
    }
}
