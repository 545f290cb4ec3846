/// Random notes as people keep them in an Obsidian vault: front matter, headings, prose with trailing spaces,
/// lists indented with tabs (Obsidian's default) or spaces, `*` and `+` bullets, numbered lists (indented too),
/// tasks with `[X]` and other checkboxes and the Tasks and Dataview fields in any order, callouts, tables, code,
/// runs of blank lines, CRLF, no final newline.
struct RandomNote {
    private var rng: SplitMix64
    private var lines: [String] = []
    private var tabs = true

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    static let words = ["Call", "the", "bank", "review", "PR", "notes", "Mom", "café", "日本語", "plan", "**bold**",
                        "[[Link]]", "#tag", "`code`", "https://example.com", "x"]
    static let fields = ["📅 2026-03-01", "⏳ 2026-02-27", "🛫 2026-02-20", "➕ 2026-01-01", "✅ 2026-03-02", "⏫", "🔽",
                         "🔁 every week", "🆔 abc", "⛔ abc", "#area/home", "[due:: 2026-03-01]", "[priority:: high]"]

    /// Makes one note.
    mutating func make() -> String {
        lines = []
        tabs = rng.chance(70)
        if rng.chance(30) { lines += ["---", "tags: [\(word()), note]", "aliases:  ", "---"] }
        for _ in 0..<(1 + rng.below(7)) { block() }
        let crlf = rng.chance(15)
        var text = ""
        for (index, line) in lines.enumerated() {
            text += line
            if index == lines.count - 1, rng.chance(20) { break }
            text += crlf ? "\r\n" : "\n"
        }
        return text
    }

    private mutating func word() -> String { rng.pick(RandomNote.words) }

    private mutating func words(_ count: Int) -> String { (0..<count).map { _ in word() }.joined(separator: " ") }

    private mutating func trailing() -> String { rng.chance(15) ? rng.pick([" ", "  ", "\t"]) : "" }

    private mutating func indent(_ depth: Int) -> String {
        tabs ? String(repeating: "\t", count: depth) : String(repeating: " ", count: depth * rng.pick([2, 4, 4]))
    }

    private mutating func block() {
        switch rng.below(10) {
        case 0: lines.append(String(repeating: "#", count: 1 + rng.below(3)) + " " + words(1 + rng.below(3)) + trailing())
        case 1: lines.append(words(3 + rng.below(6)) + trailing())
        case 2:
            lines.append("> [!\(rng.pick(["todo", "note", "info"]))]\(rng.chance(50) ? " " + words(2) : "")")
            for _ in 0..<(1 + rng.below(3)) {
                lines.append(rng.chance(70) ? "> - [\(rng.pick([" ", "x", "X", "/"]))] \(words(2))\(fields())" : "> \(words(3))")
            }
        case 3:
            lines.append("| \(word()) | \(word()) |")
            lines.append(rng.pick(["| --- | --- |", "|---|:--:|"]))
            for _ in 0..<(1 + rng.below(3)) { lines.append("| \(word()) | - [ ] \(word()) |" + trailing()) }
        case 4:
            lines.append("```" + rng.pick(["", "tasks", "swift"]))
            lines.append(rng.pick(["not done", "- [ ] in code", "\tindented"]))
            lines.append("```")
        default:
            list(depth: 0)
        }
        for _ in 0..<rng.pick([0, 1, 1, 1, 2]) { lines.append(rng.chance(10) ? " " : "") }
    }

    private mutating func fields() -> String {
        rng.chance(40) ? (0..<(1 + rng.below(3))).map { _ in " " + rng.pick(RandomNote.fields) }.joined() : ""
    }

    /// A list whose items are all bullets of one kind, or numbered, at `depth`.
    private mutating func list(depth: Int) {
        let ordered = rng.chance(25)
        let bullet = rng.pick(["-", "-", "*", "+"])
        for number in 1...(1 + rng.below(4)) {
            let marker = ordered ? "\(number)\(rng.chance(80) ? "." : ")")" : bullet
            let content: String
            if rng.chance(70) {
                content = "[\(rng.pick([" ", " ", "x", "X", "/", "-", "?"]))] \(words(1 + rng.below(4)))\(fields())"
            } else {
                content = words(1 + rng.below(4))
            }
            lines.append(indent(depth) + marker + " " + content + trailing())
            if rng.chance(20) { lines.append(indent(depth + 1) + words(2) + trailing()) }
            if depth < 3, rng.chance(30) { list(depth: depth + 1) }
        }
    }
}
