#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call, worded as the C library words it (`No such file or directory`).
struct SystemError: Error, Sendable, CustomStringConvertible {
    var code: Int32
    var path: String

    init(path: String, code: Int32 = errno) {
        self.code = code
        self.path = path
    }

    var reason: String { String(cString: strerror(code)).lowercased() }
    var description: String { "\(path): error: \(reason)" }
}
