/// What `stat(2)` says of a file, where the platforms name it differently.
extension stat {
    /// The last modification, in whole seconds since the epoch.
    var modificationSeconds: Int {
        #if canImport(Darwin)
        Int(st_mtimespec.tv_sec)
        #else
        Int(st_mtim.tv_sec)
        #endif
    }
}

extension stat {
    /// The last modification, in nanoseconds since the epoch.
    var modificationNanoseconds: Int {
        #if canImport(Darwin)
        Int(st_mtimespec.tv_sec) * 1_000_000_000 + Int(st_mtimespec.tv_nsec)
        #else
        Int(st_mtim.tv_sec) * 1_000_000_000 + Int(st_mtim.tv_nsec)
        #endif
    }
}
