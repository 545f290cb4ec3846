/// The marker that opens a Markdown list item: a bullet (`-`, `*`, `+`) or an ordinal (`1.`, `1)`).
public enum ItemMarker: Hashable, Sendable, CustomStringConvertible {
    case bullet(Character)
    case ordered(number: Int, delimiter: Character)

    /// Whether the marker numbers its item (`1.`, `1)`).
    public var isOrdered: Bool {
        if case .ordered = self { return true }
        return false
    }

    /// The marker as it is printed, e.g. `-` or `12.`.
    public var description: String {
        switch self {
        case .bullet(let c): return String(c)
        case .ordered(let n, let d): return "\(n)\(d)"
        }
    }
}
