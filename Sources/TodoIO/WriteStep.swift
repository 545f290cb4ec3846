/// The steps of the write path (a lock taken or waited for, a temporary file written, a rename, the journal of a
/// change of many files written and removed), each marked where it happens, so that a test can stop the process at
/// any one of them rather than at a random moment, or see it reach one. Debug builds only, through
/// `TODOFMT_FAULT`: `steps` prints each step as it is reached (`todofmt: step 7: rename onto B.md`), `pause` prints
/// it and then waits for a line on standard input before taking it (a test signals the process there), `kill-at:N`
/// kills the process with SIGKILL when step N is reached, as `kill -9` would, `term-at:N` sends it SIGTERM there,
/// `fail-at:N[,M…]` makes the system call of step N fail, as a full disk or a lost mount would, and
/// `append-at:N:PATH` adds a line to the file at PATH there, as another program saving it would. In a release
/// build a step costs nothing.
package enum WriteStep {
    /// What `TODOFMT_FAULT` asks of the steps.
    package struct Faults {
        var printsSteps = false
        var pauses = false
        var killAt: Int?
        var terminateAt: Int?
        var failAt: Set<Int> = []
        var appendAt: (step: Int, path: String)?

        /// The faults `TODOFMT_FAULT`'s value names; nil for a value that names none of them.
        package init?(_ value: String) {
            let parts = value.split(separator: ":", maxSplits: 1).map(String.init)
            switch (parts.first, parts.count) {
            case ("steps", 1): printsSteps = true
            case ("pause", 1): (printsSteps, pauses) = (true, true)
            case ("kill-at", 2): killAt = Int(parts[1])
            case ("term-at", 2): terminateAt = Int(parts[1])
            case ("fail-at", 2): failAt = Set(parts[1].split(separator: ",").compactMap { Int($0) })
            case ("append-at", 2):
                let place = parts[1].split(separator: ":", maxSplits: 1).map(String.init)
                guard place.count == 2, let step = Int(place[0]) else { return nil }
                appendAt = (step, place[1])
            default: return nil
            }
        }

        init() {}
    }

    #if DEBUG
    /// Set once, by `main`, before any step.
    package nonisolated(unsafe) static var faults = Faults()
    nonisolated(unsafe) private static var reachedCount = 0
    #endif

    /// Marks that the write path reached `step`, just before the system call it names; true when that call is to
    /// fail (`fail-at`), its failure then reported as `EIO`.
    @discardableResult
    static func reached(_ step: @autoclosure () -> String) -> Bool {
        #if DEBUG
        reachedCount += 1
        if faults.printsSteps {
            printError("todofmt: step \(reachedCount): \(step())\n")
            StandardStream.error.flush()
        }
        if faults.pauses {
            // Until a newline, the end of the input or an error.
            var byte: UInt8 = 0
            while read(0, &byte, 1) == 1, byte != UInt8(ascii: "\n") {}
        }
        if faults.killAt == reachedCount { kill(getpid(), SIGKILL) }
        if faults.terminateAt == reachedCount { raise(SIGTERM) }
        if let (step, path) = faults.appendAt, step == reachedCount {
            let fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
            _ = Array("another program's line\n".utf8).withUnsafeBytes { FileSystem.writeAll(fd, $0) }
            close(fd)
        }
        if faults.failAt.contains(reachedCount) {
            errno = EIO
            return true
        }
        #endif
        return false
    }
}
