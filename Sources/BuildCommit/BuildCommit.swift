/// The git commit a build was made from, as the CommitStamp plugin (`Plugins/CommitStamp`) found it at build time.
package struct BuildCommit: Sendable {
    /// The commit's hash, its first seven hex digits.
    package let hash: String
    /// The day of the commit (its committer date), `YYYY-MM-DD` in UTC: a build of the same commit anywhere, at any
    /// time, says the same.
    package let date: String

    /// The commit this build was made from; nil for a build outside a git checkout.
    ///
    /// The plugin writes it as a global, `stampedCommit`, in a file of its own beside the build's products: Swift
    /// keeps a global's value out of the module's interface (a static property's would be in it), so a new commit
    /// recompiles this small module and relinks, and the program that imports it is left as it was.
    package static var current: BuildCommit? { stampedCommit }
}
