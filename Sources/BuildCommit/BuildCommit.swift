/// The git commit a build was made from: `BuildCommit.current`, which the CommitStamp plugin writes at build time
/// (in `BuildCommit+Current.swift`, beside the build's other products), is nil for a build outside a git checkout.
///
/// A module of its own so that a new commit recompiles this file alone and relinks, not the program.
package struct BuildCommit: Sendable {
    /// The commit's hash, its first seven hex digits.
    package let hash: String
    /// The day of the commit (its committer date), `YYYY-MM-DD` in UTC: a build of the same commit anywhere, at any
    /// time, says the same.
    package let date: String
}
