import Foundation

extension Todofmt {
    /// Runs `line` as a user pastes it into a shell (`sh -c`, quotes and all) in `directory`, with the built
    /// todofmt's folder first on `PATH` unless `environment` gives a `PATH` of its own.
    static func runPasted(_ line: String, in directory: URL, environment: [String: String] = [:]) throws -> Result {
        let path = executable.deletingLastPathComponent().path + ":/usr/bin:/bin"
        return try run(["-c", line], environment: ["PATH": path].merging(environment) { $1 }, in: directory,
                       program: URL(fileURLWithPath: "/bin/sh"))
    }
}
