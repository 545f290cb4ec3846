/// Safe mode for sorting a todo.txt file that is already in canonical form: the sorted file's lines must be
/// the input's lines, each once, in another order. A todo.txt line reads the same wherever it stands, so the
/// same lines hold the same tasks, and nothing is hashed or held of the tasks themselves (docs/FORMAT.md §5.4).
///
/// Nothing is held of the input's lines either: a sorted line is one of them when it is a slice of the input's
/// text that starts where a line starts and runs, with its ending, to where the next one starts.
public struct LinePermutation {
    private let storage: String
    private let lineCount: Int
    /// Where the first line starts: after the byte order mark, if any.
    private let firstLine: Int

    /// The lines of `document` to check a sorted form of it against. nil unless `document` is a todo.txt file
    /// in canonical form (which sorting does not rewrite) whose lines are slices of the text it was read from.
    public init?(of document: Document) {
        guard document.format == .todotxt, let storage = document.source, storage.utf8.count < Int(UInt32.max),
              TodoTxtCanonicalizer.isCanonical(document) else { return nil }
        (self.storage, lineCount, firstLine) = (storage, document.lines.count, document.hasByteOrderMark ? 3 : 0)
    }

    /// nil when the lines of `sorted` (the sorted document as read back) are the input's lines, each once;
    /// otherwise a short phrase naming the first line of `sorted` that is not.
    public func difference(in sorted: Document) -> String? {
        let identity = storage.storageIdentity
        return storage.withUTF8Bytes { text -> String? in
            // One bit for each byte of the text: a line is known by where it starts.
            var seen = [UInt64](repeating: 0, count: text.count / 64 + 1)
            return sorted.lines.withUnsafeBufferPointer { lines -> String? in
                for j in lines.indices {
                    let start = Int(lines[j].start)
                    guard lines[j].storage.storageIdentity == identity,
                          isInputLine(start: start, count: Int(lines[j].count), ending: lines[j].ending, in: text),
                          seen[start >> 6] & (1 << UInt64(start & 63)) == 0
                    else { return "line \(j + 1) of the sorted file is not one of the input's lines, each once" }
                    seen[start >> 6] |= 1 << UInt64(start & 63)
                }
                return lines.count == lineCount ? nil : "the sorted file has \(lines.count) lines, not \(lineCount)"
            }
        }
    }

    /// Whether `count` bytes of `text` from `start`, then `ending`, are a line as splitting `text` gives it.
    private func isInputLine(start: Int, count: Int, ending: LineEnding, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        let end = start + count
        // A line of a canonical todo.txt file is never empty.
        guard count > 0, start >= firstLine, end <= text.count, let base = text.baseAddress,
              ByteScan.nextLineBreak(base, from: start, end: end) == end else { return false }
        // It starts a line: the text's first, or one after a line break (not between a CR and its LF).
        guard start == firstLine || text[start - 1] == .newline
                || text[start - 1] == .carriageReturn && text[start] != .newline else { return false }
        // It ends with its whole line break, or at the end of the text.
        switch ending {
        case .none: return end == text.count
        case .lf: return end < text.count && text[end] == .newline
        case .crlf: return ending.isWritten(in: text, at: end)
        case .cr: return ending.isWritten(in: text, at: end) && (end + 1 == text.count || text[end + 1] != .newline)
        }
    }
}
