/// The values of a task body that text sort keys compare.
extension TaskBody {
    /// The description (tags kept, priority and leading dates left out) in its folded form.
    var foldedDescription: [UInt8] { TaskBody.folded(trimmedDescription.substring) }

    /// The folded name of the first `+project` (or `@context`), without its sigil.
    func foldedFirstName(of kind: Token.Kind) -> [UInt8]? {
        var name: [UInt8]?
        forEachToken { token in
            guard token.kind == kind else { return true }
            name = TaskBody.folded(slice(token.nameRange))
            return false
        }
        return name
    }

    /// Text in the form that text keys compare: lowercased (Unicode default case mapping, no locale), as
    /// UTF-8, whose byte order is the order of Unicode scalar values.
    static func folded(_ text: some StringProtocol) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if byte >= 0x80 { return Array(text.lowercased().utf8) }
            bytes.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte)
        }
        return bytes
    }
}
