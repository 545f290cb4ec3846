/// The values of a task body that sort keys compare, read straight from its UTF-8 bytes.
extension TaskBody {
    /// The day number of the first tag with key `key` (UTF-8), when its value is a real date; nil otherwise.
    func tagDayNumber(_ keyBytes: [UInt8]) -> Int? {
        keyBytes.withUnsafeBufferPointer { key -> Int? in
            var day: Int?
            forEachTag(key) { token, b in
                let value = token.valueRange
                if value.count == 10, let (y, m, d) = CalendarDate.isoFields(b, at: value.lowerBound) {
                    day = CalendarDate(year: y, month: m, day: d)?.dayNumber
                }
                return false
            }
            return day
        }
    }

    /// The description (tags kept, priority and leading dates left out) in its folded form.
    var foldedDescription: [UInt8] {
        withUTF8Bytes { b in
            var end = b.count
            while end > descriptionStart, b[end - 1] == .space || b[end - 1] == .tab { end -= 1 }
            return TaskBody.folded(UnsafeBufferPointer(rebasing: b[min(descriptionStart, end)..<end]))
        }
    }

    /// The folded name of the first `+project` (or `@context`), without its sigil.
    func foldedFirstName(of kind: Token.Kind) -> [UInt8]? {
        var name: [UInt8]?
        forEachToken { token, b in
            guard token.kind == kind else { return true }
            name = TaskBody.folded(UnsafeBufferPointer(rebasing: b[token.nameRange]))
            return false
        }
        return name
    }

    /// Text in the form that text keys compare: lowercased (Unicode default case mapping, no locale), as
    /// UTF-8, whose byte order is the order of Unicode scalar values.
    static func folded(_ b: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: b.count)
        for i in 0..<b.count {
            let byte = b[i]
            if byte >= 0x80 { return Array(String(decoding: b, as: UTF8.self).lowercased().utf8) }
            bytes[i] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
        }
        return bytes
    }

    /// `folded` for a string.
    static func folded(_ text: String) -> [UInt8] {
        text.withUTF8Bytes { folded($0) }
    }
}
