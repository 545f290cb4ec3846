#if canImport(TodoKit)
import TodoKit
#endif

/// The properties every todo text has, whatever it holds: what the seeded property tests check on random
/// documents and the fuzzer (`Fuzz/`, `Scripts/fuzz`) checks on the inputs it makes. This file is compiled
/// both into the test target and, with TodoKit's sources, into the fuzz target, so it uses only the
/// library's public interface and no test framework.
///
/// - the text reads back as itself: `Document(parsing: x).text == x`;
/// - formatting comes out (safe mode finds no difference), and exactly one more pass gives the same text,
///   without sorting and sorted by each key list given;
/// - `done` then `undo` gives the text back byte for byte;
/// - `rm` and `mv` leave every other task meaning what it meant, and `mv` keeps what the moved tasks say;
/// - read as a note, formatting changes only its task lines' fields;
/// - every edit changes no line outside the lines it was asked to change (`keepsUnpatchedLines`);
/// - every edit of the text's canonical form gives a canonical text, but for lines it was not asked to change;
/// - a merge where only one side changed the text (formatted it) gives that side's text, cleanly;
/// - a merge of two edits (`done` of a task on one side; `rm`, `mv` or `done` of the next on the other) that
///   reports no conflict is explained task by task (`MergeExplanation`): `mergingEdits`, which the fuzzer, the
///   seeds and `MergeEditsPropertyTests` check (the merges cost too much to run on every random document);
/// - a random merge drawn from the fuzz input's bytes (`RandomMergeScenario`) is written, and where it reports no
///   conflict it is what its sides meant: `mergingScenario`, which the fuzzer checks on every input
///   and `MergeAgainstGitPropertyTests` on thousands of seeded ones;
/// - any three versions merge, and a clean merge of them is explained where their readings can tell
///   (`violations(ofMergeInput:)`, the merge fuzz target's property).
///
/// An edit may refuse (a task that cannot be completed as written, a list that cannot be placed); a
/// refusal changes nothing and breaks no property. Every property broken is one `Violation`.
enum TodoProperties {
    struct Violation: CustomStringConvertible {
        var property: String
        var detail: String
        var description: String { "\(property): \(detail)" }
    }

    /// The sort key lists the fuzzer chooses from; the property tests use them in turn.
    static let sortKeyLists: [[SortKey]] = [
        SortKey.defaultOrder,
        (try? SortKey.parseOrder("-created,text")) ?? [],
        (try? SortKey.parseOrder("project,-priority,context")) ?? [],
        (try? SortKey.parseOrder("completed,-due,t,size")) ?? [],
    ]

    /// The date edits complete tasks on.
    static let today = CalendarDate(year: 2026, month: 3, day: 1)!

    /// How many edits were tried and how many of them were refused, by kind (`done`, `rm`, `mv`): a test
    /// holds the refusals to a small share, so that the edit properties are not kept by refusing.
    struct Tally {
        var tried: [String: Int] = [:]
        var refused: [String: Int] = [:]

        mutating func count(_ kind: String, refused: Bool) {
            tried[kind, default: 0] += 1
            if refused { self.refused[kind, default: 0] += 1 }
        }
    }

    /// Every property of `text` read as `format`: formatting unsorted and sorted by `keys`, and the edits
    /// on the tasks `pick` chooses (each index is taken modulo the number of tasks).
    static func violations(of text: String, format: FileFormat, sortedBy keys: [SortKey],
                           editing pick: [Int] = [0]) -> [Violation] {
        var tally = Tally()
        return violations(of: text, format: format, sortedBy: keys, editing: pick, tally: &tally)
    }

    /// `violations(of:format:sortedBy:editing:)`, counting the edits tried and refused in `tally`.
    /// `share`: how many documents share out the edits of a canonical text (each runs every `share`-th kind,
    /// chosen by the first pick), so that thousands of documents are checked in a few seconds.
    static func violations(of text: String, format: FileFormat, sortedBy keys: [SortKey],
                           editing pick: [Int], tally: inout Tally, share: Int = 1) -> [Violation] {
        var found: [Violation] = []
        let document = Document(parsing: text, format: format)
        if !document.text.utf8.elementsEqual(text.utf8) {
            found.append(Violation(property: "round trip", detail: "the document's text is not the input"))
        }
        found += formatting(text, format: format, sortedBy: nil)
        if format == .markdown { found += noteFormatting(text) }
        found += merging(text, format: format)
        if !keys.isEmpty { found += formatting(text, format: format, sortedBy: keys) }
        guard !document.tasks.isEmpty else { return found }
        var chosen: [Int] = []
        for p in pick where !chosen.contains(p % document.tasks.count) { chosen.append(p % document.tasks.count) }
        for task in chosen {
            found += doneThenUndo(document, task: task, tally: &tally)
            found += removal(document, task: task, tally: &tally)
            if format == .markdown { found += move(document, task: task, tally: &tally) }
        }
        found += canonicalEdits(text, format: format, task: pick.first ?? 0, share: share)
        return found
    }

    // MARK: Fuzz inputs

    /// What a fuzz input asks for: its first byte chooses the format (bit 0: Markdown or todo.txt) and the
    /// sort key list (the rest, modulo `sortKeyLists`), its second byte the task to edit; the rest is the
    /// text (invalid UTF-8 repaired, NUL bytes dropped, as no file's text holds them).
    struct FuzzInput {
        var format: FileFormat
        var keys: [SortKey]
        var pick: Int
        var text: String

        init(_ bytes: [UInt8]) {
            let first = bytes.first ?? 0
            format = first & 1 == 0 ? .markdown : .todotxt
            keys = TodoProperties.sortKeyLists[Int(first >> 1) % TodoProperties.sortKeyLists.count]
            pick = bytes.count > 1 ? Int(bytes[1]) : 0
            let body = Array(bytes.dropFirst(2))
            switch SourceDecoder.decode(body) {
            case .success(let text): self.text = text
            case .failure: text = String(decoding: body.filter { $0 != 0 }, as: UTF8.self)
            }
        }

        /// The header bytes that make `text` an input for `format` and sort key list `keys`.
        static func header(format: FileFormat, keys: Int, pick: UInt8 = 0) -> [UInt8] {
            [UInt8(keys << 1) | (format == .markdown ? 0 : 1), pick]
        }
    }

    /// Every property of a fuzz input (see `FuzzInput`), the merge of two edits and a merge drawn from its bytes
    /// included.
    static func violations(ofFuzzInput bytes: [UInt8]) -> [Violation] {
        let input = FuzzInput(bytes)
        let document = Document(parsing: input.text, format: input.format)
        return violations(of: input.text, format: input.format, sortedBy: input.keys, editing: [input.pick])
            + (document.tasks.isEmpty ? [] : mergingEdits(document, task: input.pick % document.tasks.count))
            + mergingScenario(bytes)
    }

    // MARK: Formatting

    static func formatting(_ text: String, format: FileFormat, sortedBy keys: [SortKey]?) -> [Violation] {
        let name = keys.map { "format sorted by \($0.map(\.description).joined(separator: ","))" } ?? "format"
        let once: String
        do { once = try Formatter.format(text, as: format, sortedBy: keys).text } catch {
            // Safe mode refuses, by design, a line starting with U+FEFF that the canonical form or the sort
            // would put first, where it would read as a byte order mark; any other input formats.
            if text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).dropFirst()
                .contains(where: { $0.unicodeScalars.first == "\u{FEFF}" }) { return [] }
            return [Violation(property: name, detail: "safe mode refused the input: \(error)")]
        }
        let twice: String
        do { twice = try Formatter.format(once, as: format, sortedBy: keys).text } catch {
            return [Violation(property: name, detail: "safe mode refused the formatter's own output: \(error)\n--- once\n\(once.debugDescription)")]
        }
        if !twice.utf8.elementsEqual(once.utf8) {
            return [Violation(property: name, detail: "a second pass changed the output\n--- once\n\(once.debugDescription)\n--- twice\n\(twice.debugDescription)")]
        }
        return []
    }

    // MARK: Notes

    /// The text read as a note (docs/FORMAT.md 1.5): formatting it changes only its task lines' fields, and with
    /// `format-notes = off` nothing.
    static func noteFormatting(_ text: String) -> [Violation] {
        let note = Document(parsing: text, kind: .note)
        guard let result = try? Formatter.format(note) else {
            return [Violation(property: "format as a note", detail: "safe mode refused it")]
        }
        if let problem = changedOutsideFields(note, result.output) {
            return [Violation(property: "format as a note", detail: "\(problem)\n--- output\n\(result.text.debugDescription)")]
        }
        if (try? Formatter.format(note, options: FormatOptions(ordersNoteFields: false)))?.isChanged != false {
            return [Violation(property: "format as a note", detail: "format-notes = off changed the note or was refused")]
        }
        return []
    }

    /// How `output`, formatted from the note `input`, changed something else than its task lines' fields.
    static func changedOutsideFields(_ input: Document, _ output: Document) -> String? {
        guard input.lines.count == output.lines.count else { return "the number of lines changed" }
        for index in input.lines.indices {
            let before = input.lines[index], after = output.lines[index]
            guard before.ending == after.ending else { return "line \(index + 1)'s ending changed" }
            if before.text.utf8.elementsEqual(after.text.utf8) { continue }
            guard let task = input.task(atLine: index + 1) else { return "line \(index + 1), no task line, changed" }
            // The line up to the description and its trailing whitespace stay; the fields may move.
            let body = input.tasks[task].body
            let head = input.tasks[task].bodyColumn - 1 + body.descriptionStart
            let a = Array(before.text.utf8), b = Array(after.text.utf8)
            let tail = a.reversed().prefix { $0 == 0x20 || $0 == 0x09 }.count
            guard b.starts(with: a[..<head]), b.reversed().prefix(while: { $0 == 0x20 || $0 == 0x09 }).count == tail else {
                return "line \(index + 1) changed outside its fields"
            }
        }
        return nil
    }

    // MARK: Merging

    /// A merge where one side changed nothing gives the other side's text, cleanly, whichever side changed:
    /// here the change is the file put in canonical form.
    static func merging(_ text: String, format: FileFormat) -> [Violation] {
        guard let changed = try? Formatter.format(text, as: format).text else { return [] }
        var found: [Violation] = []
        for (ours, theirs) in [(text, changed), (changed, text)] {
            guard let result = try? ThreeWayMerge.merge(base: text, ours: ours, theirs: theirs, format: format) else {
                found.append(Violation(property: "merge", detail: "a merge where only one side changed could not be written"))
                break
            }
            if result.hasConflicts || !result.text.utf8.elementsEqual(changed.utf8) {
                found.append(Violation(property: "merge", detail: "a merge where only one side changed gave \(result.conflicts.count) conflicts and\n\(result.text.debugDescription)"))
                break
            }
        }
        return found
    }

    /// Two edits made on two sides and merged: `done` of `task` on one side; `rm`, `mv` (Markdown) or `done` of
    /// the next task on the other (which, and which side is ours, chosen by `task`). A clean merge must be
    /// explained task by task. Files of more than 12 tasks are left out: the explanation tries every pairing
    /// of tasks that share a text.
    static func mergingEdits(_ document: Document, task: Int) -> [Violation] {
        guard document.tasks.count <= 12, document.tasks[task].isOpen,
              let done = try? StatusChange.complete(lines: [document.tasks[task].line], in: document, today: today, subtasks: .force) else { return [] }
        let line = document.tasks[(task + 1) % document.tasks.count].line
        let kinds = document.format == .markdown ? ["rm", "mv", "done"] : ["rm", "done"]
        let kind = kinds[task % kinds.count]
        let other: EditResult?
        switch kind {
        case "rm": other = try? TaskEditor.remove(lines: [line], in: document)
        case "mv": other = try? TaskMover.move(lines: [line], to: ListPath(titles: ["Moved"]), in: document)
        default: other = try? StatusChange.complete(lines: [line], in: document, today: today, subtasks: .force)
        }
        guard let other else { return [] }
        let (ours, theirs) = (task / kinds.count) % 2 == 0 ? (done.document.text, other.document.text) : (other.document.text, done.document.text)
        // A merge that cannot be written even as a conflict writes nothing (git merges the file line by line).
        guard let merged = try? ThreeWayMerge.merge(base: document.text, ours: ours, theirs: theirs, format: document.format),
              !merged.hasConflicts, let failure = MergeExplanation.failure(base: document.text, ours: ours, theirs: theirs, merged: merged.text,
                                                                            format: document.format, rewords: []) else { return [] }
        return [Violation(property: "merge of done \(document.tasks[task].line) and \(kind) \(line)",
                          detail: "\(failure)\n--- ours\n\(ours.debugDescription)\n--- theirs\n\(theirs.debugDescription)\n--- merged\n\(merged.text.debugDescription)")]
    }

    /// A random three-way merge (`RandomMergeScenario`) whose every choice is drawn from `bytes`, in the format
    /// their first bit says, the sides in the order their second bit says: the merge is written (cleanly or as a
    /// conflict), and a clean merge is what the sides meant.
    static func mergingScenario(_ bytes: [UInt8]) -> [Violation] {
        var drawn = DrawnBytes(bytes)
        let format: FileFormat = (bytes.first ?? 0) & 1 == 0 ? .markdown : .todotxt
        let swapped = (bytes.first ?? 0) & 2 != 0
        let scenario = RandomMergeScenario(format: format, using: &drawn)
        let (ours, theirs) = swapped ? (scenario.theirs, scenario.ours) : (scenario.ours, scenario.theirs)
        let detail = "\nours: \(swapped ? scenario.theirsEdits : scenario.oursEdits)\ntheirs: \(swapped ? scenario.oursEdits : scenario.theirsEdits)"
            + "\n--- base\n\(scenario.base.debugDescription)\n--- ours\n\(ours.debugDescription)\n--- theirs\n\(theirs.debugDescription)"
        guard let merged = try? ThreeWayMerge.merge(base: scenario.base, ours: ours, theirs: theirs, format: format) else {
            return [Violation(property: "merge of a random scenario", detail: "the merge could not be written even as a conflict" + detail)]
        }
        guard !merged.hasConflicts, let failure = scenario.unexplained(merged: merged.text, swapped: swapped) else { return [] }
        return [Violation(property: "merge of a random scenario", detail: failure + detail + "\n--- merged\n\(merged.text.debugDescription)")]
    }

    /// Three versions of a file as the merge fuzz target takes them (`Fuzz/MergeFuzz.swift`): the first byte's
    /// lowest bit chooses the format (Markdown or todo.txt), and the rest is the base, ours and theirs, split at
    /// the first two NUL bytes (no file's text holds one); a version missing is empty. Invalid UTF-8 is repaired.
    struct MergeInput {
        var format: FileFormat
        var base: String
        var ours: String
        var theirs: String

        init(_ bytes: [UInt8]) {
            format = (bytes.first ?? 0) & 1 == 0 ? .markdown : .todotxt
            var parts = bytes.dropFirst().split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
                .map { String(decoding: $0.filter { $0 != 0 }, as: UTF8.self) }
            while parts.count < 3 { parts.append("") }
            (base, ours, theirs) = (parts[0], parts[1], parts[2])
        }

        /// The bytes that make these versions an input.
        static func bytes(format: FileFormat, base: String, ours: String, theirs: String) -> [UInt8] {
            [format == .markdown ? 0 : 1] + Array(base.utf8) + [0] + Array(ours.utf8) + [0] + Array(theirs.utf8)
        }
    }

    /// The merge of three arbitrary versions (`MergeInput`), both ways round: it comes out, as a merge or as a
    /// refusal to write anything (a file whose conflict would not read back); a clean result reads back as
    /// itself, holds no more tasks than the three versions together, and, where the versions are small enough
    /// for every reading of them to be tried and no side may have reworded a task or completed a recurring
    /// one (what the readings cannot tell without a model), it is explained task by task (`MergeExplanation`).
    static func violations(ofMergeInput bytes: [UInt8]) -> [Violation] {
        let input = MergeInput(bytes)
        let detail = "\n--- base\n\(input.base.debugDescription)\n--- ours\n\(input.ours.debugDescription)\n--- theirs\n\(input.theirs.debugDescription)"
        var found: [Violation] = []
        for (ours, theirs) in [(input.ours, input.theirs), (input.theirs, input.ours)] {
            guard let merged = try? ThreeWayMerge.merge(base: input.base, ours: ours, theirs: theirs, format: input.format),
                  !merged.hasConflicts else { continue }
            let property = ours == input.ours ? "merge of three versions" : "merge of three versions, sides swapped"
            let read = Document(parsing: merged.text, format: input.format)
            let tasks = [input.base, ours, theirs].map { Document(parsing: $0, format: input.format).tasks.count }
            if !read.text.utf8.elementsEqual(merged.text.utf8) || read.tasks.count > tasks.reduce(0, +) {
                found.append(Violation(property: property, detail: "the clean result does not read back as its tasks" + detail))
                continue
            }
            guard explainable(base: input.base, ours: ours, theirs: theirs, format: input.format),
                  let failure = MergeExplanation.failure(base: input.base, ours: ours, theirs: theirs, merged: merged.text,
                                                         format: input.format, rewords: []) else { continue }
            found.append(Violation(property: property, detail: failure + detail + "\n--- merged\n\(merged.text.debugDescription)"))
        }
        return found
    }

    /// Whether every reading of the versions can be tried (at most 12 tasks each) and tells what the sides did
    /// without a model: no side holds fewer tasks of one text and more of another than the base (a rewording,
    /// which only a model knows), and no side holds more tasks of a recurring base task's text (a completion's
    /// next occurrence, which the readings take for a task added).
    private static func explainable(base: String, ours: String, theirs: String, format: FileFormat) -> Bool {
        let b = MergeExplanation.Version(base, format)
        let baseCounts = Dictionary(b.tasks.map { ($0.text, 1) }, uniquingKeysWith: +)
        let recurring = Set(b.tasks.filter { $0.recurrence != nil }.map(\.text))
        guard b.tasks.count <= 12 else { return false }
        for side in [ours, theirs] {
            let s = MergeExplanation.Version(side, format)
            guard s.tasks.count <= 12 else { return false }
            let counts = Dictionary(s.tasks.map { ($0.text, 1) }, uniquingKeysWith: +)
            let fewer = baseCounts.contains { counts[$0.key, default: 0] < $0.value }
            let more = counts.filter { $0.value > baseCounts[$0.key, default: 0] }
            if fewer && !more.isEmpty { return false }
            if more.keys.contains(where: recurring.contains) { return false }
        }
        return true
    }

    /// Random numbers drawn from bytes, eight at a time (mixed, so that every byte moves every choice), and after
    /// them a fixed sequence: a fuzzer's input as the choices of a random generator.
    struct DrawnBytes: RandomNumberGenerator {
        private let bytes: [UInt8]
        private var position = 0
        private var state: UInt64 = 0x9E37_79B9_7F4A_7C15

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        mutating func next() -> UInt64 {
            var drawn: UInt64 = 0
            for _ in 0..<8 {
                drawn = drawn << 8 | UInt64(position < bytes.count ? bytes[position] : 0)
                position += 1
            }
            // SplitMix64's step.
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state ^ drawn
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    // MARK: Edits

    /// `done` on an open task, then `undo` on the line it ended on, gives the text back.
    static func doneThenUndo(_ document: Document, task: Int, tally: inout Tally) -> [Violation] {
        let line = document.tasks[task].line
        guard document.tasks[task].isOpen else { return [] }
        let completed: EditResult
        do { completed = try StatusChange.complete(lines: [line], in: document, today: today, subtasks: .force) } catch {
            tally.count("done", refused: true)
            return refusal(error, "done \(line)")
        }
        tally.count("done", refused: false)
        if let violation = keepsUnpatchedLines(completed, property: "done \(line)") { return [violation] }
        guard let after = completed.newLine(forOriginal: line) else {
            // `🏁 delete` removes the done line, and only it (a next occurrence may come): nothing to undo.
            if document.tasks[task].fields.onCompletion == .delete {
                var text = document.hasByteOrderMark ? "\u{FEFF}" : ""
                for index in document.lines.indices where index != line - 1 {
                    text += document.lines.text(index) + document.lines.ending(index).text
                }
                return recurrenceKept(Document(parsing: text, format: document.format), completed.document, line: line,
                                      allowingNone: true)
            }
            return [Violation(property: "done then undo", detail: "line \(line) is gone after done")]
        }
        let reopened: EditResult
        do { reopened = try StatusChange.reopen(lines: [after], in: completed.document) } catch {
            return [Violation(property: "done then undo", detail: "undo of line \(after) failed: \(error)\n--- done\n\(completed.document.text.debugDescription)")]
        }
        // A recurring task's next occurrence stays after undo; everything else is as it was.
        var expected = document.text
        if completed.document.tasks.count > document.tasks.count {
            return recurrenceKept(document, reopened.document, line: line)
        }
        if !reopened.document.text.utf8.elementsEqual(expected.utf8) {
            expected = expected.debugDescription
            return [Violation(property: "done then undo", detail: "line \(line) did not come back\n--- input\n\(expected)\n--- done\n\(completed.document.text.debugDescription)\n--- undone\n\(reopened.document.text.debugDescription)")]
        }
        return []
    }

    /// After `done` added a next occurrence and `undo` reopened the task, the original's lines are all there,
    /// in order, with one more task line among them.
    private static func recurrenceKept(_ original: Document, _ undone: Document, line: Int, allowingNone: Bool = false) -> [Violation] {
        let before = original.lines.indices.map { original.lines.text($0) }
        var after = undone.lines.indices.map { undone.lines.text($0) }
        var k = 0
        after.removeAll { text in
            if k < before.count, text == before[k] {
                k += 1
                return false
            }
            return true
        }
        guard k == before.count, after.count == before.count || allowingNone && undone.lines.count == before.count else {
            return [Violation(property: "done then undo", detail: "line \(line) recurred, and undo did not give the other lines back")]
        }
        return []
    }

    /// `rm` removes the task's block: every other task is still there, meaning what it meant, in order.
    static func removal(_ document: Document, task: Int, tally: inout Tally) -> [Violation] {
        let result: EditResult
        do { result = try TaskEditor.remove(lines: [document.tasks[task].line], in: document) } catch {
            tally.count("rm", refused: true)
            return refusal(error, "rm \(document.tasks[task].line)")
        }
        tally.count("rm", refused: false)
        if let violation = keepsUnpatchedLines(result, property: "rm \(document.tasks[task].line)") { return [violation] }
        let removed = Set([task] + Array(document.descendants(of: task)))
        let kept = document.tasks.indices.filter { !removed.contains($0) }
        return sameMeanings(result.document, kept.map { document.meaning(of: $0) }, property: "rm \(document.tasks[task].line)")
    }

    /// `mv` to another list: the tasks not moved mean what they meant, in order; the moved ones keep what
    /// they say and land in the list.
    static func move(_ document: Document, task: Int, tally: inout Tally) -> [Violation] {
        let list = ListPath(titles: ["Moved"])
        let result: EditResult
        do { result = try TaskMover.move(lines: [document.tasks[task].line], to: list, in: document) } catch {
            tally.count("mv", refused: true)
            return refusal(error, "mv \(document.tasks[task].line)")
        }
        tally.count("mv", refused: false)
        if let violation = keepsUnpatchedLines(result, property: "mv \(document.tasks[task].line)") { return [violation] }
        let moved = Set([task] + Array(document.descendants(of: task)))
        let property = "mv \(document.tasks[task].line)"
        var found = sameMeanings(result.document, document.tasks.indices.filter { !moved.contains($0) }.map { document.meaning(of: $0) },
                                 property: property, skipping: { $0.list.last == "Moved" })
        let arrived = result.document.tasks.indices.filter { result.document.meaning(of: $0).list.last == "Moved" }
        let baseDepth = document.tasks[task].depth
        var wanted = moved.sorted().map { document.meaning(of: $0) }
        for k in wanted.indices { wanted[k].depth -= baseDepth }
        let got = arrived.map { result.document.meaning(of: $0) }
        let suffix = got.suffix(wanted.count)
        if suffix.count != wanted.count {
            found.append(Violation(property: property, detail: "the moved tasks are not all in the list"))
        } else {
            for (want, have) in zip(wanted, suffix) {
                var want = want
                want.list = have.list
                if want != have {
                    found.append(Violation(property: property, detail: "a moved task \(want.differences(from: have).first ?? "changed")"))
                    break
                }
            }
        }
        return found
    }

    /// Every edit of a canonical text gives a canonical text wherever it may: the text is put in canonical form,
    /// and each edit (on the task `task` chooses, its list, or the whole file) must leave it so, but for lines it
    /// was not asked to change, which it leaves as they were (`editedLines`). With a `share` above 1, only the
    /// kinds `k` with `k % share == task % share` run.
    static func canonicalEdits(_ text: String, format: FileFormat, task: Int, share: Int = 1) -> [Violation] {
        guard let canonical = try? Formatter.format(text, as: format).text else { return [] }
        let document = Document(parsing: canonical, format: format)
        guard !document.tasks.isEmpty else { return [] }
        let index = task % document.tasks.count
        let line = document.tasks[index].line
        let list = ListPath(titles: document.list(of: index))
        let edits: [(String, () throws -> [(Document, EditResult?)])] = [
            ("done", { [edited(try StatusChange.complete(lines: [line], in: document, today: today, subtasks: .recursive))] }),
            ("undo", {
                let closed = document.tasks[index].isOpen
                    ? try StatusChange.complete(lines: [line], in: document, today: today, subtasks: .force) : EditResult(unchanged: document)
                return [edited(try StatusChange.reopen(lines: [closed.newLine(forOriginal: line) ?? line], in: closed.document))]
            }),
            ("toggle", { [edited(try StatusChange.toggle(lines: [line], in: document, today: today, subtasks: .force))] }),
            ("rm", { [edited(try TaskEditor.remove(lines: [line], in: document))] }),
            ("mv", { [edited(try TaskMover.move(lines: [line], to: ListPath(titles: ["Moved"]), in: document))] }),
            ("review", { [edited(try TaskMover.move(lines: try list.openTasks(in: document).map(\.line), to: ListPath(titles: ["Backlog"]), in: document))] }),
            ("archive", {
                let archived = try Archiver.archive(document, into: Document(parsing: "", format: format))
                return [edited(archived.source), (archived.archive, nil)]
            }),
            ("add", { [edited(try TaskInsertion.add(NewTask(text: "(B) new +p due:2026-03-04", list: list.titles.isEmpty ? nil : list), to: document, today: today))] }),
            ("pri", { [edited(try TaskEditor.setPriority(Priority("C")!, lines: [line], in: document))] }),
            ("depri", { [edited(try TaskEditor.removePriority(lines: [line], in: document))] }),
            ("due", { [edited(try TaskEditor.setTag("due", to: "2026-03-05", lines: [line], in: document, today: today))] }),
            ("postpone", { [edited(try TaskEditor.postpone(lines: [line], by: Period(count: 1, unit: .week), from: .dueDateOrToday(today), in: document))] }),
            ("tag", { [edited(try TaskEditor.setTag("who", to: "ann", lines: [line], in: document, today: today))] }),
            ("note", { [edited(try TaskEditor.addNote("a note", line: line, in: document))] }),
            ("replace", { [edited(try TaskEditor.replace(line: line, with: "new words @home", in: document, today: today))] }),
            ("replace --keep-tags", { [edited(try TaskEditor.replace(line: line, with: "new words", in: document, today: today, keepingTags: true))] }),
            ("append", { [edited(try TaskEditor.append("more words", lines: [line], in: document, today: today))] }),
            ("prepend", { [edited(try TaskEditor.prepend("first", lines: [line], in: document, today: today))] }),
            ("addlist", { [edited(try ListEditor.add(ListPath(titles: list.titles + ["New"]), in: document))] }),
            ("renamelist", { [edited(try ListEditor.rename(list, to: "Renamed", in: document))] }),
            ("rmlist", { [edited(try ListEditor.remove(list, tasks: .remove, in: document))] }),
            ("cap", { [edited(try ListEditor.setCap(3, of: list, in: document))] }),
            ("cap none", { [edited(try ListEditor.setCap(nil, of: list, in: try ListEditor.setCap(2, of: list, in: document).document))] }),
            ("rmlist --to", { [edited(try ListEditor.remove(list, tasks: .move(to: ListPath(titles: ["Elsewhere"])), in: document))] }),
        ]
        var found: [Violation] = []
        for (kind, (name, edit)) in edits.enumerated() where kind % share == task % share {
            let results: [(Document, EditResult?)]
            do { results = try edit() } catch {
                if error is EditError || error is TypedTextError { continue }
                found.append(Violation(property: "canonical \(name) \(line)", detail: "failed: \(error)"))
                continue
            }
            for case let (_, edit?) in results {
                if let violation = keepsUnpatchedLines(edit, property: "\(name) \(line)") { found.append(violation) }
            }
            for (result, edit) in results {
                guard let formatted = try? Formatter.format(result.text, as: format), formatted.isChanged,
                      edit.map({ changesOnlyKeptLines($0, towards: formatted.output) }) != true else { continue }
                found.append(Violation(property: "canonical \(name) \(line)", detail: "the edit of a canonical text is not canonical\n--- input\n\(canonical.debugDescription)\n--- edited\n\(result.text.debugDescription)\n--- canonical\n\(formatted.text.debugDescription)"))
                break
            }
        }
        return found
    }

    private static func edited(_ result: EditResult) -> (Document, EditResult?) { (result.document, result) }

    /// An edit changes no line outside the lines it was asked to change: every other line is in the result, the
    /// same bytes, in order. A line ending may change only where keeping it would join two lines (a last line
    /// without one that is no longer last, an empty line after a lone CR), and a todo file may lose a blank line
    /// its canonical form does not keep.
    static func keepsUnpatchedLines(_ edit: EditResult, property: String) -> Violation? {
        let original = edit.original, result = edit.document
        var patched = [Bool](repeating: false, count: original.lines.count)
        for patch in edit.patches { for line in patch.range { patched[line] = true } }
        var last = 0
        for line in original.lines.indices where !patched[line] {
            guard let new = edit.lineMap[line] else {
                if original.kind == .todoFile, original.lines[line].isBlank { continue }
                return Violation(property: property, detail: "line \(line + 1), which the edit was not asked to change, is gone\n\(result.text.debugDescription)")
            }
            let before = original.lines[line], after = result.lines[new - 1]
            let endingMayChange = before.ending == .none && new < result.lines.count
                || before.text.isEmpty && before.ending == .lf && after.ending == .cr && new > 1 && result.lines.ending(new - 2) == .cr
            guard new > last, before.text.utf8.elementsEqual(after.text.utf8), before.ending == after.ending || endingMayChange else {
                return Violation(property: property, detail: "line \(line + 1), which the edit was not asked to change, became line \(new): \(String(after.text).debugDescription)\n--- input\n\(original.text.debugDescription)\n--- edited\n\(result.text.debugDescription)")
            }
            last = new
        }
        return nil
    }

    /// Whether the canonical form of an edit's result differs from it only in lines the edit kept as they were.
    private static func changesOnlyKeptLines(_ edit: EditResult, towards canonical: Document) -> Bool {
        var kept = Set<Int>()
        var patched = [Bool](repeating: false, count: edit.original.lines.count)
        for patch in edit.patches { for line in patch.range { patched[line] = true } }
        for (line, new) in edit.lineMap.enumerated() where !patched[line] { if let new { kept.insert(new - 1) } }
        let result = edit.document
        let map = Formatter.lineMap(from: result, toCanonical: canonical)
        var image = Set<Int>()
        for line in result.lines.indices {
            guard let new = map[line] else { return false }
            image.insert(new)
            if !kept.contains(line), !result.lines.text(line).utf8.elementsEqual(canonical.lines.text(new).utf8) { return false }
        }
        return image.count == canonical.lines.count
    }

    /// An edit may refuse, saying why, and change nothing; any other failure breaks the property.
    private static func refusal(_ error: Error, _ property: String) -> [Violation] {
        if error is EditError { return [] }
        return [Violation(property: property, detail: "failed: \(error)")]
    }

    /// The tasks of `result` (those `skipping` does not set aside) mean `expected`, in order.
    private static func sameMeanings(_ result: Document, _ expected: [TaskMeaning], property: String,
                                     skipping: (TaskMeaning) -> Bool = { _ in false }) -> [Violation] {
        let actual = result.tasks.indices.map { result.meaning(of: $0) }.filter { !skipping($0) }
        guard actual.count == expected.count else {
            return [Violation(property: property, detail: "\(expected.count) other tasks became \(actual.count)\n\(result.text.debugDescription)")]
        }
        for (k, (want, have)) in zip(expected, actual).enumerated() where want != have {
            return [Violation(property: property, detail: "task \(k + 1) of the others \(want.differences(from: have).first ?? "changed")\n\(result.text.debugDescription)")]
        }
        return []
    }
}
