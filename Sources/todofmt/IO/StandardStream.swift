#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered writes to standard output or standard error, without Foundation (it costs milliseconds at start-up).
final class StandardStream: @unchecked Sendable {
    static let output = StandardStream(descriptor: 1)
    static let error = StandardStream(descriptor: 2)

    private let descriptor: Int32
    private var buffer: [UInt8] = []

    init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(1 << 16)
    }

    var isTerminal: Bool { isatty(descriptor) == 1 }

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    func write(bytes: some Collection<UInt8>) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flush() }
    }

    func flush() {
        var offset = 0
        buffer.withUnsafeBytes { raw in
            while offset < raw.count {
                let n = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    break
                }
                offset += n
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Prints to standard output.
func printOut(_ text: String) { StandardStream.output.write(text) }
/// Prints to standard error.
func printError(_ text: String) { StandardStream.error.write(text) }
