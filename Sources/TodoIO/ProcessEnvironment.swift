/// The process's environment, read once (without Foundation) the first time anything asks for a variable: the
/// command line's `Invocation` and every other reader (the state folder, git's ignore files) read it here, so a
/// run sees one environment throughout.
package enum ProcessEnvironment {
    package static let variables: [String: String] = {
        var variables: [String: String] = [:]
        var pointer = ProcessSpawn.environment
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return variables
    }()

    /// The value of `name`, nil when it is unset or empty.
    package static func value(_ name: String) -> String? {
        variables[name].flatMap { $0.isEmpty ? nil : $0 }
    }
}
