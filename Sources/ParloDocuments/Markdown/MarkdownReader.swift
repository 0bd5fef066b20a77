import CCmarkGFM

/// Markdown to the blocks a voice reads, through cmark-gfm (CommonMark with GitHub's tables,
/// task lists and strikethrough).
///
/// A real parser, because a line-by-line guess got CommonMark wrong where students notice it:
/// it read `<!-- TODO -->` comments and `[1]: http://…` reference definitions aloud, read
/// indented code, and took the `*` of `3 * 4` for emphasis. Here the parser decides, and the
/// reader keeps what a listener wants: headings, paragraphs, list items (ordered ones with
/// their number), emphasis and links as their words, images as their alt text, tables row by
/// row ("cell, cell, cell."). Code blocks, HTML, rules and link definitions are not read;
/// inline code is read as written.
///
/// cmark-gfm keeps its extensions in a global registry, filled once here (`registered`) before
/// any parser exists; each parse has its own parser and tree, so parses may run on any thread.
public struct MarkdownReader: Sendable {
    public init() {}

    /// The extensions registry is global in cmark-gfm: filled once, thread-safely (a lazily
    /// initialised static), before the first parser looks an extension up.
    private static let registered: Void = { cmark_gfm_core_extensions_ensure_registered() }()

    /// The blocks of `markdown`, in reading order.
    public func blocks(_ markdown: String) -> [DocumentBlock] {
        _ = Self.registered
        guard let parser = cmark_parser_new(0) else { return [] }
        defer { cmark_parser_free(parser) }
        for name in ["table", "tasklist", "strikethrough"] { _ = parlo_cmark_attach(parser, name) }
        var source = markdown
        source.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
        }
        guard let root = cmark_parser_finish(parser) else { return [] }
        defer { cmark_node_free(root) }
        var out: [DocumentBlock] = []
        collect(root, into: &out)
        return out
    }

    /// Appends the blocks of `node` and its children.
    private func collect(_ node: OpaquePointer, into out: inout [DocumentBlock]) {
        switch Self.type(of: node) {
        case "paragraph":
            add(DocumentBlock(inline(node)), to: &out)
        case "heading":
            add(DocumentBlock(DocumentBlock.sentence(inline(node)), kind: .heading(level: Int(cmark_node_get_heading_level(node)))), to: &out)
        case "list":
            let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
            var number = Int(cmark_node_get_list_start(node))
            for item in Self.children(of: node) {
                listItem(item, number: ordered ? number : nil, into: &out)
                number += 1
            }
        case "table":
            for row in Self.children(of: node) where ["table_header", "table_row"].contains(Self.type(of: row)) {
                let cells = Self.children(of: row).map { inline($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                add(DocumentBlock(DocumentBlock.sentence(cells.joined(separator: ", ")), kind: .tableRow), to: &out)
            }
        case "code_block", "html_block", "thematic_break", "footnote_definition":
            break
        default:   // document, block quote, custom blocks: their children are read
            for child in Self.children(of: node) { collect(child, into: &out) }
        }
    }

    /// A list item: its first paragraph is the item (numbered when the list is), the rest of
    /// it (more paragraphs, nested lists) follows as blocks of their own.
    private func listItem(_ item: OpaquePointer, number: Int?, into out: inout [DocumentBlock]) {
        var first = true
        for child in Self.children(of: item) {
            if first, Self.type(of: child) == "paragraph" {
                let text = DocumentBlock.sentence(inline(child))
                add(DocumentBlock(number.map { "\($0). " + text } ?? text, kind: .item), to: &out)
            } else {
                collect(child, into: &out)
            }
            first = false
        }
    }

    private func add(_ block: DocumentBlock, to out: inout [DocumentBlock]) {
        var b = block
        b.text = b.text.trimmingCharacters(in: .whitespacesAndNewlines)
        // "1. " alone is an item with no words: nothing to read.
        guard b.text.contains(where: { $0.isLetter || $0.isNumber }) else { return }
        out.append(b)
    }

    /// The words of an inline run: text and code as written, emphasis, links and images (their
    /// alt text) as their content, line breaks as spaces; HTML and footnote marks dropped.
    private func inline(_ node: OpaquePointer) -> String {
        var s = ""
        for child in Self.children(of: node) {
            switch Self.type(of: child) {
            case "text", "code":
                if let literal = cmark_node_get_literal(child) { s += String(cString: literal) }
            case "softbreak", "linebreak":
                s += " "
            case "html_inline", "footnote_reference":
                break
            default:
                s += inline(child)
            }
        }
        return s
    }

    /// cmark's name for the node's type ("paragraph", "table_row", …): the extensions' types
    /// have no fixed enum value, their names are stable.
    private static func type(of node: OpaquePointer) -> String {
        cmark_node_get_type_string(node).map { String(cString: $0) } ?? ""
    }

    private static func children(of node: OpaquePointer) -> [OpaquePointer] {
        var out: [OpaquePointer] = []
        var child = cmark_node_first_child(node)
        while let c = child {
            out.append(c)
            child = cmark_node_next(c)
        }
        return out
    }
}
