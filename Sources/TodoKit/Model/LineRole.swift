/// What a line is in its document's structure. The formatter decides from this what it may touch.
package struct LineRole: Hashable, Sendable {
    /// What a line of a document is.
    package enum Kind: Hashable, Sendable {
        case blank
        /// YAML front matter, including its `---` fences.
        case frontMatter
        /// An ATX heading, or the text of a setext heading.
        case heading
        /// The `===` or `---` under a setext heading.
        case setextUnderline
        /// A code fence's opening or closing line.
        case fence
        /// Inside a fenced code block, or an indented code block.
        case code
        case html
        /// Inside an Obsidian comment (`%%` … `%%`), in a vault: hidden, never a task.
        case comment
        case blockQuote
        case thematicBreak
        /// Paragraph text (outside or inside a list item).
        case text
        /// A lazy continuation: paragraph text of a list item written without its indentation.
        case lazyText
        /// The first line of a list item.
        case itemStart
        /// A task line in a todo.txt file.
        case todoTxtTask
    }

    package var kind: Kind
    /// `item`, or -1 for none: a role is 8 bytes, and a document holds one per line.
    private var itemIndex: Int32

    /// The innermost list item whose block holds this line, if any.
    package var item: Int? {
        get { itemIndex.optionalIndex }
        set { itemIndex = Int32(optionalIndex: newValue) }
    }

    /// A role of the given kind, for the list item at index `item` when the line belongs to one.
    package init(_ kind: Kind, item: Int? = nil) {
        self.kind = kind
        self.itemIndex = Int32(optionalIndex: item)
    }

    /// Lines whose bytes the formatter must never change.
    package var isVerbatim: Bool {
        switch kind {
        case .frontMatter, .code, .html, .comment: return true
        default: return false
        }
    }
}
