/// The Obsidian Tasks plugin's global filter (its `Global Filter.md`): a text, most often a tag such as `#task`,
/// that a checkbox item must hold to be a task. The plugin's "remove global filter from description" setting
/// leaves it out of a task's description where a task is shown.
public struct GlobalFilter: Hashable, Sendable {
    /// The text a task holds, as the plugin compares it: anywhere in the text after the checkbox, case and all.
    public let text: String
    /// Whether the filter is left out where a task's description is shown (`ls`, `show`, JSON).
    public var removesFromDescription: Bool

    /// The filter `text`; nil for an empty one, which the plugin reads as no filter.
    public init?(_ text: String, removesFromDescription: Bool = false) {
        guard !text.isEmpty else { return nil }
        self.text = text
        self.removesFromDescription = removesFromDescription
    }

    /// Whether a checkbox item's text (the bytes after its checkbox) holds the filter: then it is a task.
    func isIncluded(in b: Span<UInt8>) -> Bool {
        let needle = text.utf8.span
        guard needle.count <= b.count else { return false }
        var i = b.firstIndex(of: needle[0], from: 0)
        while i + needle.count <= b.count {
            if b.equals(i..<(i + needle.count), needle) { return true }
            i = b.firstIndex(of: needle[0], from: i + 1)
        }
        return false
    }

    /// Whether `#tag` (given without the `#`) is the filter: the plugin leaves it out of a task's tags.
    func isTag(_ tag: String) -> Bool {
        text.utf8.count == tag.utf8.count + 1 && text.hasPrefix("#") && text.utf8.dropFirst().elementsEqual(tag.utf8)
    }

    /// A description as shown: without the filter where it stands as a word of its own (not inside a nested tag
    /// such as `#task/home`), when the filter is removed from descriptions; as written otherwise.
    public func shown(_ description: String) -> String {
        guard removesFromDescription else { return description }
        var words: [Substring] = []
        var removed = false
        for word in description.split(separator: " ", omittingEmptySubsequences: false) {
            if word == text { removed = true } else { words.append(word) }
        }
        guard removed else { return description }
        return words.filter { !$0.isEmpty }.joined(separator: " ")
    }
}

extension Document {
    /// A task's text as shown (`ls`, `show`, JSON, the agenda): without the global filter when its settings
    /// remove it from descriptions, as written otherwise.
    public func shown(_ text: String) -> String {
        settings.globalFilter?.shown(text) ?? text
    }

    /// Task `task`'s title as shown: its title, or its text when the title is empty (`shown(_:)`).
    public func shownTitle(of task: Int) -> String {
        settings.shownTitle(of: tasks[task])
    }

    /// Task `task`'s `#tags` without the `#` (`TaskFields.hashtags`), the global filter left out as the plugin
    /// leaves it out of a task's tags.
    public func hashtags(of task: Int) -> [String] {
        let tags = tasks[task].fields.hashtags
        guard let filter = settings.globalFilter else { return tags }
        return tags.filter { !filter.isTag($0) }
    }
}

extension TaskSettings {
    /// A task's title as shown under these settings: its title, or its text when the title is empty, without the
    /// global filter where the settings remove it from descriptions.
    func shownTitle(of task: TodoTask) -> String {
        let text = task.title.isEmpty ? task.text : task.title
        return globalFilter?.shown(text) ?? text
    }
}
