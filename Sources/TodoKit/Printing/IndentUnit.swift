/// The indentation a todo file's canonical form nests its list items by (docs/FORMAT.md 5.1, rule 4): tabs, or spaces.
///
/// A nested item goes at its parent's indentation plus one unit, and never left of its parent's content column
/// (there it would not be a child). Leading whitespace is written in the unit: with tabs, as tabs (4 columns
/// each, the tab stops CommonMark reads) and then the spaces left over; with spaces, as spaces.
public enum IndentUnit: Hashable, Sendable {
    /// One tab: 4 columns.
    case tab
    /// That many spaces; `.spaces(2)` (the default) puts a nested item at its parent's content column.
    case spaces(Int)

    /// The canonical unit of a file that says nothing else: its nested items at their parent's content column.
    public static let canonical = IndentUnit.spaces(2)

    /// The columns one unit adds to a parent's indentation.
    var columns: Int {
        switch self {
        case .tab: 4
        case .spaces(let count): max(count, 1)
        }
    }

    /// Appends the leading whitespace that reaches `column`, in the unit.
    func appendIndentation(to column: Int, _ out: inout LineRewrite, _ b: Span<UInt8>) {
        guard self == .tab else {
            out.append(repeating: .space, count: column, b)
            return
        }
        out.append(repeating: .tab, count: column / 4, b)
        out.append(repeating: .space, count: column % 4, b)
    }

    /// The leading whitespace that reaches `column`, in the unit.
    func indentation(to column: Int) -> String {
        self == .tab ? String(repeating: "\t", count: column / 4) + String(repeating: " ", count: column % 4)
            : String(repeating: " ", count: column)
    }

    /// The unit `document` mostly uses: tabs when more of its nested items at least 4 columns in are led by a tab
    /// than by a space, the canonical spaces otherwise (a tie, or no such item). Items nearer the margin than 4
    /// columns cannot be led by a whole tab and do not count; nor do those the canonical form leaves as written
    /// (in a top-level item holding a list begun on an item's line), so the canonical form is read as written.
    public static func mostlyUsed(in document: Document) -> IndentUnit {
        let items = document.items
        var tops = [Int](items.indices)
        for index in items.indices { if let parent = items[index].parent { tops[index] = tops[parent] } }
        var asWritten = Set<Int>()
        for index in items.indices where MarkdownCanonicalizer.startsRunOnItsLine(index, document) {
            asWritten.insert(tops[index])
        }
        var tabs = 0, spaces = 0
        for (index, item) in items.enumerated() where item.parent != nil && item.indent >= 4 && !asWritten.contains(tops[index]) {
            let text = document.lines.text(item.line - 1)
            switch text.utf8.first {
            case UInt8(ascii: "\t"): tabs += 1
            case UInt8(ascii: " "): spaces += 1
            default: break
            }
        }
        return tabs > spaces ? .tab : .canonical
    }
}
