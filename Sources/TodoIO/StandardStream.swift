
/// Buffered writes to standard output or standard error, without Foundation (it costs milliseconds at start-up).
/// Small writes are gathered in a buffer; a large one (a formatted file) goes to the descriptor in one call.
package final class StandardStream: @unchecked Sendable {
    package static let output = StandardStream(descriptor: 1)
    package static let error = StandardStream(descriptor: 2)

    private static let bufferSize = 1 << 16

    private let descriptor: Int32
    /// Gathered bytes: `buffered` of them at `buffer`, allocated at the first small write.
    private var buffer: UnsafeMutableRawPointer?
    private var buffered = 0
    /// The `errno` of the first failed write (a full disk, a closed pipe), kept so the exit code can say so.
    package private(set) var failure: Int32?

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    package var isTerminal: Bool { isatty(descriptor) == 1 }

    package func write(_ text: String) {
        var text = text
        text.withUTF8 { write(bytes: UnsafeRawBufferPointer($0)) }
    }

    func write(bytes: UnsafeRawBufferPointer) {
        if buffered + bytes.count > StandardStream.bufferSize { flush() }
        if bytes.count >= StandardStream.bufferSize {
            record(FileSystem.writeAll(descriptor, bytes))
            return
        }
        guard let base = bytes.baseAddress else { return }
        let buffer = self.buffer ?? {
            let allocated = UnsafeMutableRawPointer.allocate(byteCount: StandardStream.bufferSize, alignment: 16)
            self.buffer = allocated
            return allocated
        }()
        // One copy of the bytes (a formatted file is written a line at a time).
        (buffer + buffered).copyMemory(from: base, byteCount: bytes.count)
        buffered += bytes.count
    }

    package func flush() {
        guard let buffer, buffered > 0 else { return }
        record(FileSystem.writeAll(descriptor, UnsafeRawBufferPointer(start: buffer, count: buffered)))
        buffered = 0
    }

    private func record(_ code: Int32?) {
        if failure == nil, let code { failure = code }
    }
}

/// Prints to standard output.
package func printOut(_ text: String) { StandardStream.output.write(text) }
/// Prints to standard error.
package func printError(_ text: String) { StandardStream.error.write(text) }
