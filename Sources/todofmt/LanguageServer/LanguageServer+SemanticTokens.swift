import TodoKit

/// The names the server's semantic tokens use: standard token types, so that editors colour them without a
/// theme of their own, and two modifiers of its own.
enum SemanticTokenLegend {
    /// In the order of `Highlight.Kind`: priority, project, context, tag key, tag value, date.
    static let types = ["keyword", "namespace", "enumMember", "property", "string", "number"]
    /// Bit 0: the task is done or cancelled; bit 1: a due date that has passed.
    static let modifiers = ["done", "overdue"]
}

extension LanguageServer {
    /// `textDocument/semanticTokens/full` and `/range`: the parts of task lines, encoded as the protocol
    /// says (five numbers a token, each position relative to the one before).
    func semanticTokens(_ params: JSONValue, inRange: Bool) throws(ResponseError) -> JSONValue {
        let open = try self.document(params)
        guard open.notText == nil else { return .object([("data", .array([]))]) }
        let positions = open.positions(encoding)
        var lines: ClosedRange<Int>?
        if inRange {
            let offsets = try positions.offsets(of: params["range"])
            lines = (positions.position(of: offsets.lowerBound).line + 1)...(positions.position(of: offsets.upperBound).line + 1)
        }
        var data: [JSONValue] = []
        var previousLine = 0, previousStart = 0
        for highlight in Highlight.all(in: open.document, lines: lines, today: today()) {
            let line = highlight.line - 1
            let lineStart = positions.lineStart(line)
            let startByte = positions.offset(line: highlight.line, column: highlight.column)
            let start = positions.units(from: lineStart, to: startByte)
            let length = positions.units(from: startByte, to: startByte + highlight.length)
            data += [.int(line - previousLine), .int(line == previousLine ? start - previousStart : start), .int(length),
                     .int(highlight.kind.rawValue), .int(highlight.modifiers.rawValue)]
            (previousLine, previousStart) = (line, start)
        }
        return .object([("data", .array(data))])
    }

    /// `textDocument/inlayHint`: after each `due:` and `t:` date of an open task, how far it is: `in 3d`,
    /// `today`, `2d overdue`.
    func inlayHints(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        let open = try self.document(params)
        let positions = open.positions(encoding)
        let offsets = try positions.offsets(of: params["range"])
        guard open.notText == nil else { return .array([]) }
        let first = positions.position(of: offsets.lowerBound).line + 1, last = positions.position(of: offsets.upperBound).line + 1
        let today = today()
        var hints: [JSONValue] = []
        for highlight in Highlight.all(in: open.document, lines: first...last, today: today)
        where highlight.kind == .date && !highlight.modifiers.contains(.done) {
            let start = positions.offset(line: highlight.line, column: highlight.column)
            let bytes = open.text.utf8.span
            // Only a tag's value: the byte before it is the tag's colon; its key is `due` or `t`.
            guard start > 0, bytes[start - 1] == UInt8(ascii: ":") else { continue }
            let isDue = start >= 4 && bytes[start - 4] == UInt8(ascii: "d") && bytes[start - 3] == UInt8(ascii: "u") && bytes[start - 2] == UInt8(ascii: "e")
            let isThreshold = start >= 2 && bytes[start - 2] == UInt8(ascii: "t") && (start == 2 || bytes[start - 3] == .space || bytes[start - 3] == .tab)
            guard isDue || isThreshold,
                  let date = CalendarDate(iso: String(decoding: (start..<(start + 10)).map { bytes[$0] }, as: UTF8.self)) else { continue }
            hints.append(.object([("position", positions.position(of: start + highlight.length).json),
                                  ("label", .string(RelativeDay.short(date, today: today, isDue: isDue))),
                                  ("paddingLeft", .bool(true))]))
        }
        return .array(hints)
    }
}
