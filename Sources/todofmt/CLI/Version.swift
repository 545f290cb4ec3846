import BuildCommit

/// The version of todofmt, written here alone, and what `--version` says of a build.
enum Version {
    static let current = "0.1.0"

    /// What `todofmt --version` prints: the version, then, for a build made in a git checkout, the commit and its day
    /// (`todofmt 0.1.0 (abc1234, 2026-11-28)`); a build from a source archive says the version alone.
    static var line: String {
        guard let commit = BuildCommit.current else { return "todofmt \(current)" }
        return "todofmt \(current) (\(commit.hash), \(commit.date))"
    }
}
