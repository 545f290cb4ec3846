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
