/// A Markdown list item, task or not, and the block of lines it spans.
public struct ListItem: Hashable, Sendable {
    /// 1-based line of the marker.
    public var line: Int
    /// 1-based last line of the item's block (its content, notes and nested items).
    public var endLine: Int
    /// Column (0-based, tabs to stops of 4) of the marker.
    public var indent: Int
    public var marker: ListMarker
    /// Column where the item's content starts; continuation lines indented this far belong to the item.
    public var contentColumn: Int
    /// The enclosing list item, if nested.
    public var parent: Int?
    /// Directly nested list items, in order.
    public var children: [Int] = []
    /// The task this item is, if its content starts with a checkbox.
    public var task: Int?
}
