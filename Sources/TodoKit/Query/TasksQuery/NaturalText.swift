/// Text in the order the plugin sorts names (JavaScript's `localeCompare` with numeric collation), without a
/// locale: letters ignoring case, runs of digits by their value (`Task 9` before `Task 10`), then, between
/// texts equal so far, the text as written.
struct NaturalText: Comparable {
    private let folded: [UInt8]
    private let raw: String

    init(_ text: String) {
        raw = text
        folded = TaskBody.folded(text)
    }

    static func == (lhs: NaturalText, rhs: NaturalText) -> Bool { lhs.raw == rhs.raw }

    static func < (lhs: NaturalText, rhs: NaturalText) -> Bool {
        let a = lhs.folded, b = rhs.folded
        var i = 0, j = 0
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        while i < a.count, j < b.count {
            if isDigit(a[i]), isDigit(b[j]) {
                // Compare the numbers: without leading zeros, the longer is larger, else digit by digit.
                var endA = i, endB = j
                while endA < a.count, isDigit(a[endA]) { endA += 1 }
                while endB < b.count, isDigit(b[endB]) { endB += 1 }
                let digitsA = a[i..<endA].drop { $0 == UInt8(ascii: "0") }
                let digitsB = b[j..<endB].drop { $0 == UInt8(ascii: "0") }
                if digitsA.count != digitsB.count { return digitsA.count < digitsB.count }
                if !digitsA.elementsEqual(digitsB) { return digitsA.lexicographicallyPrecedes(digitsB) }
                i = endA
                j = endB
                continue
            }
            if a[i] != b[j] { return a[i] < b[j] }
            i += 1
            j += 1
        }
        if a.count - i != b.count - j { return a.count - i < b.count - j }
        return lhs.raw.utf8.lexicographicallyPrecedes(rhs.raw.utf8)
    }
}
