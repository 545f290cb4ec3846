import TodoKit

/// The names the server's semantic tokens use: standard token types, so that editors colour them without a
/// theme of their own, and two modifiers of its own.
enum SemanticTokenLegend {
    /// In the order of `Highlight.Kind`: priority, project, context, tag key (a field's emoji or name too), tag
    /// value, date, `#tag`.
    static let types = ["keyword", "namespace", "enumMember", "property", "string", "number", "decorator"]
    /// Bit 0: the task is done or cancelled; bit 1: a due date that has passed.
    static let modifiers = ["done", "overdue"]
}

extension LanguageServer {
    /// `textDocument/semanticTokens/full` and `/range`: the parts of task lines, encoded as the protocol
    /// says (five numbers a token, each position relative to the one before).
    func semanticTokens(_ uri: String, range: PositionRange?) throws(ResponseError) -> JSONValue {
        let open = try document(uri)
        guard open.notText == nil else { return .object([("data", .array([]))]) }
        let positions = open.positions(encoding)
        var lines: ClosedRange<Int>?
        if let range { lines = lineRange(try positions.offsets(of: range), positions) }
        var data: [Int] = []
        var previousLine = 0, previousStart = 0
        // Where the last token ended, in bytes and units: the next one on its line is counted on from there.
        var counted = (line: -1, byte: 0, units: 0)
        Highlight.forEach(in: open.document, lines: lines, today: today()) { highlight in
            let line = highlight.line - 1
            let startByte = positions.offset(line: highlight.line, column: highlight.column)
            if counted.line != line || counted.byte > startByte { counted = (line, positions.lineStart(line), 0) }
            let start = counted.units + positions.units(from: counted.byte, to: startByte)
            let length = positions.units(from: startByte, to: startByte + highlight.length)
            counted = (line, startByte + highlight.length, start + length)
            data.append(line - previousLine)
            data.append(line == previousLine ? start - previousStart : start)
            data.append(length)
            data.append(highlight.kind.rawValue)
            data.append(highlight.modifiers.rawValue)
            (previousLine, previousStart) = (line, start)
        }
        return .object([("data", .integers(data))])
    }

    /// `textDocument/inlayHint`: after each date of an open task, in any dialect, how far it is (`in 3d`, `today`,
    /// `2d overdue`), and after a recurrence the next occurrence's date (`DateHint`). A range past the end of the
    /// document means up to its end.
    func inlayHints(_ params: RangeParams) throws(ResponseError) -> JSONValue {
        let open = try document(params.uri)
        guard open.notText == nil else { return .array([]) }
        let positions = open.positions(encoding)
        let lines = lineRange(positions.clampedOffsets(of: params.range), positions)
        return .array(DateHint.all(in: open.document, lines: lines, today: today()).map { hint in
            .object([("position", positions.position(of: positions.offset(line: hint.line, column: hint.column)).json),
                     ("label", .string(hint.label)), ("paddingLeft", .bool(true))])
        })
    }

    /// The 1-based lines that UTF-8 offsets cover.
    private func lineRange(_ offsets: Range<Int>, _ positions: TextPositions) -> ClosedRange<Int> {
        (positions.position(of: offsets.lowerBound).line + 1)...(positions.position(of: offsets.upperBound).line + 1)
    }
}
