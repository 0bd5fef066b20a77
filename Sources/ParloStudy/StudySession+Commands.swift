import ParloCatalog
import ParloCommands
import ParloCore
import ParloSpeech

/// What each command does (see `StudyCommand`), replying in the language of the command.
extension StudySession {
    /// Called by the registry's handler for its command: drops a pending question, asks back an
    /// unsure spoken command with slot values (`StudySession+Question.swift`), else runs it.
    func perform(_ command: any StudyCommand, _ m: MatchResult) async throws {
        if question != nil { await dropQuestion("another command") }
        if shouldAskBack(m) { return await askBack(command, m) }
        try await run(command, m, heard: source == "text" ? nil : confidence)
    }

    /// Reports `command` and runs it. A spoken command is reported as sure as its recognition
    /// (`heard`), not only as its text matched (1 for any sentence of the catalog).
    func run(_ command: any StudyCommand, _ m: MatchResult, heard: Double? = nil) async throws {
        var reported = m
        if let heard { reported.confidence = min(m.confidence, heard) }
        emit(.command(reported, source: source, speaking: isSpeaking))
        try await command.run(on: self, replyingIn: m.speechLanguage)
    }

    func openSubject(_ id: String, _ lang: Language) async {
        guard let s = library.subjects[id], !s.materials.isEmpty else {
            return await say(StudyReplies.noMaterials(id), lang)
        }
        if reading != nil { await stopQueue() }
        subject = id
        materialIndex = 0
        pageIndex = 0
        emit(.subjectOpened(.init(subject: id, folder: s.folder, materials: s.materials.map(\.title))))
        await say(StudyReplies.opening(id, count: s.materials.count), lang)
    }

    func startStudying(_ lang: Language) async {
        if subject == nil, let first = library.subjectIDs.first(where: { !(library.subjects[$0]?.materials.isEmpty ?? true) }) {
            subject = first
            materialIndex = 0
            pageIndex = 0
            let s = library.subjects[first]!
            emit(.subjectOpened(.init(subject: first, folder: s.folder, materials: s.materials.map(\.title))))
        }
        guard let m = currentMaterial else { return await say(StudyReplies.openFirst, lang) }
        emitMaterial(m)
        await say(StudyReplies.start(m.title), lang)
    }

    /// Reads the current material; for a PDF, its current page.
    func readPage(_ lang: Language) async { await read(page: pageIndex, from: 0, lang) }

    /// Reads the current material from sentence `from`; a PDF only its page `page` (an index
    /// into `pages`), which becomes the current page.
    func read(page: Int, from: Int, _ lang: Language) async {
        guard let m = currentMaterial else { return await say(StudyReplies.openFirst, lang) }
        // The old reading's cancel event comes through the queue's task, after the new reading
        // has taken its place: report its end now, or the UI sees two starts and one end.
        if reading != nil { await stopQueue(); endReading(finished: false) }
        let onPage = m.pages.indices.contains(page) ? page : nil
        let span = onPage.map { m.pages[$0].sentences } ?? m.sentences.indices
        pageIndex = onPage ?? 0
        emit(.readingStarted(.init(material: m.name, title: m.title, sentences: span.count, language: m.language.rawValue,
                                     character: character.name.lowercased(), color: character.colour,
                                     page: onPage.map { m.pages[$0].number })))
        let id = await queue.enqueue(m.text, character: character, language: m.language,
                                     sentences: Array(m.sentences[span].dropFirst(from)),
                                     sentenceLanguages: Array(m.languages[span].dropFirst(from)))
        let index = materialIndex
        await track(id) { reading = Reading(id: id, material: index, sentence: from, total: span.count, page: onPage, offset: from) }
    }

    /// Sentences while reading (on from a PDF page's last sentence to the next page, back from
    /// its first to the page before), pages of a PDF otherwise, then materials.
    func move(_ step: Int, _ lang: Language) async {
        if let r = reading {
            emit(.readingControl(.init(control: step > 0 ? "next" : "previous")))
            if let p = r.page, let m = material(r.material) {
                if step > 0, r.sentence >= r.total - 1, p + 1 < m.pages.count { return await read(page: p + 1, from: 0, lang) }
                if step < 0, r.sentence <= r.offset {
                    // The queue holds the page from `offset` on: earlier sentences are read anew.
                    if r.offset > 0 { return await read(page: p, from: r.offset - 1, lang) }
                    if p > 0 { return await read(page: p - 1, from: m.pages[p - 1].sentences.count - 1, lang) }
                }
            }
            if step > 0 { await queue.skip(.sentence) } else { await queue.previous() }
            return
        }
        if let m = currentMaterial, m.pages.indices.contains(pageIndex + step), let last = m.pages.last {
            pageIndex += step
            emitMaterial(m)
            return await say(StudyReplies.page(m.pages[pageIndex].number, of: last.number), lang)
        }
        guard let s = subject, let list = library.subjects[s]?.materials else { return await say(StudyReplies.openFirst, lang) }
        let target = materialIndex + step
        guard list.indices.contains(target) else { return await say(step > 0 ? StudyReplies.last : StudyReplies.first, lang) }
        materialIndex = target
        pageIndex = 0
        emitMaterial(list[target])
        await say(step > 0 ? StudyReplies.next(list[target].title) : StudyReplies.previous(list[target].title), lang)
    }

    /// Holds what is speaking (a reading or a reply) until "resume" or "stop". With nothing
    /// speaking there is nothing to hold: pausing the idle queue would silently keep back every
    /// later reply while the gate listened for reading controls only.
    func pause(_ lang: Language) async {
        guard !pending.isEmpty, !paused else { return }
        await queue.pause()
        paused = true
        if let r = reading { emit(.readingPaused(.init(index: r.sentence, total: r.total))) }
        await updateScopes()
    }

    func resume(_ lang: Language) async {
        guard paused else { return await say(StudyReplies.nothingToResume, lang) }
        paused = false
        if let r = reading { emit(.readingResumed(.init(index: r.sentence, total: r.total))) }
        await updateScopes()
        await queue.resume()
    }

    /// Stops whatever is speaking (reading or reply); the queue's cancel events end the reading.
    func stopSpeech() async {
        await stopQueue()
    }

    func repeatLast(_ lang: Language) async {
        if reading != nil {
            await queue.repeatSentence()
            emit(.readingControl(.init(control: "repeat")))
        } else if let last = lastReply {
            emit(.reply(last.text, language: last.language, character: character))
            let id = await queue.enqueue(last.text, character: character, language: last.language)
            await track(id)
        } else {
            await say(StudyReplies.nothingToRepeat, lang)
        }
    }

    func changeRate(_ faster: Bool, _ lang: Language) async {
        await (faster ? ReadingControl.faster : ReadingControl.slower).perform(on: queue)
        let rate = await queue.rateScale
        emit(.rate(.init(rate: (rate * 1000).rounded() / 1000)))
        if reading == nil { await say(faster ? StudyReplies.faster : StudyReplies.slower, lang) }
    }

    func mindMap(_ lang: Language) async {
        guard let m = currentMaterial else { return await say(StudyReplies.openFirst, lang) }
        emit(.mindMap(.init(title: m.title, headings: m.headings)))
        await say(StudyReplies.mindMap(m.title, m.headings), lang)
    }

    func setTimer(_ minutes: Int, _ lang: Language) async {
        timer = FocusTimer(deadline: clock.now() + Double(minutes) * 60, minutes: minutes, language: lang)
        emit(.timerStarted(.init(minutes: minutes)))
        await say(StudyReplies.timerSet(minutes), lang)
    }

    func useVoice(_ name: String, _ lang: Language) async throws {
        character = try characters.character(named: name)
        await queue.setCharacter(character)
        emit(.characterChanged(.init(character: character.name.lowercased(), color: character.colour)))
        await say(StudyReplies.hello(character.name), lang)
    }

    /// Lists what can be said right now, from the catalog sentences of the active commands.
    /// While Parlo speaks this interrupts it (otherwise the answer would wait for the reading).
    func sayHelp(_ language: Language, _ lang: Language) async {
        let active = Set(await registry.activeCommands)
        let examples = help.examples(for: active, in: language)
        emit(.help(.init(commands: active.sorted(), examples: examples)))
        await say(StudyReplies.help(examples), lang, priority: isSpeaking ? .interrupt : .normal)
    }

    private func emitMaterial(_ m: StudyMaterial) {
        let page = m.pages.indices.contains(pageIndex) ? m.pages[pageIndex].number : nil
        emit(.material(.init(index: materialIndex, name: m.name, title: m.title, sentences: m.sentences.count,
                             page: page, pages: m.pages.last?.number)))
    }
}
