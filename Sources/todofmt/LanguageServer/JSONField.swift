/// A value of a message being read, with its path from the params (`textDocument.uri`): each accessor reads it
/// as one type, and a value that is missing or of another type is the one invalid-params error (-32602),
/// naming it.
struct JSONField {
    let value: JSONValue?
    let path: String

    init(_ value: JSONValue?, path: String = "params") {
        self.value = value
        self.path = path
    }

    /// The member `key` of this object (a missing one, or a member of a value that is no object, is missing).
    subscript(key: String) -> JSONField {
        JSONField(value?[key], path: path == "params" ? key : path + "." + key)
    }

    /// Whether the value is missing or null.
    var isAbsent: Bool { value == nil || value?.isNull == true }

    func string() throws(ResponseError) -> String {
        guard let string = value?.string else { throw mistyped("a string") }
        return string
    }

    func int() throws(ResponseError) -> Int {
        guard let int = value?.int else { throw mistyped("a number") }
        return int
    }

    func bool() throws(ResponseError) -> Bool {
        guard let bool = value?.bool else { throw mistyped("true or false") }
        return bool
    }

    func array() throws(ResponseError) -> [JSONField] {
        guard let array = value?.array else { throw mistyped("an array") }
        return array.enumerated().map { JSONField($1, path: "\(path)[\($0)]") }
    }

    /// The value read as `T`.
    func decode<T: ParamsDecodable>(_ type: T.Type = T.self) throws(ResponseError) -> T { try T(self) }

    /// The string, or nil when the value is missing or null.
    func optionalString() throws(ResponseError) -> String? { isAbsent ? nil : try string() }

    /// The number, or nil when the value is missing or null.
    func optionalInt() throws(ResponseError) -> Int? { isAbsent ? nil : try int() }

    /// The array's strings, or nil when the value is missing or null.
    func optionalStrings() throws(ResponseError) -> [String]? {
        guard !isAbsent else { return nil }
        var strings: [String] = []
        for element in try array() { strings.append(try element.string()) }
        return strings
    }

    /// The value read as `T`, or nil when it is missing or null.
    func optionalDecode<T: ParamsDecodable>(_ type: T.Type = T.self) throws(ResponseError) -> T? { isAbsent ? nil : try T(self) }

    /// The invalid-params error for a value that is not what it should be.
    func invalid(_ why: String) -> ResponseError { .invalidParams("'\(path)' \(why)") }

    private func mistyped(_ expected: String) -> ResponseError {
        invalid(value == nil ? "is missing (\(expected))" : "must be \(expected)")
    }
}

/// A type read from a message's value, every missing or mistyped part an invalid-params error.
protocol ParamsDecodable {
    init(_ field: JSONField) throws(ResponseError)
}
