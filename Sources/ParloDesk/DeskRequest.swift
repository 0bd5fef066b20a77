import Foundation

/// What the page asks of the session, one JSON object per WebSocket text message.
///
/// The page's buttons map onto these too: pause, resume and stop are the catalog's reading
/// controls, sent as typed commands in the page's language ("pause", "pausa"), so they take the
/// same path as `--text` and show up as `command` events like anything typed.
public enum DeskRequest: Sendable, Equatable {
    /// `{"type": "text", "text": "open math"}`: a typed command.
    case text(String)
    /// `{"type": "talk", "down": true}`: the talk button pressed (true) or released (false).
    case talk(down: Bool)

    struct Wire: Decodable { var type: String; var text: String?; var down: Bool? }

    /// Longest typed command accepted: a sentence, not a document.
    public static let maxText = 500

    /// Decodes one message; nil for anything malformed (the server ignores it, logged).
    public init?(json: String) {
        guard json.utf8.count <= 4096, let wire = try? JSONDecoder().decode(Wire.self, from: Data(json.utf8)) else { return nil }
        switch (wire.type, wire.text, wire.down) {
        case ("text", let text?, _):
            let line = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !line.isEmpty, line.count <= Self.maxText, !line.contains(where: \.isNewline) else { return nil }
            self = .text(line)
        case ("talk", _, let down?): self = .talk(down: down)
        default: return nil
        }
    }
}
