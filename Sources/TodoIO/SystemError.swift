import TodoKit

/// A file that could not be read or written, printed as one line: `path: error: what went wrong`, or, for
/// bytes that are no text, `path:line:col: error: what went wrong`.
package struct SystemError: Error, Sendable, CustomStringConvertible {
    package var path: String
    /// A short lowercase phrase, e.g. `no such file or directory`.
    package var message: String
    /// The `errno` of the failed call, when one failed.
    package var code: Int32?
    /// Where in the file, when its bytes are the problem.
    package var diagnostic: Diagnostic?
    /// The file changed between todofmt's read and its write (another program wrote it): nothing was written.
    var changedMeanwhile = false

    /// The file's bytes are no todo file's text (a NUL byte, invalid UTF-8), as `diagnostic` says where.
    init(path: String, diagnostic: Diagnostic) {
        self.init(path: path, message: diagnostic.message)
        self.diagnostic = diagnostic
    }

    package init(path: String, message: String, code: Int32? = nil) {
        self.path = path
        self.message = message
        self.code = code
    }

    /// A failed system call, worded as the C library words it (`no such file or directory`), after what was being
    /// done when it failed, if that is not obvious (`cannot create a temporary file in 'notes'`).
    package init(path: String, code: Int32 = errno, doing action: String? = nil) {
        let reason = SystemError.reason(code)
        self.init(path: path, message: action.map { "\($0): \(reason)" } ?? reason, code: code)
    }

    package static func reason(_ code: Int32) -> String { String(cString: strerror(code)).lowercased() }

    /// The refusal when the file named `name` changed between todofmt's read and its write.
    package static func changedMeanwhile(_ name: String) -> SystemError {
        var error = SystemError(path: name, message: "the file changed while todofmt was working on it (another program saved it); "
                                + "nothing was written: run the command again")
        error.changedMeanwhile = true
        return error
    }

    package var description: String {
        diagnostic.map { "\(shown(path)):\($0)" } ?? "\(shown(path)): error: \(message)"
    }
}
