/// The base protocol's framing: each message is a header block (`Content-Length: N` and other `Name: value`
/// lines, each ending with CRLF), an empty line, then N bytes of JSON. Bytes are taken as they arrive; whole
/// messages come out.
///
/// A header block that is not one (a stray byte, a missing, bad or too large length) is reported once and
/// skipped up to the next `Content-Length:`, where reading starts again; so one bad message costs only itself.
/// Nothing is waited for that cannot come: a length over `lengthLimit` and a header longer than `headerLimit`
/// are refused as soon as they are seen.
struct MessageFraming {
    enum Next: Equatable {
        /// The body of one message.
        case message([UInt8])
        /// Bytes that are no message header, skipped; the reason.
        case badHeader(String)
        /// No whole message yet.
        case needMore
    }

    /// The longest body taken: more is refused without reading it.
    let lengthLimit: Int
    /// The longest header block taken (a real one is a few dozen bytes).
    static let headerLimit = 1024

    private var buffer: [UInt8] = []
    private var start = 0
    /// The body being waited for: where it starts and how long it is.
    private var body: (start: Int, length: Int)?
    /// After a bad header: the bytes are skipped until the next `Content-Length:`.
    private var skipping = false

    private static let lengthName = Array("content-length:".utf8)

    init(lengthLimit: Int) {
        self.lengthLimit = lengthLimit
    }

    mutating func append(_ bytes: [UInt8]) {
        if start > 0, start * 2 > buffer.count {
            buffer.removeFirst(start)
            if let pending = body { body = (pending.start - start, pending.length) }
            start = 0
        }
        buffer += bytes
    }

    /// Whether bytes of an unfinished message are waiting.
    var hasPartialMessage: Bool { start < buffer.count && !skipping }

    mutating func next() -> Next {
        if skipping {
            guard let found = nextLengthHeader(from: start) else {
                // Keep only what could be the start of `Content-Length:`.
                start = max(start, buffer.count - (Self.lengthName.count - 1))
                return .needMore
            }
            start = found
            skipping = false
        }
        if let pending = body {
            guard buffer.count - pending.start >= pending.length else { return .needMore }
            body = nil
            start = pending.start + pending.length
            return .message(Array(buffer[pending.start..<start]))
        }
        guard start < buffer.count else { return .needMore }
        switch readHeader() {
        case .incomplete:
            return .needMore
        case .bad(let reason):
            skipping = true
            start += 1
            return .badHeader(reason)
        case .length(let length, let bodyStart):
            body = (bodyStart, length)
            return next()
        }
    }

    private enum Header {
        case incomplete
        case bad(String)
        case length(Int, bodyStart: Int)
    }

    /// Reads the header block at `start`: its lines up to the empty one, each `Name: value`, exactly one of
    /// them `Content-Length` with a length within the limit.
    private func readHeader() -> Header {
        var length: Int?
        var lineStart = start
        while true {
            guard let lineEnd = lineEnd(from: lineStart) else {
                if buffer.count - start > Self.headerLimit { return .bad("a message header longer than \(Self.headerLimit) bytes") }
                // A line not yet ended: wait for the rest only if it can still be a header line.
                var end = buffer.count
                if end > lineStart, buffer[end - 1] == 0x0D { end -= 1 }
                let name = buffer[lineStart..<end].firstIndex(of: UInt8(ascii: ":")) ?? end
                return isFieldStart(lineStart..<name) ? .incomplete : .bad(Self.noHeader)
            }
            if lineEnd - start > Self.headerLimit { return .bad("a message header longer than \(Self.headerLimit) bytes") }
            if lineEnd == lineStart {
                guard lineStart > start else { return .bad(Self.noHeader) }
                guard let length else { return .bad("a message header without a Content-Length") }
                return .length(length, bodyStart: lineEnd + 2)
            }
            guard let colon = buffer[lineStart..<lineEnd].firstIndex(of: UInt8(ascii: ":")), colon > lineStart,
                  isFieldStart(lineStart..<colon) else { return .bad(Self.noHeader) }
            if isLengthName(lineStart..<(colon + 1)) {
                guard length == nil else { return .bad("a message header with two Content-Length lines") }
                var first = colon + 1, last = lineEnd
                while first < last, buffer[first] == .space || buffer[first] == .tab { first += 1 }
                while last > first, buffer[last - 1] == .space || buffer[last - 1] == .tab { last -= 1 }
                guard first < last, buffer[first..<last].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
                    return .bad("a Content-Length that is not a number of bytes")
                }
                var number = 0
                for digit in buffer[first..<last] {
                    number = number * 10 + Int(digit - UInt8(ascii: "0"))
                    if number > lengthLimit {
                        return .bad("a message longer than \(limitInWords), the limit of a todo file")
                    }
                }
                length = number
            }
            lineStart = lineEnd + 2
        }
    }

    private var limitInWords: String {
        lengthLimit % (1 << 20) == 0 ? "\(lengthLimit >> 20) MiB" : "\(lengthLimit) bytes"
    }

    private static let noHeader = "bytes that are no message header (expected 'Content-Length: N', then an empty line)"

    /// Where the line from `from` ends (its CR of CRLF), if it ends within the header limit.
    private func lineEnd(from: Int) -> Int? {
        var i = from
        let end = min(buffer.count, start + Self.headerLimit + 2)
        while i + 1 < end {
            if buffer[i] == 0x0D, buffer[i + 1] == 0x0A { return i }
            i += 1
        }
        return nil
    }

    /// Whether `range` holds only the characters a header field's name is made of (HTTP's token characters).
    private func isFieldStart(_ range: Range<Int>) -> Bool {
        buffer[range].allSatisfy { byte in byte > 0x20 && byte < 0x7F && !"\"(),/:;<=>?@[\\]{}".utf8.contains(byte) }
    }

    /// Whether the bytes at `range` spell `Content-Length:`, ignoring case.
    private func isLengthName(_ range: Range<Int>) -> Bool {
        range.count == Self.lengthName.count && zip(buffer[range], Self.lengthName).allSatisfy { lowercased($0) == $1 }
    }

    /// The next `Content-Length:` (ignoring case) at or after `from`.
    private func nextLengthHeader(from: Int) -> Int? {
        let name = Self.lengthName
        var i = from
        while i + name.count <= buffer.count {
            if lowercased(buffer[i]) == name[0], (1..<name.count).allSatisfy({ lowercased(buffer[i + $0]) == name[$0] }) { return i }
            i += 1
        }
        return nil
    }

    private func lowercased(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte + 32 : byte }

    /// `body` framed for sending.
    static func frame(_ body: String) -> String {
        "Content-Length: \(body.utf8.count)\r\n\r\n" + body
    }
}
