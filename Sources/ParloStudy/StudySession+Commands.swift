import ParloCatalog
import ParloCommands
import ParloCore
import ParloSpeech

/// The handlers: one per catalog command, each replying in the language of the command.
extension StudySession {
    /// Runs command `name` (called by the registry's handler).
    func perform(_ name: String, _ m: MatchResult) async throws {
        emit(.command(m, source: source, speaking: isSpeaking))
        let lang = m.speechLanguage
        switch name {
        case "open_subject": await openSubject(try m.require(text: "subject"), lang)
        case "start_studying": await startStudying(lang)
        case "read_page": await readPage(lang)
        case "next", "previous": await move(name == "next" ? 1 : -1, lang)
        case "pause": await pause(lang)
        case "resume": await resume(lang)
        case "stop": await stopSpeech()
        case "repeat": await repeatLast(lang)
        case "faster", "slower": await changeRate(name == "faster", lang)
        case "show_mind_map": await mindMap(lang)
        case "set_timer": await setTimer(try m.require(int: "minutes"), lang)
        case "use_voice": try await useVoice(try m.require(text: "character"), lang)
        case "help": await sayHelp(m.language ?? .english, lang)
        default: throw StudyError(.badCommand, "no study handler for '\(name)' — add one in StudySession+Commands.swift")
        }
    }

    func openSubject(_ id: String, _ lang: SpeechLanguage) async {
        guard let s = library.subjects[id], !s.materials.isEmpty else {
            return await say(StudyReplies.noMaterials(id), lang)
        }
        if reading != nil { await stopQueue() }
        subject = id
        materialIndex = 0
        emit(StudyEvent("subject_opened", ["subject": .string(id), "folder": .string(s.folder),
                                           "materials": .strings(s.materials.map(\.title))]))
        await say(StudyReplies.opening(id, count: s.materials.count), lang)
    }

    func startStudying(_ lang: SpeechLanguage) async {
        if subject == nil, let first = library.subjectIDs.first(where: { !(library.subjects[$0]?.materials.isEmpty ?? true) }) {
            subject = first
            materialIndex = 0
            let s = library.subjects[first]!
            emit(StudyEvent("subject_opened", ["subject": .string(first), "folder": .string(s.folder),
                                               "materials": .strings(s.materials.map(\.title))]))
        }
        guard let m = currentMaterial else { return await say(StudyReplies.openFirst, lang) }
        emitMaterial(m)
        await say(StudyReplies.start(m.title), lang)
    }

    func readPage(_ lang: SpeechLanguage) async {
        guard let m = currentMaterial else { return await say(StudyReplies.openFirst, lang) }
        // The old reading's cancel event comes through the queue's task, after the new reading
        // has taken its place: report its end now, or the UI sees two starts and one end.
        if reading != nil { await stopQueue(); endReading("reading_stopped") }
        emit(StudyEvent("reading_started", ["material": .string(m.name), "title": .string(m.title),
                                            "sentences": .int(m.sentences.count), "language": .string(m.language.rawValue),
                                            "character": .string(character.name.lowercased()), "color": .string(character.colour)]))
        let id = await queue.enqueue(m.text, character: character, language: m.language, sentences: m.sentences)
        let index = materialIndex
        await track(id) { reading = Reading(id: id, material: index, total: m.sentences.count) }
    }

    /// Sentences while reading, materials otherwise.
    func move(_ step: Int, _ lang: SpeechLanguage) async {
        if reading != nil {
            if step > 0 { await queue.skip(.sentence) } else { await queue.previous() }
            emit(StudyEvent("reading_control", ["control": .string(step > 0 ? "next" : "previous")]))
            return
        }
        guard let s = subject, let list = library.subjects[s]?.materials else { return await say(StudyReplies.openFirst, lang) }
        let target = materialIndex + step
        guard list.indices.contains(target) else { return await say(step > 0 ? StudyReplies.last : StudyReplies.first, lang) }
        materialIndex = target
        emitMaterial(list[target])
        await say(step > 0 ? StudyReplies.next(list[target].title) : StudyReplies.previous(list[target].title), lang)
    }

    /// Holds what is speaking (a reading or a reply) until "resume" or "stop". With nothing
    /// speaking there is nothing to hold: pausing the idle queue would silently keep back every
    /// later reply while the gate listened for reading controls only.
    func pause(_ lang: SpeechLanguage) async {
        guard !pending.isEmpty, !paused else { return }
        await queue.pause()
        paused = true
        if let r = reading { emit(StudyEvent("reading_paused", ["sentence": .int(r.sentence + 1), "of": .int(r.total)])) }
        await updateScopes()
    }

    func resume(_ lang: SpeechLanguage) async {
        guard paused else { return await say(StudyReplies.nothingToResume, lang) }
        paused = false
        if let r = reading { emit(StudyEvent("reading_resumed", ["sentence": .int(r.sentence + 1), "of": .int(r.total)])) }
        await updateScopes()
        await queue.resume()
    }

    /// Stops whatever is speaking (reading or reply); the queue's cancel events end the reading.
    func stopSpeech() async {
        await stopQueue()
    }

    func repeatLast(_ lang: SpeechLanguage) async {
        if reading != nil {
            await queue.repeatSentence()
            emit(StudyEvent("reading_control", ["control": .string("repeat")]))
        } else if let last = lastReply {
            emit(.reply(last.text, language: last.language, character: character))
            let id = await queue.enqueue(last.text, character: character, language: last.language)
            await track(id)
        } else {
            await say(StudyReplies.nothingToRepeat, lang)
        }
    }

    func changeRate(_ faster: Bool, _ lang: SpeechLanguage) async {
        await (faster ? ReadingControl.faster : ReadingControl.slower).perform(on: queue)
        let rate = await queue.rateScale
        emit(StudyEvent("rate", ["rate": .number((rate * 1000).rounded() / 1000)]))
        if reading == nil { await say(faster ? StudyReplies.faster : StudyReplies.slower, lang) }
    }

    func mindMap(_ lang: SpeechLanguage) async {
        guard let m = currentMaterial else { return await say(StudyReplies.openFirst, lang) }
        emit(StudyEvent("mind_map", ["title": .string(m.title), "headings": .strings(m.headings)]))
        await say(StudyReplies.mindMap(m.title, m.headings), lang)
    }

    func setTimer(_ minutes: Int, _ lang: SpeechLanguage) async {
        timer = FocusTimer(deadline: clock.now() + Double(minutes) * 60, minutes: minutes, language: lang)
        emit(StudyEvent("timer_started", ["minutes": .int(minutes)]))
        await say(StudyReplies.timerSet(minutes), lang)
    }

    func useVoice(_ name: String, _ lang: SpeechLanguage) async throws {
        character = try characters.character(named: name)
        await queue.setCharacter(character)
        emit(StudyEvent("character_changed", ["character": .string(character.name.lowercased()),
                                              "color": .string(character.colour)]))
        await say(StudyReplies.hello(character.name), lang)
    }

    /// Lists what can be said right now, from the catalog sentences of the active commands.
    /// While Parlo speaks this interrupts it (otherwise the answer would wait for the reading).
    func sayHelp(_ language: Language, _ lang: SpeechLanguage) async {
        let active = Set(await registry.activeCommands)
        let examples = help.examples(for: active, in: language)
        emit(StudyEvent("help", ["commands": .strings(active.sorted()), "examples": .strings(examples)]))
        await say(StudyReplies.help(examples), lang, priority: isSpeaking ? .interrupt : .normal)
    }

    private func emitMaterial(_ m: StudyMaterial) {
        emit(StudyEvent("material", ["index": .int(materialIndex + 1), "name": .string(m.name), "title": .string(m.title),
                                     "sentences": .int(m.sentences.count)]))
    }
}
