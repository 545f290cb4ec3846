import Foundation
import TodoKit
import XCTest

/// What a Markdown text says besides its tasks, as a CommonMark implementation nobody here wrote renders it:
/// GitHub's cmark-gfm, the reference implementation's fork that renders a `TODO.md` on GitHub (through Python's
/// `cmarkgfm` bindings, which Scripts/install-test-tools installs), run in one long-lived Python process for every
/// text a test asks about. (markdown-it, tried first, reads some lazy continuation lines otherwise than the
/// spec and cmark do.)
///
/// Before rendering, each task line's content (its checkbox and body) is replaced by a mark naming the task
/// (`TODOFMTTASK7`): still paragraph text, so the blocks around it read as before. In the HTML, every list item
/// that is a task is taken out of its place; what is left is the text's `outside`, and each task's item, with
/// its own subtasks' items left as bare marks, is that task's `notes`. Formatting and sorting keep what a text
/// says besides its tasks when both are the same before and after (a task named by the input task it is).
final class CommonMarkHTML {
    /// The rendering of one text. Outside `<pre>` a run of whitespace is one space and none stands at the edges
    /// of a block, as a browser shows it (implementations differ there: cmark drops a tab at the end of a line of
    /// a paragraph, markdown-it keeps it).
    struct Rendering: Equatable {
        /// The HTML with each task's list item as a mark, `<task 7/>`.
        var outside: String
        /// Each task's list item (its notes), by the task's name, with its subtasks' items as marks.
        var notes: [Int: String]
    }

    static let driver = #"""
        import html, json, re, sys
        from html.parser import HTMLParser
        import cmarkgfm
        from cmarkgfm.cmark import Options
        def render(text):
            return cmarkgfm.github_flavored_markdown_to_html(text, options=Options.CMARK_OPT_UNSAFE)
        VOID = {"br", "hr", "img", "input"}
        class Tree(HTMLParser):
            def __init__(self):
                super().__init__(convert_charrefs=False)
                self.root = ["root", [], []]
                self.stack = [self.root]
            def handle_starttag(self, tag, attrs):
                node = [tag, attrs, []]
                self.stack[-1][2].append(node)
                if tag not in VOID:
                    self.stack.append(node)
            def handle_startendtag(self, tag, attrs):
                self.stack[-1][2].append([tag, attrs, []])
            def handle_endtag(self, tag):
                while len(self.stack) > 1:
                    node = self.stack.pop()
                    if node[0] == tag:
                        break
            def handle_data(self, data):
                self.stack[-1][2].append(data)
            def handle_entityref(self, name):
                self.stack[-1][2].append("&" + name + ";")
            def handle_charref(self, name):
                self.stack[-1][2].append("&#" + name + ";")
            def handle_comment(self, data):
                self.stack[-1][2].append("<!--" + data + "-->")
            def handle_decl(self, decl):
                self.stack[-1][2].append("<!" + decl + ">")
            def handle_pi(self, data):
                self.stack[-1][2].append("<?" + data + ">")
            def unknown_decl(self, data):
                self.stack[-1][2].append("<![" + data + "]>")
        def task_of(node):
            # The mark a task's item starts with, in its first text.
            for child in node[2]:
                if isinstance(child, str):
                    if child.strip():
                        text = child.strip()
                        if text.startswith("TODOFMTTASK"):
                            digits = text[len("TODOFMTTASK"):].split()[0] if len(text) > len("TODOFMTTASK") else ""
                            return int("".join(c for c in digits if c.isdigit()) or "-1")
                        return None
                else:
                    found = task_of(child)
                    if found is not None or child[0] in ("p", "h1", "h2", "h3", "h4", "h5", "h6"):
                        return found
                    return None
            return None
        BLOCKS = {"p", "li", "h1", "h2", "h3", "h4", "h5", "h6", "td", "th", "blockquote", "ul", "ol", "table",
                  "thead", "tbody", "tr", "root"}
        def show(node, notes, inside_pre=False):
            # Outside <pre>, a run of whitespace shows as one space, and none at the edges of a block.
            if isinstance(node, str):
                return node if inside_pre else re.sub(r"[ \t\r\n]+", " ", node)
            tag, attrs, children = node
            out = ""
            for child in children:
                if not isinstance(child, str) and child[0] == "li":
                    task = task_of(child)
                    if task is not None:
                        notes[task] = show(child, notes)
                        out += f"<task {task}/>"
                        continue
                out += show(child, notes, inside_pre or tag == "pre")
            if tag in BLOCKS and not inside_pre:
                out = out.strip(" ")
            if tag == "root":
                return out
            shown = "".join(f' {k}="{v}"' for k, v in attrs)
            return f"<{tag}{shown}>" + ("" if tag in VOID else out + f"</{tag}>")
        for line in sys.stdin:
            request = json.loads(line)
            tree = Tree()
            tree.feed(render(request["text"]))
            tree.close()
            notes = {}
            outside = show(tree.root, notes)
            print(json.dumps({"outside": outside, "notes": {str(k): v for k, v in notes.items()}}), flush=True)
        """#

    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffered = Data()

    /// Starts the renderer; a missing Python or cmarkgfm fails in CI and skips elsewhere.
    init() throws {
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = ["python3", "-c", "import cmarkgfm"]
        check.standardError = FileHandle.nullDevice
        check.standardOutput = FileHandle.nullDevice
        do { try check.run() } catch { throw CommonMarkHTML.missing("python3") }
        check.waitUntilExit()
        guard check.terminationStatus == 0 else { throw CommonMarkHTML.missing("Python's cmarkgfm") }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-c", CommonMarkHTML.driver]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// A missing tool skips the test on a developer's machine, and fails it in CI, where it must be there.
    static func missing(_ tool: String) -> Error {
        struct Missing: Error, CustomStringConvertible { var description: String }
        if ProcessInfo.processInfo.environment["CI"] == "true" {
            return Missing(description: "\(tool) is not installed: CI needs it (Scripts/install-test-tools installs it)")
        }
        return XCTSkip("\(tool) is not installed (Scripts/install-test-tools installs it)")
    }

    /// How `document` renders, each task named by `name(k)` (the input task a formatted task is; nil: by its index).
    func render(_ document: Document, naming name: ((Int) -> Int?)? = nil) throws -> Rendering {
        var lines = document.lines.indices.map { String(document.lines.text($0)) + document.lines.ending($0).text }
        for k in document.tasks.indices {
            let index = document.tasks[k].line - 1
            let bytes = Array(document.lines.text(index).utf8)
            // The checkbox: the last `[` before the body.
            var open = min(document.tasks[k].bodyColumn - 1, bytes.count) - 1
            while open > 0, bytes[open] != UInt8(ascii: "[") { open -= 1 }
            let mark = "TODOFMTTASK\(name?(k) ?? k)"
            lines[index] = String(decoding: bytes[..<open], as: UTF8.self) + mark + document.lines.ending(index).text
        }
        let text = (document.hasByteOrderMark ? "\u{FEFF}" : "") + lines.joined()
        var request = try JSONSerialization.data(withJSONObject: ["text": text])
        request.append(0x0A)
        try input.fileHandleForWriting.write(contentsOf: request)
        while !buffered.contains(0x0A) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw CommonMarkHTML.missing("a working cmarkgfm (the renderer stopped)") }
            buffered.append(chunk)
        }
        let end = buffered.firstIndex(of: 0x0A)!
        let answer = buffered[buffered.startIndex..<end]
        buffered = Data(buffered[(end + 1)...])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: answer) as? [String: Any])
        let notes = (object["notes"] as? [String: String] ?? [:]).reduce(into: [Int: String]()) { $0[Int($1.key) ?? -1] = $1.value }
        return Rendering(outside: object["outside"] as? String ?? "", notes: notes)
    }

    /// The first way `change` says something else than its input besides the tasks, as rendered; nil when the
    /// two render the same. Each output task is named by the input task it is.
    func difference(_ change: FormatResult) throws -> String? {
        try difference(from: change.input, to: change.output, origins: change.checked.origins)
    }

    /// As `difference(_:)`, for any change of `input` into `output` whose task `k` is `origins[k]` of the input.
    func difference(from input: Document, to output: Document, origins: [Int?]) throws -> String? {
        let before = try render(input)
        let after = try render(output) { k in origins[k] ?? (10_000 + k) }
        // Sorting reorders the marks of sibling tasks.
        func unnamed(_ html: String) -> String {
            CommonMarkHTML.joiningTaskLists(html.replacingOccurrences(of: #"<task \d+/>"#, with: "<task/>", options: .regularExpression))
                .replacingOccurrences(of: #"^<li><p>(TODOFMTTASK[0-9]+(?s:.*?))</p>"#, with: "<li>$1", options: .regularExpression)
        }
        if unnamed(before.outside) != unnamed(after.outside) {
            return "what is not a task renders otherwise\n--- before\n\(before.outside)\n--- after\n\(after.outside)"
        }
        for (task, html) in before.notes.sorted(by: { $0.key < $1.key }) where unnamed(after.notes[task] ?? "") != unnamed(html) {
            return "task \(task)'s item renders otherwise\n--- before\n\(html)\n--- after\n\(after.notes[task] ?? "(none)")"
        }
        return nil
    }

    /// `html` with each two bullet lists of tasks alone that follow each other as one list: the tasks' own
    /// container, which the canonical form may join (docs/FORMAT.md 5.1, rule 1). (Whether such a list is loose
    /// is its tasks' own look too: a task's item compares without the paragraph around its first line.)
    static func joiningTaskLists(_ html: String) -> String {
        var html = html, before = ""
        while before != html {
            before = html
            html = html.replacingOccurrences(of: #"<ul>((?: ?<task[^>]*/>)+) ?</ul> ?<ul>((?: ?<task[^>]*/>)+) ?</ul>"#,
                                             with: "<ul>$1 $2</ul>", options: .regularExpression)
        }
        return html
    }

    /// `html` without the marks of `tasks`, and without the lists left empty.
    static func removing(_ tasks: Set<Int>, from html: String) -> String {
        var html = html
        for task in tasks { html = html.replacingOccurrences(of: " ?<task \(task)/>", with: "", options: .regularExpression) }
        return joiningTaskLists(html.replacingOccurrences(of: #" ?<(ul|ol)[^>]*> ?</\1>"#, with: "", options: .regularExpression))
            .replacingOccurrences(of: "> <", with: "><")
    }
}
