import Foundation
import Logging
import ParloCore

/// Turns what was said or typed into calls of the app's handlers.
///
/// Handlers are registered per command, globally or in a named scope (e.g. "reading" adds
/// pause/resume/next only while reading). Only commands with a handler in the global set or an
/// active scope can match, so an inactive scope's sentences never steal a match. A scope's
/// handler overrides a global one for the same command while the scope is active.
///
/// Each handler runs in its own task with a timeout: one that throws, hangs or is slow is reported
/// in the returned `DispatchReport` and the log, and the registry keeps serving other calls
/// (actor reentrancy lets `handle` run again while a handler is still awaiting).
public actor VoiceCommandRegistry {
    public typealias Handler = @Sendable (MatchResult) async throws -> Void

    /// Identifies a registration, for `unregister`.
    public struct Token: Hashable, Sendable { let id: Int }

    /// What happened to one input.
    public struct DispatchReport: Sendable {
        public enum Outcome: Sendable, Equatable {
            case handled
            /// Nothing matched (see `match.reason` and `match.candidates`).
            case rejected
            /// The handler threw; its one-line message.
            case failed(String)
            /// The handler did not finish within the timeout (it is cancelled, not awaited).
            case timedOut
        }
        public var match: MatchResult
        public var outcome: Outcome
        /// The scope whose handler ran (nil = global).
        public var scope: String?
    }

    struct Registration { var token: Token; var command: String; var scope: String?; var handler: Handler }

    private let matcher: CommandMatcher
    private let logger: Logger
    public var timeout: Duration
    private var registrations: [Registration] = []
    private var activeScopes: [String] = []
    private var nextID = 0
    private var filter: CommandMatcher.Filter

    public init(matcher: CommandMatcher, timeout: Duration = .seconds(2), logger: Logger = Logger(label: "parlo.commands")) {
        self.matcher = matcher; self.timeout = timeout; self.logger = logger
        self.filter = matcher.filter(allowing: [])
    }

    public func setTimeout(_ t: Duration) { timeout = t }

    /// Registers `handler` for `command` (a scope's handler replaces an earlier one in that scope).
    @discardableResult
    public func register(_ command: String, scope: String? = nil, handler: @escaping Handler) -> Token {
        registrations.removeAll { $0.command == command && $0.scope == scope }
        nextID += 1
        let token = Token(id: nextID)
        registrations.append(Registration(token: token, command: command, scope: scope, handler: handler))
        refresh()
        return token
    }

    /// Registers a typed handler: the match is turned into `C` first (a missing slot is a failure).
    @discardableResult
    public func register<C: VoiceCommand>(_ type: C.Type, scope: String? = nil,
                                          handler: @escaping @Sendable (C) async throws -> Void) -> Token {
        register(C.name, scope: scope) { match in try await handler(try C(match)) }
    }

    public func unregister(_ token: Token) {
        registrations.removeAll { $0.token == token }
        refresh()
    }

    /// Makes a scope's handlers active (latest activated wins over earlier ones and globals).
    public func activate(scope: String) {
        activeScopes.removeAll { $0 == scope }
        activeScopes.append(scope)
        refresh()
    }

    public func deactivate(scope: String) {
        activeScopes.removeAll { $0 == scope }
        refresh()
    }

    /// Commands that can currently match, sorted.
    public var activeCommands: [String] { Array(Set(currentHandlers().keys)).sorted() }

    private func currentHandlers() -> [String: Registration] {
        var out: [String: Registration] = [:]
        for r in registrations where r.scope == nil { out[r.command] = r }
        for scope in activeScopes { for r in registrations where r.scope == scope { out[r.command] = r } }
        return out
    }

    private func refresh() {
        let active = Set(currentHandlers().keys)
        filter = matcher.filter(allowing: active)
        activeNow.set(active)
    }

    /// The commands that can match right now, readable without awaiting the actor: a listener's
    /// synchronous interpreter filters by it, so the active set lives here and nowhere else.
    public nonisolated var activeSet: Set<String> { activeNow.get() }
    private nonisolated let activeNow = ActiveSet()

    /// Matches `text` (typed, or a recognizer hypothesis) among active commands and runs the handler.
    public func handle(text: String) async -> DispatchReport {
        await dispatch(matcher.match(text, filter: filter))
    }

    /// Runs the handler of a command already matched (by a listener's interpreter, say): the
    /// match travels from the decoder to the handler as one value, never matched twice. A match
    /// whose command has no active handler now is reported as rejected.
    public func dispatch(_ match: MatchResult) async -> DispatchReport {
        guard !match.rejected, let command = match.command, let registration = currentHandlers()[command] else {
            var match = match
            if !match.rejected, let command = match.command {
                match = MatchResult(text: match.text, command: nil, language: nil, confidence: match.confidence,
                                    rejected: true, reason: "'\(command)' is not active now")
            }
            logger.debug("no command", metadata: ["text": "\(match.text)", "reason": "\(match.reason ?? "")"])
            return DispatchReport(match: match, outcome: .rejected, scope: nil)
        }
        let outcome = await Self.run(registration.handler, match, timeout: timeout)
        switch outcome {
        case .failed(let why): logger.error("handler failed", metadata: ["command": "\(command)", "error": "\(why)"])
        case .timedOut: logger.error("handler timed out", metadata: ["command": "\(command)", "timeout": "\(timeout)"])
        default: break
        }
        return DispatchReport(match: match, outcome: outcome, scope: registration.scope)
    }

    /// Runs a handler in its own task; returns at completion or timeout, whichever is first.
    static func run(_ handler: @escaping Handler, _ match: MatchResult, timeout: Duration) async -> DispatchReport.Outcome {
        let once = ResumeOnce()
        return await withCheckedContinuation { (continuation: CheckedContinuation<DispatchReport.Outcome, Never>) in
            once.set(continuation)
            let work = Task {
                do { try await handler(match); once.resume(.handled) } catch { once.resume(.failed(oneLine(error))) }
            }
            let timer = Task {
                try? await Task.sleep(for: timeout)
                if !Task.isCancelled, once.resume(.timedOut) { work.cancel() }
            }
            once.onResume { timer.cancel() }
        }
    }
}

/// The registry's active commands under a lock, for synchronous readers.
// @unchecked Sendable: `commands` is read and written only under `lock`.
final class ActiveSet: @unchecked Sendable {
    private let lock = NSLock()
    private var commands: Set<String> = []
    func set(_ c: Set<String>) { lock.withLock { commands = c } }
    func get() -> Set<String> { lock.withLock { commands } }
}
