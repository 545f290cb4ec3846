/// The base protocol's framing: each message is `Content-Length: N` (other headers ignored), an empty line,
/// then N bytes of JSON. Bytes are taken as they arrive; whole messages come out.
struct MessageFraming {
    enum Next {
        /// The body of one message.
        case message([UInt8])
        /// A header block without a usable `Content-Length`: skipped, and said why.
        case badHeader(String)
        /// No whole message yet.
        case needMore
    }

    private var buffer: [UInt8] = []
    private var start = 0
    private static let separator: [UInt8] = Array("\r\n\r\n".utf8)

    mutating func append(_ bytes: [UInt8]) {
        if start > 0, start * 2 > buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        buffer += bytes
    }

    /// Whether bytes of an unfinished message are waiting.
    var hasPartialMessage: Bool { start < buffer.count }

    mutating func next() -> Next {
        guard let headerEnd = findSeparator() else { return .needMore }
        let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
        var length: Int?
        for line in header.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "content-length" else { continue }
            length = Int(parts[1].trimmingBlanks())
        }
        let bodyStart = headerEnd + Self.separator.count
        guard let length, length >= 0 else {
            start = bodyStart
            return .badHeader("a message header without a valid Content-Length")
        }
        guard buffer.count - bodyStart >= length else { return .needMore }
        let body = Array(buffer[bodyStart..<(bodyStart + length)])
        start = bodyStart + length
        return .message(body)
    }

    private func findSeparator() -> Int? {
        var i = start
        while i + 4 <= buffer.count {
            if buffer[i] == 0x0D, buffer[i + 1] == 0x0A, buffer[i + 2] == 0x0D, buffer[i + 3] == 0x0A { return i }
            i += 1
        }
        return nil
    }

    /// `body` framed for sending.
    static func frame(_ body: String) -> String {
        "Content-Length: \(body.utf8.count)\r\n\r\n" + body
    }
}

extension Substring {
    func trimmingBlanks() -> String { String(self).trimmingBlanks() }
}
