import Foundation

/// The largest object number a PDF declares, read from its bytes before poppler sees them.
///
/// When a PDF's cross-reference table is damaged poppler rebuilds it by scanning for
/// `N G obj` and sizes its table to the largest N, about 40 bytes an entry: a 1.8 KB file that
/// names object 30,168,710 took 1.2 GB and 3 s to open (found by fuzzing, docs/hardening.md).
/// A real PDF has no more objects than bytes; `PDFDocument` refuses one that names more than
/// `limit(forBytes:)` before opening it.
enum PDFObjectCount {
    /// Object numbers a file of `bytes` bytes may name: 64 per byte, and never fewer than
    /// 2^20 (at most 40 MB of table for a small file).
    static func limit(forBytes bytes: Int) -> Int { max(1 << 20, bytes.saturatingMultiplied(by: 64)) }

    /// The largest N of `N G obj` and of the trailer's `/Size N` in `data` (0: none).
    static func largest(in data: Data) -> Int {
        data.withUnsafeBytes { raw -> Int in
            let b = raw.bindMemory(to: UInt8.self)
            var largest = 0
            var i = 0
            while i + 2 < b.count {
                if b[i] == UInt8(ascii: "o"), b[i + 1] == UInt8(ascii: "b"), b[i + 2] == UInt8(ascii: "j") {
                    // Backwards: white space, the generation, white space, the object number.
                    var j = i - 1
                    func skipSpace() { while j >= 0, isSpace(b[j]) { j -= 1 } }
                    func number() -> Int? {
                        var value = 0, scale = 1, digits = 0
                        while j >= 0, isDigit(b[j]) {
                            if digits < 18 { value += Int(b[j] - UInt8(ascii: "0")) * scale; scale *= 10 } else { value = Int.max }
                            digits += 1; j -= 1
                        }
                        return digits > 0 ? value : nil
                    }
                    skipSpace()
                    if number() != nil { skipSpace(); if let n = number() { largest = max(largest, n) } }
                } else if b[i] == UInt8(ascii: "/"), i + 5 < b.count, b[i + 1] == UInt8(ascii: "S"), b[i + 2] == UInt8(ascii: "i"),
                          b[i + 3] == UInt8(ascii: "z"), b[i + 4] == UInt8(ascii: "e") {
                    var j = i + 5
                    while j < b.count, isSpace(b[j]) { j += 1 }
                    var value = 0, digits = 0
                    while j < b.count, isDigit(b[j]) {
                        value = digits < 18 ? value * 10 + Int(b[j] - UInt8(ascii: "0")) : Int.max
                        digits += 1; j += 1
                    }
                    if digits > 0 { largest = max(largest, value) }
                }
                i += 1
            }
            return largest
        }
    }

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 || c == 0x0C || c == 0x00 }
    private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
}

private extension Int {
    func saturatingMultiplied(by other: Int) -> Int {
        let (r, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? .max : r
    }
}
