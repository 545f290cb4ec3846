/// How a line ends in the source; kept per line so CRLF, lone CR and a missing final newline round-trip.
public enum LineEnding: Sendable, Hashable {
    case lf
    case crlf
    case cr
    /// The last line of a file with no final newline.
    case none

    public var text: String {
        switch self {
        case .lf: return "\n"
        case .crlf: return "\r\n"
        case .cr: return "\r"
        case .none: return ""
        }
    }

    /// The number of bytes of `text`.
    public var utf8Count: Int {
        switch self {
        case .lf, .cr: return 1
        case .crlf: return 2
        case .none: return 0
        }
    }

    static let lfBytes: [UInt8] = [.newline]
    static let crlfBytes: [UInt8] = [.carriageReturn, .newline]
    static let crBytes: [UInt8] = [.carriageReturn]
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    var bytes: [UInt8] {
        switch self {
        case .lf: return LineEnding.lfBytes
        case .crlf: return LineEnding.crlfBytes
        case .cr: return LineEnding.crBytes
        case .none: return []
        }
    }

    /// Whether `b` holds this ending's bytes at `offset`.
    func isWritten(in b: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        switch self {
        case .lf: return offset < b.count && b[offset] == .newline
        case .crlf: return offset + 1 < b.count && b[offset] == .carriageReturn && b[offset + 1] == .newline
        case .cr: return offset < b.count && b[offset] == .carriageReturn
        case .none: return false
        }
    }
}

extension LineEnding {
    /// The ending most of `lines` have (ties to LF, then CRLF); LF when none has one.
    static func dominant(in lines: [Line]) -> LineEnding {
        Tally(lines[...]).dominant
    }

    /// How many lines end each way.
    struct Tally: Equatable {
        var crlf = 0, lf = 0, cr = 0

        init(_ lines: ArraySlice<Line>) {
            lines.withUnsafeBufferPointer { lines in
                for i in lines.indices {
                    switch lines[i].ending {
                    case .crlf: crlf += 1
                    case .lf: lf += 1
                    case .cr: cr += 1
                    case .none: break
                    }
                }
            }
        }

        /// The ending most lines have (ties to LF, then CRLF); LF when none has one.
        var dominant: LineEnding {
            if crlf > lf && crlf >= cr { return .crlf }
            if cr > lf && cr > crlf { return .cr }
            return .lf
        }

        static func + (a: Tally, b: Tally) -> Tally {
            var sum = a
            (sum.crlf, sum.lf, sum.cr) = (a.crlf + b.crlf, a.lf + b.lf, a.cr + b.cr)
            return sum
        }
    }
}
