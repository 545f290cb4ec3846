/// A JSON value, built by the commands that print `--json` and written by `JSONWriter`; the language server
/// reads its messages into one (`JSONReader`).
enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    /// A number with a fraction or an exponent, or too large for `Int`.
    case double(Double)
    case string(String)
    case array([JSONValue])
    /// Keys in the order given: output is stable and reads in a sensible order.
    case object([(String, JSONValue)])
    /// An array of integers kept unboxed: the language server's semantic tokens, five numbers a token.
    case integers([Int])

    /// A string, or null for none.
    static func optional(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
    static func strings(_ values: [String]) -> JSONValue { .array(values.map { .string($0) }) }
}
