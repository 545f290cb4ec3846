#if os(Linux)
import Glibc

/// A set of CPUs, as `sched_getaffinity` gives it (`cpu_set_t`, for up to 1,024 CPUs): where a thread may run.
struct CPUSet: Equatable {
    private var words = [UInt64](repeating: 0, count: 16)

    /// The CPUs the calling thread may run on; nil when not known.
    static func allowed() -> CPUSet? {
        var set = CPUSet()
        let status = set.words.withUnsafeMutableBytes { sched_getaffinity(0, $0.count, $0.baseAddress!) }
        return status == 0 ? set : nil
    }

    /// The CPUs the calling thread may run on but the one it is on; nil when that leaves none, or when either
    /// is not known.
    static func allowedExceptCurrent() -> CPUSet? {
        guard var set = allowed() else { return nil }
        let current = Int(sched_getcpu())
        guard set.contains(current) else { return nil }
        set.words[current / 64] &= ~(1 << UInt64(current % 64))
        return set.count > 0 ? set : nil
    }

    var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

    func contains(_ cpu: Int) -> Bool {
        cpu >= 0 && cpu < words.count * 64 && words[cpu / 64] & (1 << UInt64(cpu % 64)) != 0
    }

    /// Sets the CPUs of the threads made with `attributes` to these; false when refused.
    func restrict(_ attributes: inout pthread_attr_t) -> Bool {
        words.withUnsafeBytes { pthread_attr_setaffinity_np(&attributes, $0.count, $0.baseAddress!) } == 0
    }
}

// <sched.h> and <pthread.h> declare these only for _GNU_SOURCE, which the Glibc module leaves out.
@_silgen_name("sched_getaffinity")
private func sched_getaffinity(_ pid: pid_t, _ size: Int, _ set: UnsafeMutableRawPointer) -> Int32
@_silgen_name("sched_getcpu")
private func sched_getcpu() -> Int32
@_silgen_name("pthread_attr_setaffinity_np")
private func pthread_attr_setaffinity_np(_ attributes: UnsafeMutablePointer<pthread_attr_t>, _ size: Int,
                                         _ set: UnsafeRawPointer) -> Int32
#endif
