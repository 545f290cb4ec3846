/// SplitMix64: a small, fast, seedable generator, so every run makes the same documents.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
}

/// Random Markdown todo files: headings (ATX and setext), paragraphs, nested lists of tasks and plain items
/// with odd spacing and tabs, notes, lazy lines, code fences and HTML comments inside and outside items,
/// block quotes, front matter, unicode, trailing whitespace, CRLF mixed with LF, a BOM, no final newline.
/// Every third document is indented with tabs, as an Obsidian vault's are: a nested item one tab right of its
/// parent (or at its content column when that is further), every indentation of 4 columns or more led by tabs.
struct RandomTodoDocument {
    private var rng: SplitMix64
    private var lines: [String] = []
    private var made = 0
    private var tabbed = false

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    static let words = ["buy", "milk", "call", "Mom", "fix", "the", "bug", "écrire", "日本語", "naïve", "🚀", "x",
                        "+garden", "@phone", "due:2026-03-01", "t:2026-02-30", "rec:+1w", "est:30m", "14:30",
                        "https://example.com/a:b", "(B)", "2026-01-02", "[link](http://x.y)", "**bold**", "#tag",
                        "-", "*", "1.", "`code`", "<b>", "key:value", "pri:A",
                        // A value that ends in a colon, which a field glued after it must not join; fields glued to
                        // the word before them, and a field sign in the middle of a line.
                        "due:2026-1:", "key:value:", "note:", "milk🔺", "é⏳ 2026-03-05", "x[due:: 2026-03-01]", "#home📅",
                        "📅", "::"]
    static let boxes: [Character] = [" ", " ", " ", "x", "X", "/", "-", "?", ">", "√"]

    /// Makes one document.
    mutating func make() -> String {
        lines = []
        tabbed = made % 3 == 2
        made += 1
        if rng.chance(10) { lines += ["---", "title: \(word())", "---"] }
        let blocks = 1 + rng.below(6)
        for _ in 0..<blocks { topLevelBlock() }
        return join()
    }

    private mutating func word() -> String { rng.pick(RandomTodoDocument.words) }

    /// Fields of the Obsidian Tasks plugin's emoji and of Dataview, as they end a task's line.
    static let fields = ["📅 2026-03-01", "📅 2026-02-30", "⏳ 2026-02-27", "🛫 2026-02-20", "➕ 2026-01-01", "✅ 2026-03-02",
                         "❌ 2026-03-03", "⏫", "🔺", "🔽\u{FE0F}", "🔁 every week", "🔁 every month on the last when done",
                         "🔁 every blue moon", "🏁 delete", "🆔 abc", "⛔ abc,def", "#tag", "#area/home", "^link1",
                         "📅\u{A0}2026-03-04", "[due:: 2026-03-01]", "(priority:: high)", "[repeat:: every 2 days]",
                         "[completion:: 2026-03-02]", "[id:: x1],", "[dependsOn:: x1]", "[scheduled:: 2026-13-01]"]

    private mutating func field() -> String { rng.pick(RandomTodoDocument.fields) }

    private mutating func words(_ count: Int) -> String {
        (0..<count).map { _ in word() }.joined(separator: rng.chance(10) ? "  " : " ")
    }

    private mutating func trailing() -> String {
        rng.chance(15) ? rng.pick([" ", "  ", "\t", " \t "]) : ""
    }

    private mutating func blanks() {
        for _ in 0..<rng.pick([0, 0, 1, 1, 1, 2, 3]) { lines.append(rng.chance(20) ? rng.pick([" ", "\t", "   "]) : "") }
    }

    private mutating func indentation(_ columns: Int) -> String {
        if columns >= 4, tabbed || rng.chance(20) {
            return String(repeating: "\t", count: columns / 4) + String(repeating: " ", count: columns % 4)
        }
        return String(repeating: " ", count: columns)
    }

    private mutating func topLevelBlock() {
        switch rng.below(12) {
        case 0: lines.append(String(repeating: " ", count: rng.chance(80) ? 0 : rng.below(4)) + String(repeating: "#", count: 1 + rng.below(6)) + rng.pick([" ", "  ", "\t"]) + words(1 + rng.below(3)) + rng.pick(["", "", " ##"]) + trailing())
        case 1:
            lines.append(words(1 + rng.below(3)) + trailing())
            lines.append(rng.pick(["===", "---", "--", "= = ="]) + trailing())
        case 2: lines.append(String(repeating: " ", count: rng.below(4)) + words(2 + rng.below(5)) + trailing())
        case 3: fence(column: rng.below(3))
        case 4: htmlComment(column: 0)
        case 5: lines.append(rng.pick(["> - [ ] quoted task", "> quote", ">     code in quote  ", "***", "- - -"]) + trailing())
        case 6: lines.append("    " + rng.pick(["indented code", "- [ ] not a task", "\tx"]) + trailing())
        default:
            for _ in 0..<(1 + rng.below(4)) { item(column: 0, depth: 0) }
        }
        blanks()
    }

    private mutating func fence(column: Int) {
        let mark = rng.pick(["```", "~~~", "````"])
        let pad = indentation(column)
        lines.append(pad + mark + rng.pick(["", "swift", " text "]))
        for _ in 0..<rng.below(4) {
            lines.append(pad + String(repeating: " ", count: rng.below(5)) + rng.pick(["- [ ] in code", "  x  ", "", "\tcode", "# not a heading"]))
        }
        if rng.chance(90) { lines.append(pad + mark + trailing()) }
    }

    private mutating func htmlComment(column: Int) {
        let pad = indentation(column)
        if rng.chance(50) {
            lines.append(pad + "<!-- " + words(2) + " -->" + trailing())
        } else {
            lines.append(pad + "<!--")
            lines.append(pad + "- [ ] hidden task  ")
            lines.append(pad + "-->")
        }
    }

    /// A list item at `column` (its parent's content column), with notes and nested content.
    private mutating func item(column: Int, depth: Int) {
        let indent = column + (rng.chance(70) ? 0 : rng.below(4))
        let marker = rng.pick(["-", "-", "*", "+", "1.", "2)", "10."])
        let spacing = rng.pick([" ", " ", " ", "  ", "   ", "\t", "     "])
        var content: String
        switch rng.below(10) {
        case 0: content = ""
        case 1, 2, 3: content = words(1 + rng.below(4))
        default:
            let box = rng.pick(RandomTodoDocument.boxes)
            content = "[\(box)]" + (rng.chance(90) ? rng.pick([" ", " ", "  ", "\t"]) + words(1 + rng.below(5)) : "")
            // The Tasks and Dataview dialects: fields at the end, now and then a bad one or one of each dialect.
            // A field may be glued to the word before it, or set apart by a no-break or an ideographic space.
            if rng.chance(20) {
                content += (0..<(1 + rng.below(3))).map { _ in rng.pick([" ", " ", " ", "", "\u{A0}", "\u{3000}"]) + field() }.joined()
            }
        }
        let prefix = indentation(indent) + marker
        lines.append(prefix + (content.isEmpty ? "" : spacing + content) + trailing())
        let spacingColumns = spacing == "\t" ? 4 - (indent + marker.count) % 4 : spacing.count
        let contentColumn = content.isEmpty || spacingColumns > 4 ? indent + marker.count + 1 : indent + marker.count + spacingColumns
        let parts = rng.below(depth > 3 ? 2 : 5)
        for _ in 0..<parts {
            switch rng.below(9) {
            case 0, 1:
                // A note line, at the content column or a little off.
                lines.append(indentation(contentColumn + rng.pick([0, 0, 1, -1, 2, 4, 5])) + words(1 + rng.below(4)) + trailing())
            case 2:
                // A lazy line.
                lines.append(indentation(rng.below(3)) + rng.pick([words(2), "===", "- lazy?", "  more"]) + trailing())
            case 3:
                if rng.chance(50) { lines.append("") }
                fence(column: contentColumn + rng.below(2))
            case 4:
                htmlComment(column: contentColumn)
            case 5:
                lines.append(rng.pick(["", " ", ""]))
                lines.append(indentation(contentColumn + 4 + rng.below(2)) + "indented code  ")
            case 6:
                lines.append(rng.pick(["", "", "  "]))
            default:
                // One tab right of this item, but still its child: 0 to 3 columns right of its content column.
                item(column: tabbed ? min(max(indent + 4, contentColumn), contentColumn + 3) : contentColumn, depth: depth + 1)
            }
        }
    }

    private mutating func join() -> String {
        var text = rng.chance(5) ? "\u{FEFF}" : ""
        let crlf = rng.chance(25), mixed = rng.chance(15)
        for (index, line) in lines.enumerated() {
            text += line
            if index == lines.count - 1, rng.chance(20) { break }
            text += (crlf != (mixed && rng.chance(30))) ? "\r\n" : "\n"
        }
        return text
    }
}

extension RandomTodoDocument {
    /// Makes one todo.txt file: lines with and without the `x ` mark, priorities (lowercase and misplaced
    /// ones too), dates real and not, indentation, blank lines, tags, trailing whitespace, mixed line endings.
    mutating func makeTodoTxt() -> String {
        var lines: [String] = []
        for _ in 0..<(1 + rng.below(8)) {
            if rng.chance(10) {
                lines.append(rng.pick(["", " ", "\t"]))
                continue
            }
            var line = rng.chance(10) ? rng.pick([" ", "  ", "\t"]) : ""
            if rng.chance(30) { line += rng.pick(["x ", "x  ", "X ", "x"]) }
            if rng.chance(35) { line += rng.pick(["(A) ", "(B)  ", "(c) ", "(Z)\t"]) }
            if rng.chance(30) { line += rng.pick(["2026-01-02 ", "2026-02-30 ", "2025-12-31  "]) }
            if rng.chance(20) { line += rng.pick(["2026-01-01 ", "(C) "]) }
            line += (0..<rng.below(5)).map { _ in rng.pick(RandomTodoDocument.words) }.joined(separator: rng.chance(10) ? "  " : " ")
            if rng.chance(15) { line += rng.pick([" ", "  ", "\t", " \t "]) }
            lines.append(line)
        }
        var text = rng.chance(5) ? "\u{FEFF}" : ""
        let crlf = rng.chance(25)
        for (index, line) in lines.enumerated() {
            text += line
            if index == lines.count - 1, rng.chance(20) { break }
            text += crlf != rng.chance(5) ? "\r\n" : (rng.chance(3) ? "\r" : "\n")
        }
        return text
    }
}
