/// Signal dispositions: a handler (a C function: it can reach only globals), the default, or ignored.
package enum Signals {
    /// The signals that end a process someone wants stopped (Ctrl-C, `kill`, a closed terminal), after which
    /// todofmt removes what it was writing.
    static let interrupting = [SIGINT, SIGTERM, SIGHUP]

    static func handle(_ signals: [Int32], with handler: @convention(c) (Int32) -> Void) {
        for number in signals { _ = signal(number, handler) }
    }

    static func restoreDefault(_ number: Int32) {
        _ = signal(number, SIG_DFL)
    }

    package static func ignore(_ number: Int32) {
        _ = signal(number, SIG_IGN)
    }
}
