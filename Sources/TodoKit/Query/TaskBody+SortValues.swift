/// The values of a task body that sort keys compare, read straight from its UTF-8 bytes.
extension TaskBody {
    /// The day number of the first tag with key `key` (UTF-8), when its value is a real date; nil otherwise.
    func tagDayNumber(_ keyBytes: [UInt8]) -> Int? {
        text.withUTF8Bytes { b -> Int? in
            guard let value = firstTagValue(keyBytes, in: b) else { return nil }
            guard let (y, m, d) = CalendarDate.isoFields(UnsafeBufferPointer(rebasing: b[value])) else { return nil }
            return CalendarDate(year: y, month: m, day: d)?.dayNumber
        }
    }

    /// The description (tags kept, priority and leading dates left out) in its folded form.
    var foldedDescription: [UInt8] {
        text.withUTF8Bytes { b in
            var end = b.count
            while end > descriptionStart, b[end - 1] == .space || b[end - 1] == .tab { end -= 1 }
            return TaskBody.folded(UnsafeBufferPointer(rebasing: b[min(descriptionStart, end)..<end]))
        }
    }

    /// The folded name of the first `+project` (or `@context`), without its sigil.
    func foldedFirstName(of kind: Token.Kind) -> [UInt8]? {
        guard let token = tokens.first(where: { $0.kind == kind }) else { return nil }
        return text.withUTF8Bytes { b in TaskBody.folded(UnsafeBufferPointer(rebasing: b[token.nameRange])) }
    }

    private func firstTagValue(_ key: [UInt8], in b: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        for token in tokens where token.kind == .tag && token.nameLength == key.count {
            var same = true
            for i in 0..<key.count where b[token.range.lowerBound + i] != key[i] {
                same = false
                break
            }
            if same { return token.valueRange }
        }
        return nil
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
