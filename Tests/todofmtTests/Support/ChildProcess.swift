import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program a test runs: the built todofmt, git, a shell, an editor, a server. The one place the tests start a
/// process, and the one way they wait on one: for an event (its exit, the end of what it writes, a line it
/// writes), never for a length of time. Standard output and error are caught in files unless a test reads them
/// as they come (`.pipe`), so a large output cannot block the program while nobody reads it.
///
/// The only clock is a safety net for CI: a wait that sees nothing happen for `safetyLimit` seconds is a hang,
/// which kills the program and fails the test loudly rather than stopping the whole run.
final class ChildProcess {
    /// How long a wait may see nothing happen before the program is taken for hung: generous, so that only a
    /// program that would never finish reaches it, on the most loaded machine.
    static let safetyLimit: TimeInterval = 300

    /// What the program reads on standard input.
    enum Input {
        /// Nothing: `/dev/null`.
        case none
        /// These bytes, then the end of its input.
        case bytes(Data)
        /// What the test writes (`write(_:)`) until it closes it (`closeInput()`).
        case pipe
        /// An open file.
        case handle(FileHandle)

        static func text(_ text: String) -> Input { .bytes(Data(text.utf8)) }
    }

    /// Where standard output or standard error goes.
    enum Output {
        /// Into a file, read when the program has ended (`Result`).
        case captured
        /// To `/dev/null`.
        case discarded
        /// Into a pipe the test reads as the program writes (`line(from:)`, `bytes(from:)`); what is left unread
        /// when it ends is in `Result`.
        case pipe
        /// Into an open file.
        case handle(FileHandle)
        /// Standard error only: to wherever standard output goes, interleaved as a terminal would show them.
        case standardOutput
    }

    enum Stream { case standardOutput, standardError }

    /// What a program printed and how it ended.
    struct Result {
        var stdout: String
        var stderr: String
        /// Its exit status, or the signal that ended it (`signalled`).
        var status: Int32
        /// Whether a signal ended it.
        var signalled: Bool

        /// The lines written to standard error, without their newlines.
        var errorLines: [String] { stderr.split(separator: "\n").map(String.init) }
    }

    /// A wait that saw nothing happen for `safetyLimit` seconds.
    struct Hung: Error, CustomStringConvertible {
        var description: String
    }

    let process = Process()
    /// The command line, for messages.
    let commandLine: String
    /// A folder of its own, for the files its output is caught in; removed with it.
    private let scratch: URL
    private let exited = DispatchSemaphore(value: 0)
    private var input: FileHandle?
    /// The file or pipe each stream goes to.
    private var sinks: [Stream: Sink] = [:]
    private var result: Result?

    private enum Sink {
        case file(URL)
        case pipe(Int32, buffer: [UInt8], open: Bool)
        case elsewhere
    }

    /// Starts `executable` (a path, or a name looked up on the `PATH` of `environment`) with `arguments` in
    /// `directory` (a scratch folder of its own when nil); `environment` is the whole environment (the test
    /// process's when nil).
    init(_ executable: String, _ arguments: [String] = [], in directory: URL? = nil, environment: [String: String]? = nil,
         stdin: Input = .none, stdout: Output = .captured, stderr: Output = .captured) throws {
        commandLine = ([executable] + arguments).joined(separator: " ")
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("todofmt-process-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        if executable.contains("/") {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [executable] + arguments
        }
        if let environment { process.environment = environment }
        process.currentDirectoryURL = directory ?? scratch
        var opened: [FileHandle] = []
        defer { for handle in opened { try? handle.close() } }

        switch stdin {
        case .none: process.standardInput = FileHandle.nullDevice
        case .bytes(let data):
            // From a file, not a pipe: the program reads it at its own pace, with no writer to wait for.
            let url = scratch.appendingPathComponent("stdin")
            try data.write(to: url)
            let handle = try FileHandle(forReadingFrom: url)
            opened.append(handle)
            process.standardInput = handle
        case .pipe:
            let pipe = Pipe()
            process.standardInput = pipe
            input = pipe.fileHandleForWriting
        case .handle(let handle): process.standardInput = handle
        }

        var stdoutTarget: Any?
        for (stream, output) in [(Stream.standardOutput, stdout), (.standardError, stderr)] {
            let target: Any
            switch output {
            case .captured:
                let url = scratch.appendingPathComponent(stream == .standardOutput ? "stdout" : "stderr")
                _ = FileManager.default.createFile(atPath: url.path, contents: nil)
                let handle = try FileHandle(forWritingTo: url)
                opened.append(handle)
                target = handle
                sinks[stream] = .file(url)
            case .discarded:
                target = FileHandle.nullDevice
                sinks[stream] = .elsewhere
            case .pipe:
                let pipe = Pipe()
                target = pipe
                sinks[stream] = .pipe(pipe.fileHandleForReading.fileDescriptor, buffer: [], open: true)
                // The pipe's reading end is kept open by the `Pipe` until the process object goes.
                pipes.append(pipe)
            case .handle(let handle):
                target = handle
                sinks[stream] = .elsewhere
            case .standardOutput:
                precondition(stream == .standardError, "only standard error can go where standard output goes")
                target = stdoutTarget as Any
                sinks[stream] = .elsewhere
            }
            if stream == .standardOutput {
                stdoutTarget = target
                process.standardOutput = target
            } else {
                process.standardError = target
            }
        }
        let exited = self.exited
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
    }

    private var pipes: [Pipe] = []

    deinit {
        // A program a test leaves running (a server it is done with) is stopped with it.
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            exited.wait()
        }
        try? FileManager.default.removeItem(at: scratch)
    }

    var processIdentifier: Int32 { process.processIdentifier }
    var isRunning: Bool { process.isRunning }

    /// Sends `signal` to the program.
    func signal(_ signal: Int32) {
        // Not once it has ended: its identifier may be another process's by then.
        if process.isRunning { kill(process.processIdentifier, signal) }
    }

    // MARK: Input

    /// Writes `data` to the program's standard input (`.pipe`).
    func write(_ data: Data) throws {
        guard let input else { preconditionFailure("\(commandLine): standard input is not a pipe") }
        try input.write(contentsOf: data)
    }

    func write(_ text: String) throws { try write(Data(text.utf8)) }

    /// Closes the program's standard input: it reads its end.
    func closeInput() {
        try? input?.close()
        input = nil
    }

    // MARK: Output as it comes

    /// The next line (without its newline) the program writes to `stream` (`.pipe`), waiting for it; nil at the
    /// end of the stream (a last line without a newline is a line).
    func line(from stream: Stream = .standardOutput) throws -> String? {
        while true {
            guard case .pipe(let fd, var buffer, let open) = sinks[stream] else {
                preconditionFailure("\(commandLine): \(stream) is not a pipe")
            }
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeFirst(newline + 1)
                sinks[stream] = .pipe(fd, buffer: buffer, open: open)
                return line
            }
            if !open {
                sinks[stream] = .pipe(fd, buffer: [], open: false)
                return buffer.isEmpty ? nil : String(decoding: buffer, as: UTF8.self)
            }
            try fill(stream)
        }
    }

    /// Waits for a line on `stream` that `matches`, skipping the others; the line, or nil when the stream ended
    /// without one.
    func line(from stream: Stream = .standardOutput, where matches: (String) -> Bool) throws -> String? {
        while let line = try line(from: stream) {
            if matches(line) { return line }
        }
        return nil
    }

    /// What the program has written to `stream` (`.pipe`) and the test has not yet taken, waiting for at least
    /// one byte; nil at the end of the stream.
    func bytes(from stream: Stream = .standardOutput) throws -> [UInt8]? {
        while true {
            guard case .pipe(let fd, let buffer, let open) = sinks[stream] else {
                preconditionFailure("\(commandLine): \(stream) is not a pipe")
            }
            if !buffer.isEmpty {
                sinks[stream] = .pipe(fd, buffer: [], open: open)
                return buffer
            }
            if !open { return nil }
            try fill(stream)
        }
    }

    /// Reads what the program wrote next to `stream`, waiting for it (or for the end of the stream).
    private func fill(_ stream: Stream) throws {
        guard case .pipe(let fd, var buffer, _) = sinks[stream] else { return }
        try awaitReadable([fd], what: "to write to its \(stream)")
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count > 0 {
            buffer += chunk[..<count]
            sinks[stream] = .pipe(fd, buffer: buffer, open: true)
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            sinks[stream] = .pipe(fd, buffer: buffer, open: false)
        }
    }

    /// Waits until one of `descriptors` can be read (or has reached its end); a hang after `safetyLimit`.
    private func awaitReadable(_ descriptors: [Int32], what: String) throws {
        var polled = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        while true {
            let ready = poll(&polled, nfds_t(polled.count), Int32(Self.safetyLimit * 1000))
            if ready > 0 { return }
            if ready < 0, errno == EINTR { continue }
            throw hang("waited \(Int(Self.safetyLimit)) s for it \(what)")
        }
    }

    /// Kills the hung program and says so.
    private func hang(_ what: String) -> Hung {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        return Hung(description: "\(commandLine): hung: \(what); killed it")
    }

    // MARK: The end

    /// Waits for the program to end (first reading its pipes to their end, so it cannot block on a full one), and
    /// returns what it printed and how it ended.
    @discardableResult
    func wait() throws -> Result {
        if let result { return result }
        while true {
            let open = sinks.compactMap { stream, sink -> (Stream, Int32)? in
                if case .pipe(let fd, _, true) = sink { return (stream, fd) }
                return nil
            }
            guard !open.isEmpty else { break }
            try awaitReadable(open.map(\.1), what: "to end its output")
            for (stream, _) in open { try drainAvailable(stream) }
        }
        if exited.wait(timeout: .now() + Self.safetyLimit) == .timedOut {
            let error = hang("it did not end within \(Int(Self.safetyLimit)) s")
            exited.wait()
            throw error
        }
        process.waitUntilExit()
        let result = Result(stdout: try text(.standardOutput), stderr: try text(.standardError),
                            status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal)
        self.result = result
        return result
    }

    /// Reads what `stream`'s pipe holds now without waiting (it was seen readable).
    private func drainAvailable(_ stream: Stream) throws {
        guard case .pipe(let fd, _, true) = sinks[stream] else { return }
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) > 0 else { return }
        try fill(stream)
    }

    /// Everything the program wrote to `stream` that the test has not taken.
    private func text(_ stream: Stream) throws -> String {
        switch sinks[stream] {
        case .file(let url): return String(decoding: try Data(contentsOf: url), as: UTF8.self)
        case .pipe(_, let buffer, _): return String(decoding: buffer, as: UTF8.self)
        case .elsewhere, nil: return ""
        }
    }

    /// The process identifier of a program that has ended: a lock's holder that is gone.
    static func identifierOfAnEndedProcess() throws -> Int32 {
        let gone = try ChildProcess("/bin/true")
        try gone.wait()
        return gone.processIdentifier
    }

    /// Runs `executable` to its end; what it printed and how it ended.
    static func run(_ executable: String, _ arguments: [String] = [], in directory: URL? = nil, environment: [String: String]? = nil,
                    stdin: Input = .none, stdout: Output = .captured, stderr: Output = .captured) throws -> Result {
        try ChildProcess(executable, arguments, in: directory, environment: environment, stdin: stdin, stdout: stdout, stderr: stderr).wait()
    }
}
