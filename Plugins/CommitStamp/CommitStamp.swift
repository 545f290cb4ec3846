import Foundation
import PackagePlugin

/// Writes `BuildCommit+Current.swift` with `commit-stamp.sh`: the commit the package's git checkout is at and that
/// commit's day, or nil outside a git checkout. The day is the commit's, never the clock's, so two builds of one
/// commit say the same.
///
/// The script runs again whenever the checkout's HEAD moves: HEAD and its log in the git folder are the command's
/// inputs (a commit, a checkout, a reset each append to the log), with the script itself.
@main
struct CommitStamp: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let package = context.package.directoryURL
        let script = package.appending(path: "Plugins/CommitStamp/commit-stamp.sh")
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildCommit+Current.swift")
        let head = Self.gitFolder(of: package).map { [$0.appending(path: "HEAD"), $0.appending(path: "logs/HEAD")] } ?? []
        return [.buildCommand(displayName: "Stamping the build with its git commit",
                              executable: URL(fileURLWithPath: "/bin/sh"),
                              arguments: [script.path, package.path, output.path],
                              inputFiles: [script] + head, outputFiles: [output])]
    }

    /// The checkout's git folder: `.git` itself, or the folder a `.git` file names (a worktree's, a submodule's).
    static func gitFolder(of package: URL) -> URL? {
        let dotGit = package.appending(path: ".git")
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dotGit.path, isDirectory: &isFolder) else { return nil }
        if isFolder.boolValue { return dotGit }
        guard let text = try? String(contentsOf: dotGit, encoding: .utf8), text.hasPrefix("gitdir: ") else { return nil }
        let path = text.dropFirst("gitdir: ".count).trimmingCharacters(in: .whitespacesAndNewlines)
        return URL(fileURLWithPath: path, relativeTo: package).standardizedFileURL
    }
}
