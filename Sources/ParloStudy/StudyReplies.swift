import ParloCatalog
import ParloSpeech

/// What the session says, in English and Italian.
///
/// Kept apart from the session logic so that the wording (which tests and the round-trip
/// recognition check) lives in one place, and a new language is one more column.
enum StudyReplies {
    typealias Text = (en: String, it: String)

    static func opening(_ subject: String, count: Int) -> Text {
        (en: "Opening \(StudyLibrary.displayName(subject, in: .en)), \(count) \(count == 1 ? "material" : "materials")",
         it: "Apro \(StudyLibrary.displayName(subject, in: .it)), \(count) \(count == 1 ? "materiale" : "materiali")")
    }
    static func noMaterials(_ subject: String) -> Text {
        (en: "There are no \(StudyLibrary.displayName(subject, in: .en)) materials",
         it: "Non ci sono materiali di \(StudyLibrary.displayName(subject, in: .it))")
    }
    static let openFirst: Text = (en: "Open a subject first, for example: open math",
                                  it: "Prima apri una materia, per esempio: apri matematica")
    static func start(_ title: String) -> Text { (en: "Let's start with \(title)", it: "Cominciamo con \(title)") }
    static func next(_ title: String) -> Text { (en: "Next: \(title)", it: "Avanti: \(title)") }
    static func previous(_ title: String) -> Text { (en: "Back to \(title)", it: "Torniamo a \(title)") }
    static func page(_ number: Int, of last: Int) -> Text { (en: "Page \(number) of \(last)", it: "Pagina \(number) di \(last)") }
    static let last: Text = (en: "This is the last material", it: "Questo è l'ultimo materiale")
    static let first: Text = (en: "This is the first material", it: "Questo è il primo materiale")
    static let didNotCatch: Text = (en: "Sorry, I didn't catch that", it: "Scusa, non ho capito")
    static let nothingToResume: Text = (en: "There is nothing to resume", it: "Non c'è niente da riprendere")
    static let nothingToRepeat: Text = (en: "There is nothing to repeat", it: "Non c'è niente da ripetere")
    static let notReading: Text = (en: "I am not reading", it: "Non sto leggendo")
    static let faster: Text = (en: "Faster", it: "Più veloce")
    static let slower: Text = (en: "Slower", it: "Più lento")
    static func mindMap(_ title: String, _ headings: [String]) -> Text {
        if headings.isEmpty { return (en: "\(title) has no sections", it: "\(title) non ha sezioni") }
        let list = headings.joined(separator: ", ")
        return (en: "Mind map of \(title): \(list).", it: "Mappa mentale, \(title): \(list).")
    }
    static func timerSet(_ minutes: Int) -> Text {
        (en: "Timer set for \(minutes) \(minutes == 1 ? "minute" : "minutes")",
         it: "Timer di \(minutes) \(minutes == 1 ? "minuto" : "minuti") avviato")
    }
    static func timerEnded(_ minutes: Int) -> Text {
        (en: "Time is up, \(minutes) \(minutes == 1 ? "minute" : "minutes") done",
         it: "Tempo scaduto, \(minutes) \(minutes == 1 ? "minuto" : "minuti") completati")
    }
    static func hello(_ name: String) -> Text { (en: "Hi, I am \(name)", it: "Ciao, sono \(name)") }
    static func help(_ examples: [String]) -> Text {
        (en: "You can say: " + examples.joined(separator: ", "), it: "Puoi dire: " + examples.joined(separator: ", "))
    }

    /// The question for an unsure command: its slot values as said back, "Ten minutes?",
    /// "Matematica?". Only the values are asked about: the command itself came through (a whole
    /// sentence rarely decodes as another command), while one number or name in it is the usual slip.
    static func askBack(_ slots: [String: SlotValue]) -> Text {
        let said = slots.keys.sorted().map { (en: spoken($0, slots[$0]!, .en), it: spoken($0, slots[$0]!, .it)) }
        func question(_ words: [String]) -> String { capitalizedFirst(words.joined(separator: ", ")) + "?" }
        return (en: question(said.map(\.en)), it: question(said.map(\.it)))
    }
    static let cancelled: Text = (en: "OK, cancelled.", it: "Va bene, annullato.")

    /// One slot value as Parlo says it: minutes with their unit, numbers in words (as the
    /// catalog's grammar has them), subjects by their display name, characters by name.
    static func spoken(_ slot: String, _ value: SlotValue, _ language: Language) -> String {
        switch value {
        case .number(let n):
            let words = n == 1 && language == .it ? "un" : NumberWords.phrases(n, in: language)?.first ?? String(n)
            guard slot == "minutes" else { return words }
            return language == .it ? "\(words) \(n == 1 ? "minuto" : "minuti")" : "\(words) \(n == 1 ? "minute" : "minutes")"
        case .text(let s):
            if slot == "subject" { return StudyLibrary.displayName(s, in: language) }
            return s
        }
    }

    static func capitalizedFirst(_ s: String) -> String { s.prefix(1).uppercased() + s.dropFirst() }

    static func pick(_ t: Text, _ language: Language) -> String { language == .it ? t.it : t.en }
}
