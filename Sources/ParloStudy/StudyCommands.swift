import ParloCommands
import ParloCore

/// A study command with its slots typed, run by the session in the language it was said in.
///
/// One struct per catalog command: the registry dispatches a `MatchResult` to the handler
/// registered for its command, which builds the struct (a missing slot is a `SlotError`) and
/// runs it — no second match, no switch over command names.
protocol StudyCommand: VoiceCommand {
    func run(on session: StudySession, replyingIn lang: Language) async throws
}

/// A command without slots: its name and what it does.
protocol SlotlessStudyCommand: StudyCommand { init() }

extension SlotlessStudyCommand {
    init(_ m: MatchResult) { self.init() }
}

extension StudySession {
    /// Every command the session knows, with the scope it belongs to.
    static let handlers: [any StudyCommand.Type] = [
        OpenSubject.self, StartStudying.self, ReadPage.self, Next.self, Previous.self, Pause.self, Resume.self,
        Stop.self, Repeat.self, Faster.self, Slower.self, ShowMindMap.self, SetTimer.self, UseVoice.self, Help.self,
    ]

    struct OpenSubject: StudyCommand {
        static let name = "open_subject"
        let subject: String
        init(_ m: MatchResult) throws { subject = try m.require(text: "subject") }
        func run(on s: StudySession, replyingIn lang: Language) async { await s.openSubject(subject, lang) }
    }
    struct StartStudying: SlotlessStudyCommand {
        static let name = "start_studying"
        func run(on s: StudySession, replyingIn lang: Language) async { await s.startStudying(lang) }
    }
    struct ReadPage: SlotlessStudyCommand {
        static let name = "read_page"
        func run(on s: StudySession, replyingIn lang: Language) async { await s.readPage(lang) }
    }
    struct Next: SlotlessStudyCommand {
        static let name = "next"
        func run(on s: StudySession, replyingIn lang: Language) async { await s.move(1, lang) }
    }
    struct Previous: SlotlessStudyCommand {
        static let name = "previous"
        func run(on s: StudySession, replyingIn lang: Language) async { await s.move(-1, lang) }
    }
    struct Pause: SlotlessStudyCommand {
        static let name = "pause"
        func run(on s: StudySession, replyingIn lang: Language) async { await s.pause(lang) }
    }
    struct Resume: SlotlessStudyCommand {
        static let name = "resume"
        func run(on s: StudySession, replyingIn lang: Language) async { await s.resume(lang) }
    }
    struct Stop: SlotlessStudyCommand {
        static let name = "stop"
        func run(on s: StudySession, replyingIn lang: Language) async { await s.stopSpeech() }
    }
    struct Repeat: SlotlessStudyCommand {
        static let name = "repeat"
        func run(on s: StudySession, replyingIn lang: Language) async { await s.repeatLast(lang) }
    }
    struct Faster: SlotlessStudyCommand {
        static let name = "faster"
        func run(on s: StudySession, replyingIn lang: Language) async { await s.changeRate(true, lang) }
    }
    struct Slower: SlotlessStudyCommand {
        static let name = "slower"
        func run(on s: StudySession, replyingIn lang: Language) async { await s.changeRate(false, lang) }
    }
    struct ShowMindMap: SlotlessStudyCommand {
        static let name = "show_mind_map"
        func run(on s: StudySession, replyingIn lang: Language) async { await s.mindMap(lang) }
    }
    struct SetTimer: StudyCommand {
        static let name = "set_timer"
        let minutes: Int
        init(_ m: MatchResult) throws { minutes = try m.require(int: "minutes") }
        func run(on s: StudySession, replyingIn lang: Language) async { await s.setTimer(minutes, lang) }
    }
    struct UseVoice: StudyCommand {
        static let name = "use_voice"
        let character: String
        init(_ m: MatchResult) throws { character = try m.require(text: "character") }
        func run(on s: StudySession, replyingIn lang: Language) async throws { try await s.useVoice(character, lang) }
    }
    /// Help lists the examples of the language it was asked in.
    struct Help: StudyCommand {
        static let name = "help"
        let language: Language
        init(_ m: MatchResult) { language = m.language ?? .english }
        func run(on s: StudySession, replyingIn lang: Language) async { await s.sayHelp(language, lang) }
    }
}
