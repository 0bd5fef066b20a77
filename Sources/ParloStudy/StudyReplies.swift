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

    static func pick(_ t: Text, _ language: Language) -> String { language == .it ? t.it : t.en }
}
