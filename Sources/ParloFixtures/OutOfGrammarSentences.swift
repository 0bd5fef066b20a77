import ParloCatalog

/// Everyday sentences a student might say near the microphone that are no command.
///
/// Some are near-misses that share words with commands ("open the window", "apri la finestra",
/// "what time is it", "che ore sono"): a recognizer that rejects only unrelated speech fails them.
/// The same lists serve every catalog; languages without a list get no out-of-grammar fixtures.
public enum OutOfGrammarSentences {
    public static let english = [
        "open the window", "what time is it", "the weather is nice today", "I had pasta for lunch",
        "where did you put my keys", "my brother plays football", "this homework is really hard",
        "can you call my mother", "the train leaves at noon", "I like green apples",
        "turn off the lights in the kitchen", "how old is the teacher", "we went to the beach last summer",
        "please buy some milk", "the cat is sleeping on the sofa", "tomorrow it will rain",
        "close the door please", "I forgot my pencil case", "can I go to the bathroom", "read the newspaper later",
    ]

    public static let italian = [
        "apri la finestra", "che ore sono", "oggi fa molto caldo", "ho mangiato la pizza a pranzo",
        "dove hai messo le chiavi", "mio fratello gioca a calcio", "questo compito è difficile",
        "chiama la mamma", "il treno parte a mezzogiorno", "mi piacciono le mele verdi",
        "spegni la luce in cucina", "quanti anni ha la maestra", "siamo andati al mare", "compra il latte",
        "il gatto dorme sul divano", "domani pioverà", "chiudi la porta per favore", "ho dimenticato l'astuccio",
        "posso andare in bagno", "leggo il giornale più tardi",
    ]

    /// The list for `language`, empty when there is none.
    public static func sentences(in language: Language) -> [String] {
        switch language {
        case .english: return english
        case .italian: return italian
        default: return []
        }
    }
}
