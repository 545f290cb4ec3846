/// The JavaScript of `filter by function` and `group by function`, as far as todofmt runs it: one expression
/// over a task's and the query's values (docs/FORMAT.md, "Query blocks"). Anything else, statements
/// (`if`, `return`, `const`), arrow functions, `moment` and the fields todofmt does not hold among them, is refused
/// when the block is read, never guessed.
///
/// The expression language: string and number literals, `true`, `false`, `null`; `task.…` and `query.file.…`;
/// `!`, `+`, `===`, `!==`, `==`, `!=`, `<`, `<=`, `>`, `>=`, `&&`, `||`, `? :` and parentheses; a text's
/// `length`, `includes`, `startsWith`, `endsWith`, `toLowerCase`, `toUpperCase`, `trim` and `replace` (of the
/// first occurrence of a text); a list's `length`, `includes`, `join` and `sort`; `??`; and a note's properties,
/// `task.file.property('name')` and `task.file.hasProperty('name')`.
struct QueryExpression: Hashable, Sendable {
    /// A JavaScript value, of the kinds the language has.
    enum Value: Hashable, Sendable {
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
        case array([Value])

        var isTruthy: Bool {
            switch self {
            case .string(let text): !text.isEmpty
            case .number(let number): number != 0 && !number.isNaN
            case .bool(let value): value
            case .null: false
            case .array: true
            }
        }

        /// A note's property as the plugin gives it to JavaScript: a list without its nulls, and the tags (`tags`
        /// or `tag`, a list or a text of them) each with its `#`.
        init(_ property: NoteProperties.Value, key: String) {
            let isTags = ["tags", "tag"].contains(key.lowercased())
            switch property {
            case .text(let text) where isTags:
                self = .array(text.split(whereSeparator: { $0 == "," || $0 == " " }).map { .string($0.hasPrefix("#") ? String($0) : "#" + $0) })
            case .text(let text): self = .string(text)
            case .number(let text): self = .number(Double(text) ?? .nan)
            case .bool(let value): self = .bool(value)
            case .null: self = .null
            case .list(let items):
                self = .array(items.filter { $0 != .null }.map { item in
                    if isTags, case .text(let tag) = item { return .string(tag.hasPrefix("#") ? tag : "#" + tag) }
                    return Value(item, key: "")
                })
            }
        }

        /// As JavaScript's `String(value)` writes it.
        var text: String {
            switch self {
            case .string(let text): text
            case .number(let number): number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
            case .bool(let value): value ? "true" : "false"
            case .null: "null"
            case .array(let values): values.map(\.text).joined(separator: ",")
            }
        }
    }

    indirect enum Node: Hashable, Sendable {
        case literal(Value)
        /// `task.file.path`: a name from the task or the query.
        case name([String])
        case not(Node)
        case binary(String, Node, Node)
        case conditional(Node, Node, Node)
        case property(Node, String)
        case call(Node, String, [Node])
        /// `(tag) => …`, the one argument of a list's `filter`, `some` and `every`.
        case arrow(String, Node)
        /// The arrow's parameter.
        case parameter(String)
    }

    let node: Node
    /// The query's note, for `query.file.…`.
    let queryFile: String?

    /// Reads `text`; throws, at its offset, what is not part of the language.
    init(_ text: String, queryFile: String?, offset: Int = 0) throws(QueryError) {
        var parser = Parser(characters: Array(text), base: offset)
        node = try parser.expression()
        parser.skipSpaces()
        if parser.index < parser.characters.count {
            throw parser.unsupported("'\(String(parser.characters[parser.index...]))'")
        }
        self.queryFile = queryFile
        try QueryExpression.check(node, at: offset, length: text.count)
    }

    /// The expression's value for `task`.
    func value(for task: QueryTask) -> Value {
        evaluate(node, task, [:])
    }

    // MARK: Names

    static let taskNames: Set<String> = [
        "description", "heading", "tags", "priorityName", "priorityNumber", "priorityNameGroupText", "lineNumber",
        "isDone", "isRecurring", "id", "status.name", "status.type", "status.symbol", "status.nextSymbol", "file.path",
        "file.pathWithoutExtension", "file.folder", "file.root", "file.filename", "file.filenameWithoutExtension",
    ]

    static let queryNames: Set<String> = ["file.path", "file.pathWithoutExtension", "file.folder", "file.root", "file.filename",
                                          "file.filenameWithoutExtension"]

    static let stringMethods: Set<String> = ["includes", "startsWith", "endsWith", "toLowerCase", "toUpperCase", "trim", "replace", "join",
                                             "filter", "some", "every", "sort"]

    /// Refuses names and methods the language lacks.
    private static func check(_ node: Node, at offset: Int, length: Int) throws(QueryError) {
        switch node {
        case .literal, .parameter: return
        case .arrow(_, let body): try check(body, at: offset, length: length)
        case .name(let path):
            let rest = path.dropFirst().joined(separator: ".")
            let known = path.first == "task" ? taskNames : path.first == "query" ? queryNames : []
            guard known.contains(rest) else {
                throw QueryError("'\(path.joined(separator: "."))' is not supported: todofmt runs expressions of "
                                 + "task.description, task.heading, task.tags, task.file.path and the like, and query.file.…", at: offset, length: length)
            }
        case .not(let inner): try check(inner, at: offset, length: length)
        case .binary(_, let a, let b):
            try check(a, at: offset, length: length)
            try check(b, at: offset, length: length)
        case .conditional(let a, let b, let c):
            try check(a, at: offset, length: length)
            try check(b, at: offset, length: length)
            try check(c, at: offset, length: length)
        case .property(let inner, _): try check(inner, at: offset, length: length)
        case .call(.name(["task", "file"]), "property", let arguments), .call(.name(["task", "file"]), "hasProperty", let arguments):
            for argument in arguments { try check(argument, at: offset, length: length) }
        case .call(let inner, let method, let arguments):
            guard stringMethods.contains(method) else {
                throw QueryError("'.\(method)(…)' is not supported: todofmt runs only simple expressions", at: offset, length: length)
            }
            try check(inner, at: offset, length: length)
            for argument in arguments { try check(argument, at: offset, length: length) }
        }
    }

    // MARK: Evaluating

    private func evaluate(_ node: Node, _ task: QueryTask, _ scope: [String: Value]) -> Value {
        switch node {
        case .literal(let value): return value
        case .parameter(let name): return scope[name] ?? .null
        case .arrow: return .null
        case .name(let path): return path.first == "task" ? task.jsValue(path.dropFirst().joined(separator: ".")) : queryValue(path.dropFirst().joined(separator: "."))
        case .not(let inner): return .bool(!evaluate(inner, task, scope).isTruthy)
        case .conditional(let test, let yes, let no): return evaluate(test, task, scope).isTruthy ? evaluate(yes, task, scope) : evaluate(no, task, scope)
        case .binary(let op, let a, let b):
            let left = evaluate(a, task, scope)
            switch op {
            case "&&": return left.isTruthy ? evaluate(b, task, scope) : left
            case "??": return left == .null ? evaluate(b, task, scope) : left
            case "||": return left.isTruthy ? left : evaluate(b, task, scope)
            default: break
            }
            let right = evaluate(b, task, scope)
            switch op {
            case "===", "==": return .bool(left == right)
            case "!==", "!=": return .bool(left != right)
            case "+":
                if case .number(let x) = left, case .number(let y) = right { return .number(x + y) }
                return .string(left.text + right.text)
            case "<", "<=", ">", ">=":
                let order: Bool?
                if case .number(let x) = left, case .number(let y) = right {
                    order = op == "<" ? x < y : op == "<=" ? x <= y : op == ">" ? x > y : x >= y
                } else if case .string(let x) = left, case .string(let y) = right {
                    let a = Array(x.utf16), b = Array(y.utf16)
                    let less = a.lexicographicallyPrecedes(b), equal = a == b
                    order = op == "<" ? less : op == "<=" ? less || equal : op == ">" ? !less && !equal : !less
                } else {
                    order = nil
                }
                return .bool(order ?? false)
            default: return .null
            }
        case .property(let inner, let name):
            let value = evaluate(inner, task, scope)
            guard name == "length" else { return .null }
            switch value {
            case .string(let text): return .number(Double(text.utf16.count))
            case .array(let values): return .number(Double(values.count))
            default: return .null
            }
        case .call(.name(["task", "file"]), let method, let argumentNodes):
            let key = argumentNodes.first.map { evaluate($0, task, scope).text } ?? ""
            if method == "hasProperty" { return .bool(task.properties.has(key) || key.lowercased() == "tags") }
            // The plugin's notes always have tags, an empty list for none.
            let missing: Value = key.lowercased() == "tags" ? .array([]) : .null
            return task.properties.value(key).map { Value($0, key: key) } ?? missing
        case .call(let inner, let method, let argumentNodes):
            let target = evaluate(inner, task, scope)
            if case .array(let values) = target, ["filter", "some", "every"].contains(method) {
                guard case .arrow(let parameter, let body)? = argumentNodes.first else { return .null }
                var inner = scope
                let test: (Value) -> Bool = { value in
                    inner[parameter] = value
                    return evaluate(body, task, inner).isTruthy
                }
                switch method {
                case "filter": return .array(values.filter(test))
                case "some": return .bool(values.contains(where: test))
                default: return .bool(values.allSatisfy(test))
                }
            }
            let arguments = argumentNodes.map { evaluate($0, task, scope) }
            switch (target, method) {
            case (.string(let text), "includes"): return .bool(arguments.first.map { text.contains($0.text) } ?? false)
            case (.string(let text), "startsWith"): return .bool(arguments.first.map { text.hasPrefix($0.text) } ?? false)
            case (.string(let text), "endsWith"): return .bool(arguments.first.map { text.hasSuffix($0.text) } ?? false)
            case (.string(let text), "toLowerCase"): return .string(text.lowercased())
            case (.string(let text), "toUpperCase"): return .string(text.uppercased())
            case (.string(let text), "trim"): return .string(text.trimmingWhitespace())
            case (.string(let text), "replace"):
                guard arguments.count == 2, let range = text.firstRange(of: arguments[0].text) else { return target }
                return .string(String(text[..<range.lowerBound]) + arguments[1].text + text[range.upperBound...])
            case (.array(let values), "includes"): return .bool(arguments.first.map { values.contains($0) } ?? false)
            case (.array(let values), "join"): return .string(values.map(\.text).joined(separator: arguments.first?.text ?? ","))
            // Without a comparer, JavaScript sorts a list by its items' texts, UTF-16 unit by unit.
            case (.array(let values), "sort"): return .array(values.sorted { Array($0.text.utf16).lexicographicallyPrecedes(Array($1.text.utf16)) })
            default: return .null
            }
        }
    }

    private func queryValue(_ name: String) -> Value {
        guard let queryFile else { return .null }
        return QueryTask.fileValue(name, path: queryFile)
    }

    // MARK: Parsing

    private struct Parser {
        let characters: [Character]
        let base: Int
        var index = 0
        /// The parameters of the arrows being read.
        var parameters: Set<String> = []

        mutating func skipSpaces() {
            while index < characters.count, characters[index].isWhitespace { index += 1 }
        }

        func unsupported(_ what: String) -> QueryError {
            QueryError("\(what) is not supported: todofmt runs only simple expressions (no statements, functions or moment)",
                       at: base + min(index, characters.count), length: max(1, characters.count - index))
        }

        mutating func take(_ token: String) -> Bool {
            skipSpaces()
            let letters = Array(token)
            guard characters[index...].starts(with: letters) else { return false }
            // `=` must not start `==`, nor `!` start `!=`.
            if token == "!" || token == "<" || token == ">", index + 1 < characters.count, characters[index + 1] == "=" { return false }
            if token == "==" || token == "!=", index + 2 < characters.count, characters[index + 2] == "=" { return false }
            index += letters.count
            return true
        }

        mutating func expression() throws(QueryError) -> Node {
            let test = try binary(0)
            guard take("?") else { return test }
            let yes = try expression()
            guard take(":") else { throw unsupported("a '?' without its ':'") }
            return .conditional(test, yes, try expression())
        }

        static let levels: [[String]] = [["??"], ["||"], ["&&"], ["===", "!==", "==", "!="], ["<=", ">=", "<", ">"], ["+"]]

        mutating func binary(_ level: Int) throws(QueryError) -> Node {
            guard level < Parser.levels.count else { return try unary() }
            var left = try binary(level + 1)
            while let op = Parser.levels[level].first(where: { take($0) }) {
                left = .binary(op, left, try binary(level + 1))
            }
            return left
        }

        mutating func unary() throws(QueryError) -> Node {
            if take("!") { return .not(try unary()) }
            return try postfix()
        }

        mutating func postfix() throws(QueryError) -> Node {
            var node = try primary()
            while take(".") {
                let name = identifier()
                guard !name.isEmpty else { throw unsupported("a '.' without a name") }
                if take("(") {
                    var arguments: [Node] = []
                    if !take(")") {
                        repeat { arguments.append(try argument()) } while take(",")
                        guard take(")") else { throw unsupported("a call without its ')'") }
                    }
                    node = .call(node, name, arguments)
                } else if case .name(let path) = node {
                    node = .name(path + [name])
                } else if name == "length" {
                    node = .property(node, name)
                } else {
                    throw unsupported("'.\(name)'")
                }
            }
            return node
        }

        /// A call's argument: an expression, or an arrow of one parameter (`(tag) => …`, `tag => …`).
        mutating func argument() throws(QueryError) -> Node {
            let start = index
            var parenthesised = take("(")
            let name = identifier()
            if parenthesised, !name.isEmpty { parenthesised = take(")") } else if parenthesised { parenthesised = false }
            if !name.isEmpty, parenthesised || !characters[start...].starts(with: ["("]), take("=>") {
                parameters.insert(name)
                defer { parameters.remove(name) }
                return .arrow(name, try expression())
            }
            index = start
            return try expression()
        }

        mutating func identifier() -> String {
            skipSpaces()
            let start = index
            while index < characters.count, characters[index].isLetter || characters[index].isNumber || characters[index] == "_" || characters[index] == "$" {
                index += 1
            }
            return String(characters[start..<index])
        }

        mutating func primary() throws(QueryError) -> Node {
            skipSpaces()
            guard index < characters.count else { throw unsupported("an expression that ends early") }
            let character = characters[index]
            if take("(") {
                let inner = try expression()
                guard take(")") else { throw unsupported("a '(' without its ')'") }
                return inner
            }
            if character == "\"" || character == "'" {
                index += 1
                var text = ""
                while index < characters.count, characters[index] != character {
                    if characters[index] == "\\", index + 1 < characters.count { index += 1 }
                    text.append(characters[index])
                    index += 1
                }
                guard index < characters.count else { throw unsupported("a text without its closing quote") }
                index += 1
                return .literal(.string(text))
            }
            if character.isASCIIDigit {
                let start = index
                while index < characters.count, characters[index].isASCIIDigit || characters[index] == "." { index += 1 }
                guard let number = Double(String(characters[start..<index])) else { throw unsupported("the number") }
                return .literal(.number(number))
            }
            let name = identifier()
            switch name {
            case "true": return .literal(.bool(true))
            case "false": return .literal(.bool(false))
            case "null", "undefined": return .literal(.null)
            case "task", "query": return .name([name])
            case let name where parameters.contains(name): return .parameter(name)
            case "": throw unsupported("'\(character)'")
            default: throw unsupported("'\(name)'")
            }
        }
    }
}

extension QueryTask {
    /// A value of the plugin's `task` object, by its path (`file.path`, `status.name`).
    func jsValue(_ name: String) -> QueryExpression.Value {
        switch name {
        case "description": return .string(description)
        case "heading": return heading.map { .string($0) } ?? .null
        case "tags": return .array(tags.map { .string($0) })
        case "priorityName": return .string(priority == .normal ? "Normal" : priority.description.prefix(1).uppercased() + priority.description.dropFirst())
        case "priorityNumber": return .number(Double(priority.rawValue))
        case "priorityNameGroupText":
            return .string(QueryGrouping(field: .priority).names(of: self, today: CalendarDate(unchecked: 2000, 1, 1))[0])
        case "lineNumber": return .number(Double(task.line - 1))
        case "isDone": return .bool(status.kind.isDone)
        case "isRecurring": return .bool(isRecurring)
        case "id": return .string(id ?? "")
        case "status.name": return .string(status.name)
        case "status.type": return .string(status.kind.description)
        case "status.symbol": return .string(status.symbol)
        case "status.nextSymbol": return .string(status.nextSymbol)
        default: return QueryTask.fileValue(name, path: path)
        }
    }

    /// A value of the plugin's `file` object for the note at `path`.
    static func fileValue(_ name: String, path: String) -> QueryExpression.Value {
        guard name.hasPrefix("file.") else { return .null }
        return QueryLine.placeholder("query." + name, file: path).map { .string($0) } ?? .null
    }
}
