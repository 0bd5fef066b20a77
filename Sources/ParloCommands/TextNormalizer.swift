import ParloCatalog

/// Turns typed text or a recognizer hypothesis into the tokens the matcher compares.
///
/// Catalog sentences go through the same function, so both sides agree on every rule:
/// case and accents folded (più → piu), punctuation dropped, Italian elisions split and
/// articles dropped (l'inglese → inglese), articulated prepositions reduced (alla → a),
/// politeness and filler words skipped (please, per favore), number words read as digits
/// ("twenty five", "venticinque", "25" → 25), decimals as one token ("21.5", "21,5",
/// "twenty one point five", "ventuno virgola cinque" → 21.5).
public struct TextNormalizer: Sendable {
    /// Words dropped everywhere: articles in both languages.
    public var articles: Set<String> = ["the", "a", "an", "il", "lo", "la", "l", "i", "gli", "le"]
    /// Words and two-word phrases that never change a command.
    public var skipWords: Set<String> = ["please", "pls", "perfavore", "grazie", "thanks", "ok", "okay",
                                          "hey", "um", "uh", "ehm", "eh", "parlo"]
    public var skipPhrases: Set<[String]> = [["per", "favore"], ["per", "piacere"], ["thank", "you"]]
    /// Articulated prepositions → the bare preposition (alla, allo, ai … → a).
    public var prepositions: [String: String] = {
        var m: [String: String] = [:]
        for (base, forms) in [("a", ["al", "allo", "alla", "ai", "agli", "alle", "all"]),
                              ("di", ["del", "dello", "della", "dei", "degli", "delle", "dell", "d"]),
                              ("da", ["dal", "dallo", "dalla", "dai", "dagli", "dalle", "dall"]),
                              ("in", ["nel", "nello", "nella", "nei", "negli", "nelle", "nell"]),
                              ("su", ["sul", "sullo", "sulla", "sui", "sugli", "sulle", "sull"])] {
            for f in forms { m[f] = base }
        }
        return m
    }()
    /// Words before an apostrophe that are Italian elisions (l'inglese, dell'anno, un'ora).
    public var elisions: Set<String> = ["l", "un", "dell", "all", "dall", "nell", "sull", "d", "c", "quest", "quell", "s", "m", "t", "v", "n"]
    let numbers: [String: Int]
    /// Whether `skipPhrases` has three-word phrases (a catalog's, e.g. "i'd like to").
    var longSkips = false

    /// Adds skip words and phrases (one to three words each, written as people type them).
    public mutating func skip(_ phrases: [String]) {
        for p in phrases {
            var words: [String] = []
            var copy = self
            copy.skipWords = []; copy.skipPhrases = []; copy.articles = []
            words = copy.tokens(p)
            switch words.count {
            case 1: skipWords.insert(words[0])
            case 2: skipPhrases.insert(words)
            case 3: skipPhrases.insert(words); longSkips = true
            default: break
            }
        }
    }
    /// Words between a number and its tenths.
    static let decimalWords: Set<String> = ["point", "virgola"]
    /// Words that make the number after them negative.
    static let minusWords: Set<String> = ["minus", "meno"]

    /// Built once per process: every matcher (one per catalog load) shares the same table.
    /// Italian "una" (feminine: "una ora") is read as 1 like "un" and "uno"; grammars still
    /// speak NumberWords' forms, so a decoded sentence never holds it.
    static let numberWords = NumberWords.wordValues().merging(["una": 1]) { known, _ in known }

    public init() { numbers = Self.numberWords }

    /// The normalised tokens of `text`; with `skipping` false the skip words and phrases stay
    /// (see `textTokens`).
    public func tokens(_ text: String, skipping: Bool = true) -> [String] {
        var raw: [String] = []
        raw.reserveCapacity(8)
        var current = String.UnicodeScalarView()
        func flush() {
            guard !current.isEmpty else { return }
            var w = String(current)
            current = String.UnicodeScalarView()
            if w == "-" { return }
            while w.hasPrefix("'") { w.removeFirst() }
            while w.hasSuffix("'") { w.removeLast() }
            if w.isEmpty { return }
            if let apostrophe = w.firstIndex(of: "'") {
                let head = String(w[..<apostrophe])
                if elisions.contains(head) {
                    raw.append(head)
                    let rest = String(w[w.index(after: apostrophe)...])
                    if !rest.isEmpty { raw.append(rest) }
                    return
                }
            }
            raw.append(w)
        }
        let scalars = Array(text.unicodeScalars)
        for (k, s) in scalars.enumerated() {
            let v = s.value
            // "21.5", "21,5": one decimal token, as "twenty one point five" reads (see `reduce`).
            if v == 46 || v == 44, !current.isEmpty, current.allSatisfy({ (48...57).contains($0.value) }), k + 1 < scalars.count,
               (48...57).contains(scalars[k + 1].value) { current.append("."); continue }
            // A '-' opening a word is a sign only when a digit follows ("-5"), else a separator.
            if current.count == 1, current.first == "-", !(v >= 48 && v <= 57) { current = String.UnicodeScalarView() }
            if v == 45 && current.isEmpty { current.append(s); continue }
            if (v >= 97 && v <= 122) || (v >= 48 && v <= 57) { current.append(s) }
            else if v >= 65 && v <= 90 { current.append(Unicode.Scalar(v + 32)!) }
            else if v == 39 { current.append(s) }
            else if v < 128 { flush() }
            else if let folded = Spelling.fold[s] { current.append(folded) }
            else if s.properties.isAlphabetic { for l in s.properties.lowercaseMapping.unicodeScalars { current.append(l) } }
            else { flush() }
        }
        flush()
        return reduce(raw, skipping: skipping)
    }

    /// The tokens of a whole text the matcher compares: a text of nothing but skip words keeps
    /// them ("thank you", "ok", "grazie"). A catalog may make such a sentence a command
    /// (`TokenGraph` gives such words an arc of themselves beside the skipping one), and skipped to no
    /// tokens it could never match: a real voice's "thank you", decoded right, came back "no
    /// words". Within a longer text they are skipped as ever ("open math, thank you").
    public func textTokens(_ text: String) -> [String] {
        let tokens = self.tokens(text)
        return tokens.isEmpty ? self.tokens(text, skipping: false) : tokens
    }

    /// Skip phrases (unless not `skipping`), numbers, prepositions and articles, in that order.
    func reduce(_ raw: [String], skipping: Bool) -> [String] {
        var out: [String] = []
        out.reserveCapacity(raw.count)
        var i = 0
        while i < raw.count {
            let w = raw[i]
            if skipping {
                if i + 2 < raw.count, longSkips, skipPhrases.contains([w, raw[i + 1], raw[i + 2]]) { i += 3; continue }
                if i + 1 < raw.count, skipPhrases.contains([w, raw[i + 1]]) { i += 2; continue }
                if skipWords.contains(w) { i += 1; continue }
            }
            // "minus five", "meno cinque": the same negative number as "-5", never a positive one.
            if Self.minusWords.contains(w), i + 1 < raw.count, let (value, used) = readNumber(raw, at: i + 1) {
                out.append(String(-value)); i += 1 + used; continue
            }
            if let (value, used) = readNumber(raw, at: i) {
                // "twenty one point five", "ventuno virgola cinque": the decimal token "21.5".
                if i + used + 1 < raw.count, Self.decimalWords.contains(raw[i + used]),
                   let (digit, one) = readNumber(raw, at: i + used + 1), one == 1, (0...9).contains(digit) {
                    out.append("\(value).\(digit)"); i += used + 2; continue
                }
                out.append(String(value)); i += used; continue
            }
            let t = prepositions[w] ?? w
            if !articles.contains(t) { out.append(t) }
            i += 1
        }
        return out
    }

    /// A number written in digits or words starting at `i`: value and tokens used.
    func readNumber(_ t: [String], at i: Int) -> (Int, Int)? {
        let w = t[i]
        if let first = w.utf8.first, first >= 48, first <= 57 {
            return Int(w).map { ($0, 1) }
        }
        guard var value = numbers[w] else { return nil }
        var used = 1
        func next(_ k: Int) -> Int? { i + k < t.count ? numbers[t[i + k]] : nil }
        // "one hundred [and] five"
        if value >= 1, value <= 9, i + 1 < t.count, t[i + 1] == "hundred" {
            value *= 100; used = 2
            if i + used < t.count, t[i + used] == "and", next(used + 1) != nil { used += 1 }
            if let rest = next(used), rest < 100 {
                value += rest; used += 1
                if rest >= 20, rest % 10 == 0, let u = next(used), u >= 1, u <= 9 { value += u; used += 1 }
            }
            return (value, used)
        }
        // "twenty five", "venti cinque"
        if value >= 20, value < 100, value % 10 == 0, let u = next(1), u >= 1, u <= 9 { value += u; used = 2 }
        return (value, used)
    }
}
