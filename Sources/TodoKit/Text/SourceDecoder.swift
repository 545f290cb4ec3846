/// Turns a file's bytes into text, or says exactly where they stop being a todo file's text.
package enum SourceDecoder {
    /// The bytes as a string, or an error diagnostic at the first invalid UTF-8 sequence or NUL byte.
    package static func decode(_ bytes: [UInt8]) -> Result<String, Diagnostic> {
        // The NUL search reads eight bytes at a time (`ByteScan`).
        if bytes.span.firstIndex(of: 0, from: 0) == bytes.count, let text = String(validating: bytes, as: UTF8.self) {
            return .success(text)
        }
        return .failure(locateProblem(in: bytes))
    }

    /// Where a text (valid UTF-8 already: an editor's buffer) stops being a todo file's text: at its first NUL
    /// byte, found eight bytes at a time; nil when it holds none.
    package static func problem(in text: String) -> Diagnostic? {
        guard text.utf8.span.firstIndex(of: 0, from: 0) < text.utf8.count else { return nil }
        return locateProblem(in: Array(text.utf8))
    }

    /// The line and column of the first NUL byte or invalid UTF-8 sequence, counted as `Document` counts
    /// them: LF, CRLF and a lone CR each end a line, and a byte order mark is not part of the first line.
    static func locateProblem(in bytes: [UInt8]) -> Diagnostic {
        let bom = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        var line = 1, lineStart = bom ? 3 : 0, i = lineStart
        while i < bytes.count {
            let byte = bytes[i]
            if byte == 0 {
                return .error("NUL byte: not a text file", line: line, column: i - lineStart + 1, code: .notText, length: 1)
            }
            if byte == .newline || byte == .carriageReturn {
                i += byte == .carriageReturn && i + 1 < bytes.count && bytes[i + 1] == .newline ? 2 : 1
                line += 1
                lineStart = i
                continue
            }
            let width = sequenceWidth(bytes, at: i)
            if width == 0 {
                let hex = String(byte, radix: 16, uppercase: true)
                return .error("invalid UTF-8 (byte 0x\(hex.count == 1 ? "0" + hex : hex)): the file must be UTF-8 text",
                              line: line, column: i - lineStart + 1, code: .notText, length: 1)
            }
            i += width
        }
        return .error("invalid UTF-8", line: line, column: 1, code: .notText)
    }

    /// The length of the valid UTF-8 sequence at `i`, or 0 if it is not one.
    private static func sequenceWidth<C: RandomAccessCollection<UInt8>>(_ b: C, at i: Int) -> Int where C.Index == Int {
        let lead = b[i]
        func continuation(_ k: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            i + k < b.count && range.contains(b[i + k])
        }
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return continuation(1) ? 2 : 0
        case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : 0
        case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
        case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default: return 0
        }
    }
}
