import Foundation

@_exported import ParloCore

/// English or Italian, word by word: a naive Bayes model over words whose statistics come from
/// Debian's word lists and man pages (`LanguageModel+Statistics.swift`, made by
/// scripts/make-text-sets; docs/reading-text.md has the sets and the numbers).
///
/// A word's likelihood in a language mixes its frequency in running text (function words: "the",
/// "della") with a character trigram model of the language's word list, which knows words never
/// seen in running text ("Sommario", "Introduction"); the words of one list only that these
/// leave unsure ("dicembre", "Lussemburgo") are kept whole and count as evidence of membership. Each word's log-likelihood ratio is clipped,
/// and more tightly towards English: Italian notes borrow English words ("directory", "file",
/// "link"), English text rarely borrows Italian ones, so one loanword must not outvote the rest.
/// Words in capitals (acronyms, code) are ignored when the text has any other word.
public struct LanguageModel: Sendable {
    /// Per-language statistics, parsed once.
    struct Tables: Sendable {
        /// log P(c | h1 h2) for every pair of preceding symbols, at `(h1 * n + h2) * n + c`:
        /// the interpolated trigram model computed once, so scoring a letter is one lookup.
        var logTrigram: [Double] = []
        var words: [String: Int] = [:]
        var wordTotal = 0
        /// Words of this language's word list only that the rest of the model leaves unsure.
        var hard: Set<String> = []
    }

    /// Largest evidence one word gives for English / for Italian (log-likelihood ratio, nats).
    public static let englishClip = 2.5
    public static let italianClip = 6.0
    /// Share of each word's probability given to the character model (the rest: frequency).
    static let characterShare = 0.5
    /// Pseudo-count with which each order backs off to the next shorter history.
    static let backoff = 1.0
    /// Evidence a text needs to be English rather than Italian: Italian notes name English
    /// things ("Icona Windows", "Busta Postfix"), English notes rarely Italian ones (tuned on
    /// the development sets).
    static let italianPrior = 0.8
    /// Evidence added for a hard word of one language.
    static let membership = 4.0
    static let alphabet = 60.0

    let en: Tables
    let it: Tables
    /// Symbol numbers of the letters in the statistics; 0 is any other character, 1 is `^`
    /// (before a word), 2 is `$` (after it).
    let symbols: [Unicode.Scalar: Int]

    /// The model built into Parlo (parsed on first use).
    public static let shared = LanguageModel(statistics: statistics)

    init(statistics: String) {
        var grams: [String: [(Array<Unicode.Scalar>, Int)]] = [:]
        var tables: [String: Tables] = [:]
        var symbols: [Unicode.Scalar: Int] = ["^": 1, "$": 2]
        var current = ""
        for line in statistics.split(separator: "\n") {
            if line.hasPrefix("#") { current = String(line.dropFirst()); continue }
            if line.hasPrefix("h ") {
                tables[current, default: Tables()].hard.formUnion(line.dropFirst(2).split(separator: " ").map(String.init))
                continue
            }
            let fields = line.split(separator: " ")
            guard fields.count == 3, let count = Int(fields[2]) else { continue }
            if fields[0] == "g" {
                let scalars = Array(fields[1].unicodeScalars)
                for c in scalars where symbols[c] == nil { symbols[c] = symbols.count + 1 }
                grams[current, default: []].append((scalars, count))
            } else {
                tables[current, default: Tables()].words[String(fields[1])] = count
                tables[current, default: Tables()].wordTotal += count
            }
        }
        self.symbols = symbols
        let n = symbols.count + 1
        for (language, list) in grams {
            tables[language, default: Tables()].logTrigram = Self.trigramTable(list.map { ($0.0.map { symbols[$0]! }, $0.1) }, symbols: n)
        }
        en = tables["en"] ?? Tables()
        it = tables["it"] ?? Tables()
    }

    /// The interpolated trigram model as a table: counts of every order are summed from the
    /// trigrams, and each order backs off to the next shorter history with weight `backoff`.
    static func trigramTable(_ trigrams: [([Int], Int)], symbols n: Int) -> [Double] {
        var c1 = [Double](repeating: 0, count: n), c2 = [Double](repeating: 0, count: n * n)
        var c3 = [Double](repeating: 0, count: n * n * n)
        for (g, count) in trigrams where g.count == 3 {
            let v = Double(count)
            c1[g[2]] += v
            c2[g[1] * n + g[2]] += v
            c3[(g[0] * n + g[1]) * n + g[2]] += v
        }
        var h2 = [Double](repeating: 0, count: n), h3 = [Double](repeating: 0, count: n * n)
        for a in 0..<n { for c in 0..<n { h2[a] += c2[a * n + c] } }
        for ab in 0..<(n * n) { for c in 0..<n { h3[ab] += c3[ab * n + c] } }
        let total = c1.reduce(0, +)
        var table = [Double](repeating: 0, count: n * n * n)
        for a in 0..<n {
            for b in 0..<n {
                for c in 0..<n {
                    var p = 1 / alphabet
                    p = (c1[c] + backoff * p) / (total + backoff)
                    p = (c2[b * n + c] + backoff * p) / (h2[b] + backoff)
                    p = (c3[(a * n + b) * n + c] + backoff * p) / (h3[a * n + b] + backoff)
                    table[(a * n + b) * n + c] = log(p)
                }
            }
        }
        return table
    }

    /// Evidence that `text` is English rather than Italian: positive for English, negative for
    /// Italian, near 0 when the text says nothing (numbers, names, a lone loanword).
    public func evidence(_ text: Substring) -> Double {
        let words = Self.words(text)
        let useCapitals = words.allSatisfy(\.capitals)
        var sum = 0.0
        for w in words where useCapitals || !w.capitals {
            for token in w.tokens {
                sum += evidence(word: token)
            }
        }
        return sum - Self.italianPrior
    }

    public func evidence(_ text: String) -> Double { evidence(text[...]) }

    /// One lower-case token's clipped evidence.
    func evidence(word token: String) -> Double {
        var d = logProbability(token, en) - logProbability(token, it)
        if en.hard.contains(token) { d += Self.membership } else if it.hard.contains(token) { d -= Self.membership }
        return min(Self.englishClip, max(-Self.italianClip, d))
    }

    /// Whether `word` (lower-case) is among the frequent words of either language.
    public func isCommon(_ word: String) -> Bool { en.words[word] != nil || it.words[word] != nil }

    func logProbability(_ word: String, _ t: Tables) -> Double {
        let characters = characterLogProbability(word, t) + log(Self.characterShare)
        guard let c = t.words[word], t.wordTotal > 0 else { return characters }
        let frequency = log((1 - Self.characterShare) * Double(c) / Double(t.wordTotal))
        let top = max(frequency, characters)
        return top + log(exp(frequency - top) + exp(characters - top))
    }

    func characterLogProbability(_ word: String, _ t: Tables) -> Double {
        let n = symbols.count + 1
        var a = 1, b = 1                      // "^^" before the word
        var sum = 0.0
        for scalar in word.unicodeScalars {
            let c = symbols[scalar] ?? 0
            sum += t.logTrigram[(a * n + b) * n + c]
            a = b; b = c
        }
        return sum + t.logTrigram[(a * n + b) * n + 2]
    }

    /// A word of the text: its lower-case tokens (an elision split after its apostrophe:
    /// "dell'impero" → "dell'", "impero") and whether it was written in capitals ("ACL").
    struct Word { var tokens: [String]; var capitals: Bool }

    static func words(_ text: Substring) -> [Word] {
        var result: [Word] = []
        var current = ""
        func flush() {
            guard !current.isEmpty else { return }
            let letters = current.filter(\.isLetter)
            let capitals = letters.count >= 2 && letters.allSatisfy { $0.isUppercase }
            var tokens: [String] = []
            var part = ""
            for c in current.lowercased() {
                part.append(c)
                if c == "'" { tokens.append(part); part = "" }
            }
            if !part.isEmpty { tokens.append(part) }
            result.append(Word(tokens: tokens, capitals: capitals))
            current = ""
        }
        var i = text.startIndex
        while i < text.endIndex {
            var c = text[i]
            if c == "’" { c = "'" }
            if c.isLetter && !c.isNumber {
                // A capital after a small letter starts a new word: glued names ("CtrlAltCanc",
                // "UsingSymbolsFiles") are judged by their parts.
                if c.isUppercase, current.last?.isLowercase == true { flush() }
                current.append(c)
            } else if c == "'" && !current.isEmpty && current.last != "'" {
                // An apostrophe inside or right after a word belongs to it ("l'", "po'").
                current.append(c)
            } else {
                flush()
            }
            i = text.index(after: i)
        }
        flush()
        return result
    }
}
