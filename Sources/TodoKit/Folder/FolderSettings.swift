/// What a folder's `.todofmt` file says. The file marks the folder as one todo source, and may be empty; a line
/// `key = value` sets one setting, `#` starts a comment. The settings:
///
///     # Where 'todofmt add' puts a task when no --to is given.
///     inbox = Inbox.md
package struct FolderSettings: Hashable, Sendable {
    /// The file `add` adds to without `--to`, relative to the folder.
    package var inbox: String?
    /// Problems with lines of the file: an unknown key, a line that sets nothing.
    package var diagnostics: [Diagnostic] = []

    package static let keys = ["inbox"]

    package init(inbox: String? = nil) { self.inbox = inbox }

    package init(parsing text: String) {
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = line.prefix { $0 != "#" }.trimmingWhitespace()
            guard !content.isEmpty else { continue }
            guard let equals = content.firstIndex(of: "=") else {
                diagnostics.append(.warning("'\(content)' sets nothing: write key = value", line: number + 1, column: 1, code: .unknownSetting))
                continue
            }
            let key = content[..<equals].trimmingWhitespace().lowercased()
            let value = content[content.index(after: equals)...].trimmingWhitespace()
            switch key {
            case "inbox": inbox = value.isEmpty ? nil : value
            default:
                diagnostics.append(.warning("unknown setting '\(key)' (settings: \(FolderSettings.keys.joined(separator: ", ")))",
                                            line: number + 1, column: 1, code: .unknownSetting))
            }
        }
    }
}
