/// One line of a PDF page's text, with its box in points from the page's top left corner.
public struct PDFLine: Sendable, Equatable {
    public var text: String
    public var top: Double
    public var bottom: Double
    public var left: Double
    public var right: Double

    public init(_ text: String, top: Double = 0, bottom: Double = 0, left: Double = 0, right: Double = 0) {
        self.text = text; self.top = top; self.bottom = bottom; self.left = left; self.right = right
    }
}

/// The text of one PDF page as poppler laid it out: lines in reading order, with positions.
public struct PDFPageText: Sendable, Equatable {
    /// Numbered from 1, as a viewer shows it.
    public var number: Int
    public var width: Double
    public var height: Double
    public var lines: [PDFLine]
    /// Pictures on the page: with no text, a scanned page.
    public var images: Int

    public init(number: Int, width: Double = 595, height: Double = 842, lines: [PDFLine], images: Int = 0) {
        self.number = number; self.width = width; self.height = height; self.lines = lines; self.images = images
    }

    /// Whether the line boxes are known (poppler gave a layout): without them, lines are
    /// judged by their place in the text only.
    var hasPositions: Bool { lines.contains { $0.bottom > 0 } }
}
