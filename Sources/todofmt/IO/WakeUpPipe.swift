/// A pipe that another thread writes a byte into to wake a loop waiting on standard input
/// (`StandardInput.wait(orWakeUp:)`): the language server's, when the workspace's reading ends. Both ends are
/// non-blocking: a full pipe has already been rung, and draining stops when it is empty.
final class WakeUpPipe: Sendable {
    let readEnd: Int32
    let writeEnd: Int32

    /// A new pipe; nil when the system has no file descriptor left.
    init?() {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        (readEnd, writeEnd) = (ends[0], ends[1])
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Wakes the waiting loop; safe from any thread.
    func ring() {
        var byte: UInt8 = 1
        _ = SystemCall.write(writeEnd, &byte, 1)
    }

    /// Takes every ring so far.
    func drain() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while bytes.withUnsafeMutableBytes({ SystemCall.read(readEnd, $0.baseAddress, $0.count) }) > 0 {}
    }
}
