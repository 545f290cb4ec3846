/// Starting a program found on PATH with `posix_spawnp`, whose file actions are a struct in glibc and musl
/// and an opaque pointer on Darwin, in the environment this process has (`environ`, which Darwin reaches
/// through a function).
package final class ProcessSpawn {
    #if canImport(Darwin)
    private var actions: posix_spawn_file_actions_t? = nil
    #else
    private var actions = posix_spawn_file_actions_t()
    #endif

    package init() { posix_spawn_file_actions_init(&actions) }

    deinit { posix_spawn_file_actions_destroy(&actions) }

    /// Makes `fd` the program's descriptor `target`.
    package func duplicate(_ fd: Int32, as target: Int32) { posix_spawn_file_actions_adddup2(&actions, fd, target) }

    /// Opens `path` as the program's descriptor `target`.
    package func open(_ path: String, as target: Int32, flags: Int32) { posix_spawn_file_actions_addopen(&actions, target, path, flags, 0) }

    /// Closes the program's descriptor `fd`.
    package func close(_ fd: Int32) { posix_spawn_file_actions_addclose(&actions, fd) }

    /// Starts `arguments` with these file actions; its pid, or the C library's error number.
    package func start(_ arguments: [String]) -> Result<pid_t, SystemCallFailure> {
        ProcessSpawn.start(arguments, actions: &actions)
    }

    /// Starts `arguments` with this process's descriptors (a terminal stays attached).
    package static func start(_ arguments: [String]) -> Result<pid_t, SystemCallFailure> {
        start(arguments, actions: nil)
    }

    #if canImport(Darwin)
    private typealias Actions = posix_spawn_file_actions_t?
    #else
    private typealias Actions = posix_spawn_file_actions_t
    #endif

    private static func start(_ arguments: [String], actions: UnsafePointer<Actions>?) -> Result<pid_t, SystemCallFailure> {
        var pid = pid_t()
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let code = posix_spawnp(&pid, arguments[0], actions, nil, &argv, environment)
        return code == 0 ? .success(pid) : .failure(SystemCallFailure(code: code))
    }

    /// The environment this process runs in, as the C library holds it.
    static var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> {
        #if canImport(Darwin)
        _NSGetEnviron().pointee!
        #else
        environ
        #endif
    }
}

/// A C library call that failed, with its error number.
package struct SystemCallFailure: Error {
    package var code: Int32
}
