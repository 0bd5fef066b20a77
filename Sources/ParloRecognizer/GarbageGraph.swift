import CPocketSphinx
import Foundation

/// Builds the finite-state graph a rejecting `Recognizer` searches: the JSGF grammar compiled
/// by sphinxbase, copied into a graph with one more state, plus a loop of garbage words (phones
/// or the grammar's own words, see `Rejection.Loop`) from the start state to the final state
/// whose costs `Rejection` sets exactly.
enum GarbageGraph {
    /// Garbage words look like `__g_aa` or `__g_open`: never a real word of any catalog.
    static let prefix = "__g_"
    static func isGarbage(_ word: String) -> Bool { word.hasPrefix(prefix) }

    /// The loop's words in the loop's own order (phones as listed, grammar words as the grammar
    /// lists them: the order the graph's arcs are added in), and their pronunciations: one word
    /// per phone, or a garbage twin of every grammar word with all of its pronunciations in
    /// `pronunciations` (a word without any is left out). The grammar's decoys follow, in their
    /// sorted order, as garbage words of their own (`decoys`: also offered as whole utterances).
    static func loop(_ loop: Rejection.Loop, grammarWords: [String], pronunciations: PronunciationDictionary,
                     decoys: PronunciationDictionary = .init()) -> (words: [String], decoys: [String], dictionary: PronunciationDictionary) {
        var entries: [(word: String, phones: [String])]
        switch loop.units {
        case .phones(let phones): entries = phones.map { (prefix + $0.lowercased(), [$0]) }
        case .grammarWords: entries = grammarWords.compactMap { w in pronunciations[w].map { (prefix + w, $0) } }
        }
        let twins = Set(entries.map(\.word))
        let decoyEntries = decoys.entries.keys.sorted().map { (word: prefix + decoyMark + $0, phones: decoys.entries[$0] ?? []) }
            .filter { !twins.contains($0.word) && !$0.phones.isEmpty }
        entries += decoyEntries
        var dictionary = PronunciationDictionary()
        for (w, ps) in entries { for p in ps { dictionary.add(w, p) } }
        return (entries.map(\.word), decoyEntries.map(\.word), dictionary)
    }

    /// Marks a decoy's garbage word (`__g_d_both`), apart from a grammar word's twin.
    static let decoyMark = "d_"

    /// `grammar` with every public rule offered at the top (sphinxbase would take just one).
    static func singleTopRule(_ grammar: JSGFGrammar) throws -> String {
        var text = grammar.text
        var names: [String] = []
        let pattern = try NSRegularExpression(pattern: #"public\s+<([^>]+)>"#)
        for m in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).reversed() {
            let name = String(text[Range(m.range(at: 1), in: text)!])
            names.insert(name, at: 0)
            text.replaceSubrange(Range(m.range, in: text)!, with: "<\(name)>")
        }
        guard !names.isEmpty else { throw RecognizerError(.badGrammar, "the grammar has no public rule") }
        return text + "\npublic <__parlo_top> = " + names.map { "<\($0)>" }.joined(separator: " | ") + ";\n"
    }

    /// sphinxbase's parse of `text` compiled to an FSG from rule `topRule` (else the first public
    /// rule); the caller frees it with `fsg_model_free`.
    static func compile(_ text: String, topRule: String?, lmath: OpaquePointer?, lw: Float) throws -> UnsafeMutablePointer<fsg_model_t> {
        guard let jsgf = jsgf_parse_string(text, nil) else {
            throw RecognizerError(.badGrammar, "PocketSphinx could not parse the grammar")
        }
        defer { jsgf_grammar_free(jsgf) }
        let top = topRule.flatMap { jsgf_get_rule(jsgf, "<\(String(cString: jsgf_grammar_name(jsgf))).\($0)>") }
        guard let rule = top ?? jsgf_get_public_rule(jsgf) else {
            throw RecognizerError(.badGrammar, "the grammar has no public rule")
        }
        guard let fsg = jsgf_build_fsg(jsgf, rule, lmath, lw) else {
            throw RecognizerError(.badGrammar, "PocketSphinx could not compile the grammar")
        }
        return fsg
    }

    /// sphinxbase's reading of an FSG text (`JSGFGrammar.Format.fsg`), as `pocketsphinx_batch
    /// -fsg` reads the file: `fsg_model_read` also closes the null transitions transitively, which
    /// the search needs. The caller frees it with `fsg_model_free`.
    static func read(fsg text: String, lmath: OpaquePointer?, lw: Float) throws -> UnsafeMutablePointer<fsg_model_t> {
        var bytes = Array(text.utf8)
        let fsg = bytes.withUnsafeMutableBytes { buffer -> UnsafeMutablePointer<fsg_model_t>? in
            guard let file = fmemopen(buffer.baseAddress, buffer.count, "r") else { return nil }
            defer { fclose(file) }
            return fsg_model_read(file, lmath, lw)
        }
        guard let fsg else { throw RecognizerError(.badGrammar, "PocketSphinx could not read the finite-state grammar") }
        return fsg
    }

    /// `grammar` as sphinxbase's FSG: read as written, or compiled from JSGF with every public
    /// rule at the top. The caller frees it with `fsg_model_free`.
    static func commands(_ grammar: JSGFGrammar, lmath: OpaquePointer?, lw: Float) throws -> UnsafeMutablePointer<fsg_model_t> {
        switch grammar.format {
        case .fsg: return try read(fsg: grammar.text, lmath: lmath, lw: lw)
        case .jsgf: return try compile(singleTopRule(grammar), topRule: "__parlo_top", lmath: lmath, lw: lw)
        }
    }

    /// A new FSG (caller frees it with `fsg_model_free`) for `grammar` with the garbage loop of
    /// its words and its decoys (`loop(_:grammarWords:pronunciations:decoys:)`), and the loop's
    /// words with their pronunciations, which the decoder must know before it searches the graph.
    static func build(_ grammar: JSGFGrammar, loop rejection: Rejection.Loop, pronunciations: PronunciationDictionary,
                      decoder: OpaquePointer, name: String) throws -> (fsg: UnsafeMutablePointer<fsg_model_t>, words: [String], dictionary: PronunciationDictionary) {
        let garbage = loop(rejection, grammarWords: grammar.words, pronunciations: pronunciations, decoys: grammar.decoys)
        let fsg = try build(grammar, loop: rejection, words: garbage.words, decoys: garbage.decoys, decoder: decoder, name: name)
        return (fsg, garbage.words, garbage.dictionary)
    }

    /// The graph of `build(_:loop:pronunciations:decoder:name:)`: `loopWords` in the loop, and
    /// `decoys` (some of them) also as whole utterances.
    private static func build(_ grammar: JSGFGrammar, loop rejection: Rejection.Loop, words loopWords: [String],
                              decoys: [String], decoder: OpaquePointer, name: String) throws -> UnsafeMutablePointer<fsg_model_t> {
        let lmath = ps_get_logmath(decoder)
        let lw = Float(parlo_ps_language_weight(decoder))
        let commands = try commands(grammar, lmath: lmath, lw: lw)
        defer { fsg_model_free(commands) }
        let n = commands.pointee.n_state
        let loop = n                                     // the one extra state
        guard let fsg = fsg_model_init(name, lmath, lw, n + 1) else {
            throw RecognizerError(.badGrammar, "PocketSphinx could not build the rejection graph")
        }
        fsg.pointee.start_state = commands.pointee.start_state
        fsg.pointee.final_state = commands.pointee.final_state
        // Copy every arc (null arcs are already closed transitively by jsgf_build_fsg).
        for state in 0..<n {
            var it = fsg_model_arcs(commands, state)
            while let i = it, let link = fsg_arciter_get(i) {
                let l = link.pointee
                if l.wid < 0 {
                    _ = fsg_model_null_trans_add(fsg, l.from_state, l.to_state, l.logs2prob)
                } else {
                    let wid = fsg_model_word_add(fsg, commands.pointee.vocab[Int(l.wid)])
                    fsg_model_trans_add(fsg, l.from_state, l.to_state, l.logs2prob, wid)
                }
                it = fsg_arciter_next(i)
            }
        }
        func cost(_ p: Double) -> Int32 { Int32(clamping: Int(Double(logmath_log(lmath, max(p, 1e-300))) * Double(lw))) }
        let unit = cost(rejection.unitProbability), entry = cost(rejection.entryProbability)
        let start = fsg.pointee.start_state, final = fsg.pointee.final_state
        let decoyUnit = cost(rejection.decoyUnitProbability), isDecoy = Set(decoys)
        for word in loopWords {
            let u = isDecoy.contains(word) ? decoyUnit : unit
            let wid = fsg_model_word_add(fsg, word)
            fsg_model_trans_add(fsg, start, loop, entry &+ u, wid)
            fsg_model_trans_add(fsg, loop, loop, u, wid)
            fsg_model_trans_add(fsg, loop, final, u, wid)
        }
        let decoy = cost(rejection.decoyProbability)
        for word in decoys { fsg_model_trans_add(fsg, start, final, decoy, fsg_model_word_add(fsg, word)) }
        return fsg
    }
}
