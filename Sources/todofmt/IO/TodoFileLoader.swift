import TodoKit

/// Reads and parses the todo file a command works on, printing a clear error when it cannot.
enum TodoFileLoader {
    struct Loaded {
        var path: String
        var document: Document
    }

    /// The todo file named by `-f`, `$TODOFMT_FILE` or found upward from here, parsed; nil after printing why not.
    static func load(_ invocation: Invocation) -> Loaded? {
        switch TodoFileLocator.locate(explicit: invocation.value("file"), environment: invocation.environment) {
        case .failure(let notFound):
            printError("\(notFound)\n")
            return nil
        case .success(let path):
            guard let document = read(path) else { return nil }
            return Loaded(path: path, document: document)
        }
    }

    /// The file at `path` parsed (format from its name), or nil after printing the error.
    static func read(_ path: String, format: FileFormat? = nil) -> Document? {
        readText(path).map { Document(parsing: $0, format: format ?? FileFormat.inferred(fromPath: path)) }
    }

    /// The text of the file at `path`, or nil after printing why it cannot be read as text: naming the file
    /// `name` (its path by default), with `remark` after the message.
    static func readText(_ path: String, name: String? = nil, remark: String = "") -> String? {
        do {
            switch try FileSystem.readText(path) {
            case .success(let text): return text
            case .failure(let diagnostic):
                printError("\(shown(name ?? path)):\(diagnostic)\(remark)\n")
                return nil
            }
        } catch {
            printError("\(SystemError(path: name ?? error.path, message: error.message + remark, code: error.code))\n")
            return nil
        }
    }
}
