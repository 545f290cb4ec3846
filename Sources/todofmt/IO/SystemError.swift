import TodoKit

/// A file that could not be read or written, printed as one line: `path: error: what went wrong`, or, for
/// bytes that are no text, `path:line:col: error: what went wrong`.
struct SystemError: Error, Sendable, CustomStringConvertible {
    var path: String
    /// A short lowercase phrase, e.g. `no such file or directory`.
    var message: String
    /// The `errno` of the failed call, when one failed.
    var code: Int32?
    /// Where in the file, when its bytes are the problem.
    var diagnostic: Diagnostic?
    /// The file changed between todofmt's read and its write (another program wrote it): nothing was written.
    var changedMeanwhile = false

    /// The file's bytes are no todo file's text (a NUL byte, invalid UTF-8), as `diagnostic` says where.
    init(path: String, diagnostic: Diagnostic) {
        self.init(path: path, message: diagnostic.message)
        self.diagnostic = diagnostic
    }

    init(path: String, message: String, code: Int32? = nil) {
        self.path = path
        self.message = message
        self.code = code
    }

    /// A failed system call, worded as the C library words it (`no such file or directory`), after what was being
    /// done when it failed, if that is not obvious (`cannot create a temporary file in 'notes'`).
    init(path: String, code: Int32 = errno, doing action: String? = nil) {
        let reason = SystemError.reason(code)
        self.init(path: path, message: action.map { "\($0): \(reason)" } ?? reason, code: code)
    }

    static func reason(_ code: Int32) -> String { String(cString: strerror(code)).lowercased() }

    var description: String {
        diagnostic.map { "\(shown(path)):\($0)" } ?? "\(shown(path)): error: \(message)"
    }
}
