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
            # Blocks nest; inline tags (raw HTML among them, which may open in one paragraph and never close)
            # stand as they were written, as text.
            def handle_starttag(self, tag, attrs):
                if tag not in BLOCKS and tag != "pre":
                    self.stack[-1][2].append(self.get_starttag_text())
                    return
                node = [tag, attrs, []]
                self.stack[-1][2].append(node)
                self.stack.append(node)
            def handle_startendtag(self, tag, attrs):
                self.stack[-1][2].append([tag, attrs, []])
            def handle_endtag(self, tag):
                if tag not in BLOCKS and tag != "pre":
                    self.stack[-1][2].append(f"</{tag}>")
                    return
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
        def show(node, notes, inside_pre=False, task_item=False):
            # Outside <pre>, a run of whitespace shows as one space, and none at the edges of a block. In a task's
            # item, its paragraphs show without <p> (whether its list is loose is the tasks' look), two paragraphs
            # in a row with a break between them.
            if isinstance(node, str):
                return node if inside_pre else re.sub(r"[ \t\r\n]+", " ", node)
            tag, attrs, children = node
            out = ""
            after_paragraph = False
            for child in children:
                if not isinstance(child, str) and child[0] == "li":
                    task = task_of(child)
                    if task is not None:
                        notes[task] = show(child, notes, task_item=True)
                        out += f"<task {task}/>"
                        after_paragraph = False
                        continue
                if task_item and not isinstance(child, str) and child[0] == "p":
                    out += (" <paragraph-break/> " if after_paragraph else " ") + show(child, notes)[len("<p>"):-len("</p>")] + " "
                    after_paragraph = True
                    continue
                if not isinstance(child, str) or child.strip():
                    after_paragraph = False
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

    private let process: ChildProcess

    /// Starts the renderer; a missing Python or cmarkgfm fails in CI and skips elsewhere.
    init() throws {
        let check = try ChildProcess.run("python3", ["-c", "import cmarkgfm"], stdout: .discarded, stderr: .discarded)
        guard check.status != 127 else { throw CommonMarkHTML.missing("python3") }
        guard check.status == 0 else { throw CommonMarkHTML.missing("Python's cmarkgfm") }
        process = try ChildProcess("python3", ["-u", "-c", CommonMarkHTML.driver], stdin: .pipe, stdout: .pipe, stderr: .discarded)
    }

    deinit {
        process.closeInput()
        _ = try? process.wait()
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
        try process.write(request)
        guard let answer = try process.line() else { throw CommonMarkHTML.missing("a working cmarkgfm (the renderer stopped)") }
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])
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
                .replacingOccurrences(of: "  +", with: " ", options: .regularExpression)
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
    /// is its tasks' own look too: a task's item compares without the `<p>` around its paragraphs.)
    static func joiningTaskLists(_ html: String) -> String {
        // One pass over the bytes: a regular expression applied until nothing changes takes minutes on a long file.
        let bytes = Array(html.utf8)
        func starts(_ literal: String, at i: Int) -> Bool {
            let l = Array(literal.utf8)
            return i + l.count <= bytes.count && bytes[i..<(i + l.count)].elementsEqual(l)
        }
        // `<ul>` holding task marks alone (` ?<task …/>`, one or more) and ` ?</ul>`: the marks, and where it ends.
        func taskList(at start: Int) -> (marks: Range<Int>, end: Int)? {
            guard starts("<ul>", at: start) else { return nil }
            var j = start + 4, count = 0
            while true {
                var k = j
                if k < bytes.count, bytes[k] == UInt8(ascii: " ") { k += 1 }
                guard starts("<task", at: k), let close = bytes[(k + 5)...].firstIndex(of: UInt8(ascii: ">")),
                      bytes[close - 1] == UInt8(ascii: "/") else { break }
                j = close + 1
                count += 1
            }
            var k = j
            if k < bytes.count, bytes[k] == UInt8(ascii: " ") { k += 1 }
            guard count > 0, starts("</ul>", at: k) else { return nil }
            return (start + 4..<j, k + 5)
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            guard let first = taskList(at: i) else {
                out.append(bytes[i])
                i += 1
                continue
            }
            out.append(contentsOf: "<ul>".utf8)
            out.append(contentsOf: bytes[first.marks])
            i = first.end
            while true {
                let next = i < bytes.count && bytes[i] == UInt8(ascii: " ") ? i + 1 : i
                guard let list = taskList(at: next) else { break }
                out.append(UInt8(ascii: " "))
                out.append(contentsOf: bytes[list.marks])
                i = list.end
            }
            out.append(contentsOf: "</ul>".utf8)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `html` without the marks of `tasks`, and without the lists left empty.
    static func removing(_ tasks: Set<Int>, from html: String) -> String {
        var html = html
        for task in tasks { html = html.replacingOccurrences(of: " ?<task \(task)/>", with: "", options: .regularExpression) }
        return joiningTaskLists(html.replacingOccurrences(of: #" ?<(ul|ol)[^>]*> ?</\1>"#, with: "", options: .regularExpression))
            .replacingOccurrences(of: "> <", with: "><")
    }
}
