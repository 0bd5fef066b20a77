import ParloCatalog
import ParloRecognizer

/// Decoys: common words of the speaker's language, offered to the search beside the commands.
///
/// Through the en-us model, a person's one word that is no command ("golf", "p", "today") fits
/// the grammar's closest command ("go on", "repeat", "say again") as well as their own command
/// does, and no score separates them (docs/recognizer-measurements.md, "Decoys"). A decoy
/// gives such a word something closer to be heard as: eSpeak NG's "we", heard as "wait" with a
/// confidence of 0.94, is heard as the decoy "we", and the result is rejected. A decoy that
/// sounds like a command would take the command itself (eSpeak's "pause" came back as "both"),
/// so decoys within a broad-class phone distance of `decoyDistance` of a sentence of the
/// catalog are left out, and so is a decoy eSpeak NG cannot give en-us phones (it is optional).
extension CatalogCompiler {
    /// Decoys closer than this to a sentence, in edits of broad phone classes over the longer
    /// length, are left out: the same classes, or one edit in six phones or more. Chosen on DEV
    /// from 0 (the same classes only), 0.2 and 0.34 (one edit in three phones): 0.34 left 52 of
    /// the 223 English decoys and let 44 of DEV's 100 English single words fire against 30;
    /// 0 and 0.2 measured alike (docs/recognizer-measurements.md, "Decoys").
    public static let decoyDistance = 0.2
    /// Sentences of each command and language compared with the decoys, the first this many:
    /// the bound on a large catalog's cost (the bundled one has 1,188 sentences in all).
    static let decoySentencesPerEntry = 400

    /// A decoy offered: its grammar spelling, as the list spells it, and its language.
    typealias DecoyCandidate = (word: String, spelled: String, language: Language)

    /// The decoys of `languages` in `catalog`, each spelled as the grammar spells words, once,
    /// and not a grammar word.
    func decoyCandidates(_ catalog: Catalog, languages: Set<Language>, grammarWords: Set<String>) -> [DecoyCandidate] {
        var candidates: [DecoyCandidate] = []
        var seen = grammarWords
        for language in languages.sorted() {
            for spelled in catalog.decoys[language] ?? [] {
                let word = Spelling.grammarWord(spelled)
                if seen.insert(word).inserted { candidates.append((word, spelled, language)) }
            }
        }
        return candidates
    }

    /// `candidates` with their pronunciations (cmudict's from `english` for English words, else
    /// eSpeak NG's), less those close to a sentence of `compiled`.
    func decoys(_ candidates: [DecoyCandidate], english: PronunciationDictionary, catalog: Catalog,
                compiled: CompiledCatalog) -> PronunciationDictionary {
        let sentences = sentenceClasses(compiled)
        var out = PronunciationDictionary()
        for c in candidates {
            let phones: [[String]]
            if c.language == .english, let cmu = english[c.word] {
                phones = cmu.map { $0.split(separator: " ").map(String.init) }
            } else {
                phones = ((try? espeak(c.spelled, grammarWord: c.word, language: c.language, catalog: catalog)) ?? []).map(\.phones)
            }
            let close = phones.isEmpty || phones.contains { p in
                let classes = Self.broadClasses(p)
                return sentences.contains { Self.distance(classes, $0) < Self.decoyDistance }
            }
            if !close { for p in phones { out.add(c.word, p.joined(separator: " ")) } }
        }
        logger.debug("decoys", metadata: ["offered": "\(candidates.count)", "kept": "\(out.entries.count)"])
        return out
    }

    /// Every sentence's phones (each word's first pronunciation in the sentence's language) as
    /// broad classes, distinct.
    func sentenceClasses(_ compiled: CompiledCatalog) -> [[UInt8]] {
        var seen = Set<[UInt8]>()
        for entry in compiled.graph.entries {
            for s in compiled.graph.sentences(of: entry, limit: Self.decoySentencesPerEntry) {
                seen.insert(Self.broadClasses(s.words.flatMap { compiled.phones(of: $0, language: s.language) }))
            }
        }
        return Array(seen)
    }

    /// en-us phones as five broad classes (vowel, stop, fricative or affricate, nasal, liquid or
    /// glide): the confusions the model makes across voices keep the class ("pause" / "both").
    static func broadClasses(_ phones: [String]) -> [UInt8] {
        phones.map { p in
            switch p {
            case "B", "D", "G", "P", "T", "K": 1
            case "F", "V", "TH", "DH", "S", "Z", "SH", "ZH", "HH", "CH", "JH": 2
            case "M", "N", "NG": 3
            case "L", "R", "W", "Y": 4
            default: 0
            }
        }
    }

    /// Edit distance over the longer length (0…1).
    static func distance(_ a: [UInt8], _ b: [UInt8]) -> Double {
        let longest = max(a.count, b.count)
        guard longest > 0 else { return 0 }
        guard Double(abs(a.count - b.count)) / Double(longest) < decoyDistance else { return 1 }
        var prev: [Int] = [], row: [Int] = []
        return Double(CatalogReport.levenshtein(a, b, &prev, &row)) / Double(longest)
    }
}
