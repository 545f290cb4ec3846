/// This program's own file, for a timer unit or a crontab line to run, found without `/proc` (which a container
/// or a chroot may not mount): Darwin says where it is (`_NSGetExecutablePath`); elsewhere it is the path it was
/// started by (`argv[0]`), or, for a bare name, the first executable file of that name on `PATH`, as the shell
/// found it. Symlinks resolved.
package enum ExecutablePath {
    package static func current() -> String {
        #if canImport(Darwin)
        var size = UInt32(4096)
        var buffer = [CChar](repeating: 0, count: Int(size))
        if _NSGetExecutablePath(&buffer, &size) == 0 {
            return FileSystem.resolvingSymlinks(String(decoding: buffer.prefix(while: { $0 != 0 }).map(UInt8.init(bitPattern:)), as: UTF8.self))
        }
        #endif
        let started = CommandLine.arguments.first ?? "todofmt"
        return find(started, searchPath: ProcessEnvironment.variables["PATH"], workingDirectory: FileSystem.currentDirectory())
    }

    /// The file `name` (a program's `argv[0]`) names: a path with a slash is taken from `workingDirectory`; a bare
    /// name is looked up on `searchPath` as `execvp(3)` looks it up (an empty entry is the working folder).
    static func find(_ name: String, searchPath: String?, workingDirectory: String) -> String {
        func absolute(_ path: String) -> String {
            FileSystem.resolvingSymlinks(path.hasPrefix("/") ? path : join(workingDirectory, path))
        }
        if name.contains("/") { return absolute(name) }
        for folder in (searchPath ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = join(folder.isEmpty ? workingDirectory : String(folder), name)
            if access(candidate, X_OK) == 0, !FileSystem.isDirectory(candidate) { return absolute(candidate) }
        }
        return absolute(name)
    }
}
