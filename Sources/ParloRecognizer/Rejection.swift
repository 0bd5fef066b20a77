import Foundation

/// How a `Recognizer` refuses speech that is no command of its grammar.
///
/// A grammar search alone always returns the closest sentence: "turn off the lights" comes
/// back as "open italian". Three checks on the one decoding pass (no second decoder, no
/// allphone pass) turn such results into `rejected` ones:
///
/// 1. **Natural rejection**: speech the grammar cannot follow to its end gives no hypothesis
///    (about a third of out-of-grammar sentences).
/// 2. **Acoustic fit** (`minimumScorePerFrame`, `minimumWordScorePerFrame`): PocketSphinx
///    scores each frame against the best state still active in the search, so speech forced
///    onto a command scores low per frame, on average or in one word.
/// 3. **Coverage** (`maximumUncoveredSpeech`): the commonest false accept is a sentence that
///    contains a command-like word ("leggi questa pagina" → "repeat", "read me a bedtime story"
///    → "read slower"), the rest explained as silence. `FrameEnergy` keeps the loudness below
///    1 kHz (where words have their vowels) of each 10 ms frame; loud frames in runs of 0.1 s or
///    more that no word covers are missed speech. A dish ringing after a command is not.
/// 4. **A vowel** (`minimumVoicedWord`): the other way round, a result none of whose words lies
///    over sound that is loud below 1 kHz, and half as loud there as above, is no speech: a clink of
///    cutlery in a quiet room or a chop in a kitchen came back as "pause" or "help" with a good
///    score per frame.
///
/// The floors' margin (0…1) is the lowest of a logistic curve on each check's margin: exactly
/// 0.5 at a threshold, so the floors reject below 0.5. `Recognition.confidence` is that margin,
/// or with a `calibration` the probability that the result is right (what `.catalog` and
/// `.live` report); `Recognition.evidence` holds the raw measures.
///
/// The measurements behind `.default`, `.catalog` and the optional garbage loop are in
/// docs/recognizer-measurements.md.
public struct Rejection: Sendable, Equatable {
    /// An optional loop of garbage words beside the grammar (see `GarbageGraph`): speech that
    /// fits no command can run through it, and then the result is rejected.
    public struct Loop: Sendable, Equatable {
        /// What the loop is made of.
        public enum Units: Sendable, Equatable {
            /// One-phone words (en-us ARPAbet). Each costs search time: the decoder expands a
            /// one-phone word over every left and right neighbour.
            case phones([String])
            /// A twin of every word of the grammar, with its pronunciations: any sequence of
            /// the grammar's own words. A command is cheaper through the grammar (the loop
            /// pays `unitProbability` per word), while speech that is no command, or command
            /// words in an order no command has, is explained word by word in the loop. The
            /// words fit Italian speech as badly as the commands do (same pronunciations), so
            /// unlike a loop of phones or of common English words it does not swallow Italian
            /// commands through the en-us model.
            case grammarWords
        }
        public var units: Units
        /// Probability of each unit of the loop, applied like a grammar transition
        /// (`log(p) × lw`). Higher rejects more.
        public var unitProbability: Double
        /// Probability of entering the loop (once per utterance).
        public var entryProbability: Double
        /// Probability of each of the grammar's decoys (`JSGFGrammar.decoys`) as a whole
        /// utterance: what makes a lone word that is no command ("golf", "we") heard as itself.
        /// Session 39 started at 2e-4 (what one of about 200 decoys got as one more command of
        /// the bundled catalog's 20); it took a short command said less than clearly (a quiet
        /// "stop" heard as "solo"), so session 40 chose 2e-5 on DEV (docs/recognizer-measurements.md, "Decoys").
        public var decoyProbability = 2e-5
        /// Probability of each decoy as a word of the loop. At the grammar words' `unitProbability`
        /// (1e-4, session 39) seven decoys in a row ("qui italia keep want only all ti") explained
        /// a clean "metti un timer di quattro minuti" better than the command did; 1e-6 leaves
        /// such runs too dear while still explaining a sentence that is no command, which the
        /// loop of grammar words alone explains badly (DEV: 1e-4, 1e-5, 1e-6 and 1e-7 measured).
        public var decoyUnitProbability = 1e-6
        /// Added to a result's scores per frame (`RejectionEvidence.shiftScores(by:)`) when the
        /// grammar has decoys. PocketSphinx scores each frame against the best state still
        /// active; the decoys are more states, often closer to the sound than any command, so a
        /// command's scores fall (on DEV by a median 2.55 per frame with the decoys at 1e-6),
        /// and the floors and the confidence, measured without decoys, would read it too
        /// harshly. The non-commands the grammar still explained fell by 2.95: the part of
        /// their fall beyond the shift is kept.
        public var decoyScoreShift = 2.5

        public init(units: Units, unitProbability: Double, entryProbability: Double = 1) {
            self.units = units; self.unitProbability = unitProbability; self.entryProbability = entryProbability
        }

        /// A loop of `phones`, each with probability `probability`.
        public static func phones(_ phones: [String] = Rejection.loopPhones, probability: Double) -> Loop {
            Loop(units: .phones(phones), unitProbability: probability)
        }

        /// A loop of the grammar's words, each with probability `probability`.
        public static func grammarWords(probability: Double) -> Loop {
            Loop(units: .grammarWords, unitProbability: probability)
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

    /// The garbage loop beside the grammar, or nil for none (then only the checks below reject).
    public var loop: Loop?
    /// Results whose mean acoustic score per frame is below this are rejected.
    public var minimumScorePerFrame: Double
    /// The same floor for results of at most `shortUtteranceWords` words. One or two short
    /// words score lower per frame even when right (few frames, mostly transitions; Italian
    /// words through the en-us model worst: "aiuto" −54, "pausa" −55), while speech forced onto
    /// a command is long and keeps the stricter floor.
    public var minimumShortScorePerFrame: Double
    /// How many words make a result short (see `minimumShortScorePerFrame`).
    public static let shortUtteranceWords = 2
    /// PocketSphinx beams while rejecting (nil: its defaults, 1e-48 / 7e-29; `.catalog` widens them). Each frame's score
    /// is relative to the best state still active, so the more alternatives the search keeps,
    /// the closer the per-frame score comes to a ratio against the best the model can do, and
    /// the better it tells a forced fit from a real one. Measured on the catalog (clean and
    /// 15 dB, thresholds re-swept per beam): 1e-48 → 78 of 100 non-commands rejected (with the
    /// English set) and 1 right command lost; 1e-70 → 84 and 2, and the wider search also
    /// finds more right commands (Italian 96 → 102 of 102 before rejection); +45 % decode time.
    public var beam: Double?

    /// Decoder options the beam implies (the caller's own options win).
    public var searchOptions: [String: String] {
        guard let beam else { return [:] }
        return ["-beam": "\(beam)", "-pbeam": "\(beam)", "-wbeam": "\(beam * 1e20)"]
    }
    /// Results with a word scoring below this per frame are rejected.
    public var minimumWordScorePerFrame: Double
    /// Results leaving more than this share of the loud frames uncovered by words are rejected.
    public var maximumUncoveredSpeech: Double
    /// Frames of an uncovered run right after the last word, or right before the first, that
    /// `maximumUncoveredSpeech` does not count when the result has two words or more. A real
    /// voice's last nasal or breath ("again", "waiting": 0.12–0.16 s, 14–16 dB under the loudest
    /// frame) and a room's reverberant tail go on below 1 kHz after the word the decoder has
    /// ended, which it explains as silence: Asterisk's recorded prompts said as commands lost 6
    /// of 42 quiet English commands to it, and eSpeak NG's voices, which stop dead, never showed
    /// it. A lone word keeps the whole count: one word forced onto a one-word command ("star" as
    /// "stop") leaves its own end uncovered the same way, and single words are where Parlo fires
    /// most. `.catalog` allows 10 (0.1 s, the run a miss needs anyway), where the floors decide.
    /// `.default`, whose coverage check has no garbage loop beside it, none: on its own set 10 let
    /// one more out-of-grammar sentence through. `.live` (and `.longFile`) none: there the
    /// confidence decides, fitted on the whole count, and the same real voices streamed gained no
    /// command from it, while 4 more of 1,035 non-commands fired (docs/recognizer-measurements.md,
    /// "A word's tail").
    public var wordTail = 0
    /// Results none of whose words has at least this share of its frames vocalic
    /// (`RejectionEvidence.voicedWord`) are rejected: their confidence is capped below 0.5, so the
    /// floors and any `minimumConfidence` of 0.5 or more refuse them. 0.1, one frame in ten (a vowel
    /// fills a third of a word or more), was picked from DEV's and the kitchen's results, not
    /// swept: no DEV command under it, nearly every noise-fired command at 0
    /// (docs/recognizer-measurements.md).
    public var minimumVoicedWord = 0.1
    /// When set, `Recognition.confidence` is this model's probability that the result is right;
    /// without one it is the floors' margin, which says only how far a result is from a floor.
    public var calibration: ConfidenceModel?
    /// What rejects a result. nil: the floors above (a result under any of them is rejected),
    /// while `confidence` is only reported. A value: results whose `confidence` is below it are
    /// rejected and the floors are not used; 0 keeps every result that has a hypothesis.
    ///
    /// Batch decoding keeps the floors and reports a calibrated confidence (`.catalog`): a
    /// fitted model deciding rejection lost commands on voices it was not fitted on
    /// (docs/recognizer-measurements.md), while as a reported probability it transfers.
    public var minimumConfidence: Double?
    /// With the floors deciding (`minimumConfidence` nil) and a `calibration`, a result the
    /// floors pass is still rejected when its confidence is below this: the floors let through
    /// results the calibrated model calls far more likely wrong than right, which live listening
    /// never acts on. `.catalog`'s 0.3 was DEV's best (0.5 rejected clean Italian single words,
    /// "pausa" at 0.40); on Asterisk's real voices per file it kept every right command and 47 of
    /// the 422 prompts that fired no longer do (docs/batch.md, "Rejecting speech that is not a
    /// command", session 60).
    public var minimumConfidenceBesideFloors: Double?

    public init(loop: Loop? = nil, minimumScorePerFrame: Double = -48, minimumShortScorePerFrame: Double = -56,
                minimumWordScorePerFrame: Double = -120, maximumUncoveredSpeech: Double = 0.2, beam: Double? = nil) {
        self.beam = beam
        self.minimumShortScorePerFrame = minimumShortScorePerFrame
        self.loop = loop
        self.minimumScorePerFrame = minimumScorePerFrame
        self.minimumWordScorePerFrame = minimumWordScorePerFrame
        self.maximumUncoveredSpeech = maximumUncoveredSpeech
    }

    /// The tuned setting for small grammars (see the type's documentation for how it was measured).
    public static let `default` = Rejection()

    /// The setting for a large bilingual command catalog: a wider search (`beam`), a loop of
    /// the grammar's own words at 1e-4 per word, and floors swept with that loop (scores sit
    /// lower when the loop competes: −64 per frame for long results, −72 for one or two words).
    ///
    /// Measured in docs/recognizer-measurements.md (non-commands rejected and commands lost on
    /// audio-fixtures/commands, the floors' plateau, decode time).
    /// On the small English grammar of `RejectionTests` `.default` rejects more, hence two presets.
    ///
    /// Its `confidence` is `ConfidenceModel.batch`'s probability; the floors decide, and a result
    /// they pass also needs a confidence of 0.3 (`minimumConfidenceBesideFloors`).
    public static let catalog: Rejection = {
        var r = Rejection(loop: .grammarWords(probability: 1e-4), minimumScorePerFrame: -64, minimumShortScorePerFrame: -72,
                          minimumWordScorePerFrame: -100, maximumUncoveredSpeech: 0.1, beam: 1e-70)
        r.calibration = .batch
        r.minimumConfidenceBesideFloors = 0.3
        r.wordTail = 10
        return r
    }()

    /// Live listening on a catalog: `.catalog`'s search and garbage loop, and a confidence
    /// fitted on what streamed results look like (`ConfidenceModel`, by `scripts/fit-confidence`
    /// on the development streams of audio-fixtures/eval: eSpeak NG voices, pink noise, a fan and
    /// babble, quiet to 0 dB; never the test set). Results below `minimumConfidence`, 0.5 (more
    /// likely wrong than right), are rejected. (0.56 would hold the DEV streams' non-commands
    /// firing to what they were before `NoisyRoomGate`, but `parlo listen` then rejected the
    /// bundled study recording's "prossimo", at 0.518: docs/listening.md.)
    public static let live: Rejection = {
        var r = Rejection.catalog
        r.calibration = .live
        r.minimumConfidence = 0.5
        r.wordTail = 0      // the confidence decides here, fitted on the whole count (see `wordTail`)
        return r
    }()

    /// A long file's utterances in `parlo batch`: `.live`'s search, loop and threshold, with the
    /// confidence recalibrated for utterances decoded whole (`ConfidenceModel.longFile`).
    public static let longFile: Rejection = {
        var r = Rejection.live
        r.calibration = .longFile
        return r
    }()

    /// The floors live listening used before noise suppression, speech verdicts and the
    /// calibrated confidence (`.live`): `.default`'s checks with a wider search and floors swept
    /// on streamed audio, no loop. For listeners without those stages (`StudyListener` with
    /// `room: false`): `.live`'s confidence is fitted on denoised, VAD-segmented audio, so the
    /// floors decide here; the confidence reported is `ConfidenceModel.live`'s probability on
    /// this decoder's evidence, an estimate (the floors' margin gave most accepted utterances
    /// the same 0.88), the one `parlo study` asks back on.
    public static let streamingFloors: Rejection = {
        var r = Rejection(minimumScorePerFrame: -48, minimumShortScorePerFrame: -56,
                          minimumWordScorePerFrame: -100, maximumUncoveredSpeech: 0.4, beam: 1e-60)
        r.calibration = .live
        return r
    }()
}
