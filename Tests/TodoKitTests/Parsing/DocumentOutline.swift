@testable import TodoKit

/// Plain-text dumps of what the parser found, so a test can show its input and the expected structure side
/// by side.
extension Document {
    /// One line per task, indented two spaces per depth: `L<line> [<checkbox>] <description>`, then its
    /// notes as `| <note>` lines. todo.txt tasks show their status instead of a checkbox.
    var taskOutline: String {
        var out: [String] = []
        for (index, task) in tasks.enumerated() {
            let pad = String(repeating: "  ", count: task.depth)
            let mark = task.checkbox.map { "[\($0)]" } ?? "<\(task.status.rawValue)>"
            out.append("\(pad)L\(task.line) \(mark) \(task.text)")
            for note in notes(of: index) { out.append(note.isEmpty ? "\(pad)  |" : "\(pad)  | \(note)") }
        }
        return out.joined(separator: "\n")
    }

    /// One word a line: the role of each line in order, e.g. `heading blank item text`.
    var roleOutline: String {
        roles.map { role -> String in
            switch role.kind {
            case .blank: return "blank"
            case .frontMatter: return "front"
            case .heading: return "heading"
            case .setextUnderline: return "underline"
            case .fence: return "fence"
            case .code: return "code"
            case .html: return "html"
            case .comment: return "comment"
            case .blockQuote: return "quote"
            case .thematicBreak: return "break"
            case .text: return "text"
            case .lazyText: return "lazy"
            case .itemStart: return "item"
            case .todoTxtTask: return "task"
            }
        }.joined(separator: " ")
    }

    /// One line per list item: `L<line> col <marker column> -> L<parent line>`, then ` task` for a task.
    var itemOutline: String {
        items.map { item in
            let parent = item.parent.map { " -> L\(items[$0].line)" } ?? ""
            let task = item.task.map { " task \(tasks[$0].checkbox.map { "[\($0)]" } ?? "")" } ?? ""
            return "L\(item.line) col \(item.indent)+\(item.contentColumn - item.indent)\(parent)\(task)"
        }.joined(separator: "\n")
    }

    /// Each diagnostic as `line:col: severity: message`.
    var diagnosticLines: [String] { diagnostics.map(\.description) }
}

/// Shorthands for tests.
func markdown(_ text: String) -> Document { Document(parsing: text, format: .markdown) }
func todotxt(_ text: String) -> Document { Document(parsing: text, format: .todotxt) }

/// The one task of a one-line todo.txt file, or of a Markdown `- [ ] ` line built from a body.
func todoTxtTask(_ line: String) -> TodoTask { todotxt(line).tasks[0] }
func markdownTask(_ line: String) -> TodoTask { markdown(line).tasks[0] }
