
/// Runs a program found on PATH and collects its standard output (standard error passes through).
enum Subprocess {
    /// With `quiet`, standard error goes to /dev/null too.
    static func run(_ arguments: [String], quiet: Bool = false) -> (status: Int32, output: String) {
        Child(arguments, quiet: quiet)?.waitForExit() ?? (-1, "")
    }

    /// Runs a program for what it says on standard error as well as standard output, both read as one text
    /// (to report why it failed); status -1 when it cannot be started.
    static func runCapturingErrors(_ arguments: [String]) -> (status: Int32, output: String) {
        Child(arguments, capturingErrors: true)?.waitForExit() ?? (-1, "")
    }
}

extension Subprocess {
    /// A program started without waiting for it: its standard output goes to a pipe read once it ends;
    /// standard error passes through, or, `quiet`, goes to /dev/null.
    struct Child {
        let pid: pid_t
        private let output: Int32

        /// Starts `arguments` (the program found on PATH); nil when it cannot be started (not installed).
        /// `capturingErrors` sends its standard error to the same pipe as its standard output.
        init?(_ arguments: [String], quiet: Bool = true, capturingErrors: Bool = false) {
            var pipeEnds: [Int32] = [0, 0]
            guard pipe(&pipeEnds) == 0 else { return nil }
            let spawn = ProcessSpawn()
            spawn.duplicate(pipeEnds[1], as: 1)
            if capturingErrors {
                spawn.duplicate(pipeEnds[1], as: 2)
            } else if quiet {
                spawn.open("/dev/null", as: 2, flags: O_WRONLY)
            }
            spawn.close(pipeEnds[0])
            spawn.close(pipeEnds[1])
            let started = spawn.start(arguments)
            close(pipeEnds[1])
            guard case .success(let pid) = started else {
                close(pipeEnds[0])
                return nil
            }
            self.pid = pid
            output = pipeEnds[0]
        }

        /// The exit status and standard output once the program has ended; nil while it runs.
        func finished() -> (status: Int32, output: String)? {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            guard result == pid else { return result < 0 && errno != EINTR ? (-1, readOutput()) : nil }
            return (Child.exitStatus(status), readOutput())
        }

        /// Reads the program's standard output to its end and waits for it to exit.
        func waitForExit() -> (status: Int32, output: String) {
            let text = readOutput()
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            return (Child.exitStatus(status), text)
        }

        /// The exit code of a program that exited; -1 for one killed by a signal.
        private static func exitStatus(_ status: Int32) -> Int32 {
            (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
        }

        /// Stops the program (SIGTERM) and waits for it.
        func stop() {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            close(output)
        }

        private func readOutput() -> String {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress!, $0.count) }
                if n < 0, errno == EINTR { continue }
                if n <= 0 { break }
                bytes += buffer[0..<n]
            }
            close(output)
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
