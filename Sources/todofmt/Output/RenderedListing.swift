/// A `TaskListingPrinter`'s text with a place left for each task's address and for the indentation of notes under
/// it, which depend on the width of the widest address.
struct RenderedListing: Sendable {
    private enum Piece: Sendable {
        case text(String)
        /// Task `task`'s address: its number, else its line.
        case address(task: Int, line: Int)
        /// The width of an address and `extra` spaces.
        case indent(extra: Int)
    }

    private var pieces: [Piece] = []
    /// The lines of the document: the widest line number when no numbers are given.
    private let lineCount: Int
    private let addressPrefix: String

    init(lineCount: Int, addressPrefix: String) {
        self.lineCount = lineCount
        self.addressPrefix = addressPrefix
    }

    mutating func append(_ text: String) {
        // Text after text is one piece, grown in place.
        guard case .text(var before)? = pieces.last else { return pieces.append(.text(text)) }
        pieces.removeLast()
        before += text
        pieces.append(.text(before))
    }

    mutating func appendAddress(task: Int, line: Int) { pieces.append(.address(task: task, line: line)) }

    mutating func appendIndent(_ extra: Int) { pieces.append(.indent(extra: extra)) }

    /// The text, each task addressed by its number in `numbers` (by task index), else by its line, right-aligned.
    func text(numbers: [Int: Int]?) -> String {
        let width = addressPrefix.count + String(numbers?.values.max() ?? lineCount).count
        var out = ""
        for piece in pieces {
            switch piece {
            case .text(let text): out += text
            case .address(let task, let line):
                let address = addressPrefix + String(numbers?[task] ?? line)
                out += String(repeating: " ", count: max(0, width - address.count)) + address
            case .indent(let extra): out += String(repeating: " ", count: width + extra)
            }
        }
        return out
    }
}
