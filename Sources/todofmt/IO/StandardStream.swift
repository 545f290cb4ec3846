#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered writes to standard output or standard error, without Foundation (it costs milliseconds at start-up).
/// Small writes are gathered in a buffer; a large one (a formatted file) goes to the descriptor in one call.
final class StandardStream: @unchecked Sendable {
    static let output = StandardStream(descriptor: 1)
    static let error = StandardStream(descriptor: 2)

    private static let bufferSize = 1 << 16

    private let descriptor: Int32
    private var buffer: [UInt8] = []
    /// The `errno` of the first failed write (a full disk, a closed pipe), kept so the exit code can say so.
    private(set) var failure: Int32?

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    var isTerminal: Bool { isatty(descriptor) == 1 }

    func write(_ text: String) {
        var text = text
        text.withUTF8 { write(bytes: UnsafeRawBufferPointer($0)) }
    }

    func write(bytes: UnsafeRawBufferPointer) {
        if buffer.count + bytes.count > StandardStream.bufferSize { flush() }
        if bytes.count >= StandardStream.bufferSize {
            record(FileSystem.writeAll(descriptor, bytes))
        } else {
            if buffer.capacity == 0 { buffer.reserveCapacity(StandardStream.bufferSize) }
            buffer.append(contentsOf: bytes)
        }
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { record(FileSystem.writeAll(descriptor, $0)) }
        buffer.removeAll(keepingCapacity: true)
    }

    private func record(_ code: Int32?) {
        if failure == nil, let code { failure = code }
    }
}

/// Prints to standard output.
func printOut(_ text: String) { StandardStream.output.write(text) }
/// Prints to standard error.
func printError(_ text: String) { StandardStream.error.write(text) }
