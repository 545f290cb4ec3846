/// A Markdown list item, task or not, and the block of lines it spans.
public struct ListItem: Hashable, Sendable {
    // Line numbers, columns and indexes are held in 32 bits (-1 for none): a document holds one item per list line.
    var line32: Int32
    var endLine32: Int32
    var indent32: Int32
    var contentColumn32: Int32
    var parent32: Int32
    var task32: Int32
    /// `marker`: the ordered number (-1 for a bullet) and the character as a `CompactCharacter`, or -2 and
    /// the index of a marker held in `RareValues`.
    var markerNumber32: Int32
    var markerCode32: UInt32

    public init(line: Int, endLine: Int, indent: Int, marker: ListMarker, contentColumn: Int, parent: Int?,
                task: Int? = nil) {
        line32 = Int32(line)
        endLine32 = Int32(endLine)
        indent32 = Int32(indent)
        contentColumn32 = Int32(contentColumn)
        parent32 = Int32(optionalIndex: parent)
        task32 = Int32(optionalIndex: task)
        markerNumber32 = 0
        markerCode32 = 0
        self.marker = marker
    }

    /// An item as the parser makes it, its marker read from the line's bytes: `number` is the ordered
    /// marker's number (at most 9 digits) or -1 for a bullet, `character` the bullet or the delimiter (ASCII).
    @inline(__always)
    init(line32: Int32, indent32: Int32, contentColumn32: Int32, parent32: Int32, number: Int, character: UInt8) {
        self.line32 = line32
        endLine32 = line32
        self.indent32 = indent32
        self.contentColumn32 = contentColumn32
        self.parent32 = parent32
        task32 = -1
        markerNumber32 = Int32(number)
        markerCode32 = UInt32(character)
    }

    public var marker: ListMarker {
        get {
            switch markerNumber32 {
            case -1: return .bullet(CompactCharacter.decode(markerCode32)!)
            case -2: return RareValues.marker(at: Int(markerCode32))
            default: return .ordered(number: Int(markerNumber32), delimiter: CompactCharacter.decode(markerCode32)!)
            }
        }
        set {
            switch newValue {
            case .bullet(let c):
                if let scalar = CompactCharacter.singleScalar(c) {
                    markerNumber32 = -1
                    markerCode32 = scalar
                    return
                }
            case .ordered(let n, let c) where n >= 0 && n <= Int(Int32.max):
                if let scalar = CompactCharacter.singleScalar(c) {
                    markerNumber32 = Int32(n)
                    markerCode32 = scalar
                    return
                }
            default:
                break
            }
            markerNumber32 = -2
            markerCode32 = UInt32(RareValues.index(of: newValue))
        }
    }

    /// 1-based line of the marker.
    public var line: Int {
        get { Int(line32) }
        set { line32 = Int32(newValue) }
    }
    /// 1-based last line of the item's block (its content, notes and nested items).
    public var endLine: Int {
        get { Int(endLine32) }
        set { endLine32 = Int32(newValue) }
    }
    /// Column (0-based, tabs to stops of 4) of the marker.
    public var indent: Int {
        get { Int(indent32) }
        set { indent32 = Int32(newValue) }
    }
    /// Column where the item's content starts; continuation lines indented this far belong to the item.
    public var contentColumn: Int {
        get { Int(contentColumn32) }
        set { contentColumn32 = Int32(newValue) }
    }
    /// The enclosing list item, if nested.
    public var parent: Int? {
        get { parent32.optionalIndex }
        set { parent32 = Int32(optionalIndex: newValue) }
    }
    /// The task this item is, if its content starts with a checkbox.
    public var task: Int? {
        get { task32.optionalIndex }
        set { task32 = Int32(optionalIndex: newValue) }
    }
}
