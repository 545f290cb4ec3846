
/// Standard input read as it arrives, for a process that talks over its standard streams (the language server).
enum StandardInput {
    /// The next bytes on standard input, waiting until there are some; empty at the end of input or on an error.
    static func read(upTo count: Int = 1 << 16) -> [UInt8] {
        var chunk = [UInt8](repeating: 0, count: count)
        var n = 0
        repeat {
            n = chunk.withUnsafeMutableBytes { SystemCall.read(0, $0.baseAddress, $0.count) }
        } while n < 0 && errno == EINTR
        guard n > 0 else { return [] }
        chunk.removeLast(count - n)
        return chunk
    }

    /// Waits, as long as it takes, until standard input has bytes (or its end) waiting or `wakeUp` is rung:
    /// which of the two happened (both may have).
    static func wait(orWakeUp wakeUp: WakeUpPipe) -> (input: Bool, wokenUp: Bool) {
        var requests = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeUp.readEnd, events: Int16(POLLIN), revents: 0)]
        while poll(&requests, 2, -1) < 0 {
            guard errno == EINTR else { return (true, false) }  // let the read say what is wrong
        }
        return (requests[0].revents != 0, requests[1].revents != 0)
    }

    /// Whether a read would return at once: bytes, or the end of input, are waiting.
    static func isReady() -> Bool {
        var request = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, 0) > 0
    }

    /// A peer that closed its end of a pipe makes writes fail with EPIPE rather than end the process.
    static func ignoreBrokenPipes() {
        Signals.ignore(SIGPIPE)
    }
}
