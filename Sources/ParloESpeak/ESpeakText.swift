/// Text as eSpeak NG may safely see it.
///
/// eSpeak NG obeys commands embedded in plain text: U+0001 followed by digits and a letter
/// changes volume, speed, pitch or voice ("\u{1}0A" mutes the rest), and the C string it gets
/// ends at the first NUL, dropping everything after it. Study materials and typed text are
/// untrusted, so every control character eSpeak could act on becomes a space: C0 except line
/// feed and tab, DEL, and C1. One scalar for one scalar, so eSpeak's character positions still
/// point at the caller's text.
public enum ESpeakText {
    /// Whether `scalar` is a control character eSpeak must not see.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return (v < 0x20 && v != 0x0A && v != 0x09) || (0x7F...0x9F).contains(v)
    }

    /// `text` with every control character replaced by a space (unchanged when there is none).
    public static func inert(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var scalars = String.UnicodeScalarView()
        for s in text.unicodeScalars { scalars.append(isControl(s) ? " " : s) }
        return String(scalars)
    }
}
