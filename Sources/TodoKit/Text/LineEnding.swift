/// How a line ends in the source; kept per line so CRLF, lone CR and a missing final newline round-trip.
public enum LineEnding: Sendable, Hashable {
    case lf
    case crlf
    case cr
    /// The last line of a file with no final newline.
    case none

    /// The line ending's characters.
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

    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The ending most of `endings` are (ties to LF, then CRLF); LF when none is a line break.
    static func dominant(in endings: some Sequence<LineEnding>) -> LineEnding {
        var crlf = 0, lf = 0, cr = 0
        for ending in endings {
            switch ending {
            case .crlf: crlf += 1
            case .lf: lf += 1
            case .cr: cr += 1
            case .none: break
            }
        }
        if crlf > lf && crlf >= cr { return .crlf }
        if cr > lf && cr > crlf { return .cr }
        return .lf
    }
}
