import ParloCatalog
import ParloCommands
import Foundation
import Logging
import ParloESpeak
import ParloRecognizer

/// A catalog compiled for the recognizer: one grammar (JSGF, or FSG for large catalogs), its
/// dictionary, and the template graph.
public struct CompiledCatalog: Sendable {
    public var catalog: Catalog
    public var grammar: JSGFGrammar
    /// Every grammar word's pronunciations, preferred first (feed to `Recognizer`).
    public var dictionary: PronunciationDictionary
    /// Grammar word → its pronunciations with their source and language.
    public var pronunciations: [String: [PronunciationEntry]]
    /// The templates as a word graph, for the matcher and checks (never listed sentence by sentence).
    public var graph: TemplateGraph

    /// Sentences the grammar accepts (counted on the graph).
    public var sentenceCount: Double { graph.sentenceCount }

    /// The text matcher of this catalog.
    public func matcher() -> CommandMatcher { CommandMatcher(graph: graph) }

    /// The phones of `word` as spoken in `language` (the entry for that language, else the first).
    public func phones(of word: String, language: Language) -> [String] {
        let list = pronunciations[Spelling.grammarWord(word)] ?? []
        return (list.first { $0.language == language } ?? list.first)?.phones ?? []
    }

    /// The dictionary in cmudict format (`word`, `word(2)` …), sorted, for PocketSphinx tools.
    public var dictionaryText: String {
        dictionary.entries.keys.sorted().flatMap { w in
            (dictionary.entries[w] ?? []).enumerated().map { i, p in "\(i == 0 ? w : "\(w)(\(i + 1))") \(p)" }
        }.joined(separator: "\n") + "\n"
    }

    /// The grammar file's extension: `gram` (JSGF) or `fsg`.
    public var grammarExtension: String { grammar.format == .fsg ? "fsg" : "gram" }

    /// Writes `NAME.gram` (or `NAME.fsg`) and `NAME.dict` into `directory` (created if needed);
    /// returns their paths.
    @discardableResult
    public func write(to directory: String, name: String = "parlo") throws -> (grammar: String, dictionary: String) {
        let fm = FileManager.default
        try fm.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let gram = (directory as NSString).appendingPathComponent("\(name).\(grammarExtension)")
        let dict = (directory as NSString).appendingPathComponent("\(name).dict")
        try grammar.text.write(toFile: gram, atomically: true, encoding: .utf8)
        try dictionaryText.write(toFile: dict, atomically: true, encoding: .utf8)
        return (gram, dict)
    }
}

/// Compiles catalogs: JSGF from the templates, pronunciations from user file, cmudict and eSpeak NG.
///
/// English words come from cmudict; Italian words (and English words cmudict lacks) from eSpeak
/// NG's IPA mapped by `IPAPhoneMap`. A word spelled the same in two languages keeps one entry per
/// language (`mia`, `mia(2)`), so the recognizer accepts either way of saying it. Which language
/// was spoken is decided later by the matcher, from the sentence the words form.
public struct CatalogCompiler {
    public var model: AcousticModel
    public var logger: Logger
    /// Add `IPAPhoneMap` variants (second pronunciations) for eSpeak words. Off by default: on
    /// synthetic Italian it changed command accuracy by ±3 points only, and adds confusability.
    public var variants = false
    /// Add English words' pronunciations in British and Caribbean accents ("faster" as F AE S T AH
    /// and F AA S T AH too, beside cmudict's F AE S T ER), decoys' too: `EnglishAccents`.
    public var accentVariants = true

    public init(model: AcousticModel, logger: Logger = Logger(label: "parlo.catalog")) {
        self.model = model; self.logger = logger
    }

    /// Loads `folder` (grammars/ by default in the CLI) and compiles it.
    public func compile(folder: String) throws -> CompiledCatalog {
        try compile(CatalogLoader.load(folder: folder))
    }

    /// Compiles `catalog`; with `decoys`, the catalog's decoys of those languages (its
    /// `decoys-LANG.txt`) go into the grammar (`JSGFGrammar.decoys`, see `decoys(_:english:catalog:compiled:)`).
    public func compile(_ catalog: Catalog, decoys: Set<Language> = []) throws -> CompiledCatalog {
        let graph = try TemplateGraph(catalog: catalog)
        // JSGF while sphinxbase can compile it (the bundled catalog: its results stay as they
        // were); the graph itself as an FSG when JSGF's copying would blow up (Home Assistant).
        let text = try JSGFWriter(catalog: catalog).write()
        let jsgf: JSGFGrammar
        if JSGFGrammar.compilesWithinBounds(text) { jsgf = try JSGFGrammar(text) } else {
            let fsg = graph.fsg()
            jsgf = JSGFGrammar(fsg: fsg.text, words: fsg.words)
        }

        // Grammar word → languages using it, and its spelling as written (accents for eSpeak).
        var usage: [String: [Language: String]] = [:]
        for (language, words) in graph.words() {
            for w in words where usage[Spelling.grammarWord(w)]?[language] == nil {
                usage[Spelling.grammarWord(w), default: [:]][language] = w
            }
        }
        let user = try userDictionary(catalog)
        // One pass over cmudict for the grammar's words and the English decoys alike.
        let candidates = decoyCandidates(catalog, languages: decoys, grammarWords: Set(jsgf.words))
        let englishDecoys = candidates.filter { $0.language == .english }.map(\.word)
        let cmudict = try PronunciationDictionary.lookup(Set(usage.keys).union(englishDecoys), inFile: model.dictionary)
        let english = accentVariants ? EnglishAccents.adding(to: cmudict) : cmudict

        var entries: [String: [PronunciationEntry]] = [:]
        var dictionary = PronunciationDictionary()
        for word in jsgf.words {
            var list: [PronunciationEntry] = []
            if let own = user[word] {
                list = own.map { PronunciationEntry(phones: $0.split(separator: " ").map(String.init), source: .user, language: nil) }
            } else {
                for (language, spelled) in (usage[word] ?? [:]).sorted(by: { $0.key < $1.key }) {
                    if language == .english, let cmu = english[word] {
                        list += cmu.map {
                            PronunciationEntry(phones: $0.split(separator: " ").map(String.init),
                                               source: cmudict[word]?.contains($0) == true ? .cmudict : .accent, language: language)
                        }
                    } else {
                        list += try espeak(spelled, grammarWord: word, language: language, catalog: catalog)
                    }
                }
            }
            guard !list.isEmpty else {
                throw CatalogError(.noPronunciation, SourceLocation(file: catalog.files.first ?? "catalog", line: 0), "no pronunciation for '\(word)'")
            }
            entries[word] = list
            for e in list { dictionary.add(word, e.phoneString) }
        }
        logger.debug("compiled catalog", metadata: ["arcs": "\(graph.arcCount)", "words": "\(jsgf.words.count)"])
        var compiled = CompiledCatalog(catalog: catalog, grammar: jsgf, dictionary: dictionary,
                                       pronunciations: entries, graph: graph)
        if !candidates.isEmpty {
            compiled.grammar.decoys = self.decoys(candidates, english: english, catalog: catalog, compiled: compiled)
        }
        return compiled
    }

    func espeak(_ spelled: String, grammarWord: String, language: Language, catalog: Catalog) throws -> [PronunciationEntry] {
        let at = SourceLocation(file: catalog.files.first ?? "catalog", line: 0)
        let ipa: String
        do { ipa = try ESpeakEngine.shared.ipa(spelled, voice: language.espeakVoice) } catch {
            throw CatalogError(.noPronunciation, at, "eSpeak NG cannot phonemize '\(spelled)' (\(language)): \(error)")
        }
        do {
            let all = variants ? try IPAPhoneMap.pronunciations(forIPA: ipa, language: language)
                               : [try IPAPhoneMap.phones(forIPA: ipa, language: language)]
            guard all.allSatisfy({ !$0.isEmpty }) else { throw IPAMappingError(symbol: "", ipa: ipa) }
            return all.map { PronunciationEntry(phones: $0, source: .espeak(language, ipa: ipa), language: language) }
        } catch let e as IPAMappingError {
            throw CatalogError(.noPronunciation, at, "cannot map IPA /\(e.ipa)/ of '\(spelled)' (\(language)): symbol '\(e.symbol)' has no en-us phone")
        }
    }

    func userDictionary(_ catalog: Catalog) throws -> PronunciationDictionary {
        guard let path = catalog.userPronunciationsPath else { return PronunciationDictionary() }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CatalogError(.unreadable, SourceLocation(file: path, line: 0), "cannot read \(path)")
        }
        let text = String(decoding: data, as: UTF8.self)
        let dict = PronunciationDictionary.parse(text[...])
        if let bad = dict.invalidPhones().first {
            let line = text.split(separator: "\n", omittingEmptySubsequences: false)
                .firstIndex { $0.lowercased().hasPrefix(bad.word + " ") || $0.lowercased().hasPrefix(bad.word + "(") }.map { $0 + 1 } ?? 0
            throw CatalogError(.badPronunciation, SourceLocation(file: path, line: line), "'\(bad.word)' uses '\(bad.phone)', not an en-us phone")
        }
        var folded = PronunciationDictionary()
        for (w, ps) in dict.entries { for p in ps { folded.add(Spelling.grammarWord(w), p) } }
        return folded
    }
}
