/// A Markdown list item, task or not, and the block of lines it spans.
public struct MarkdownItem: Hashable, Sendable {
    // Line numbers, columns and indexes are held in 32 bits (-1 for none): a document holds one item per list line.
    private var line32: Int32
    private var endLine32: Int32
    private var indent32: Int32
    private var contentColumn32: Int32
    private var parent32: Int32
    private var task32: Int32 = -1
    /// The ordered marker's number (at most 9 digits), -1 for a bullet.
    private let number32: Int32
    /// The bullet, or the ordered marker's delimiter (CommonMark's markers are ASCII).
    private let markerByte: UInt8

    init(line: Int, indent: Int, contentColumn: Int, parent: Int?, number: Int?, markerByte: UInt8) {
        line32 = Int32(line)
        endLine32 = Int32(line)
        indent32 = Int32(indent)
        contentColumn32 = Int32(contentColumn)
        parent32 = Int32(optionalIndex: parent)
        number32 = Int32(number ?? -1)
        self.markerByte = markerByte
    }

    /// The item's list marker.
    public var marker: ItemMarker {
        let character = Character(Unicode.Scalar(markerByte))
        return number32 < 0 ? .bullet(character) : .ordered(number: Int(number32), delimiter: character)
    }

    /// Whether `other`'s marker is of the same list: the same bullet, or the same ordered delimiter.
    func hasMarker(ofSameRunAs other: MarkdownItem) -> Bool {
        (number32 < 0) == (other.number32 < 0) && markerByte == other.markerByte
    }

    /// The item as it stands in a document whose items and tasks before it number `items` and `tasks` more
    /// than where it was read (see `TodoTask.placed(afterItems:tasks:heading:)`).
    func placed(afterItems items: Int, tasks: Int) -> MarkdownItem {
        var item = self
        item.parent32 = Int32(optionalIndex: parent.map { $0 + items })
        item.task32 = Int32(optionalIndex: task.map { $0 + tasks })
        return item
    }

    /// 1-based line of the marker.
    public var line: Int { Int(line32) }
    /// 1-based last line of the item's block (its content, notes and nested items).
    public internal(set) var endLine: Int {
        get { Int(endLine32) }
        set { endLine32 = Int32(newValue) }
    }
    /// Column (0-based, tabs to stops of 4) of the marker.
    public var indent: Int { Int(indent32) }
    /// Column where the item's content starts; continuation lines indented this far belong to the item.
    public var contentColumn: Int { Int(contentColumn32) }
    /// The enclosing list item, if nested.
    public var parent: Int? { parent32.optionalIndex }
    /// The task this item is, if its content starts with a checkbox.
    public internal(set) var task: Int? {
        get { task32.optionalIndex }
        set { task32 = Int32(optionalIndex: newValue) }
    }
}
