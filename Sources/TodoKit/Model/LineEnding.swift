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
}
