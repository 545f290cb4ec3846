// The C library of the platform, imported here once for TodoIO and, through it, the executable: glibc on most
// Linux systems, musl in a fully static Linux build, and Darwin's libc on Apple's systems. Nothing else names one
// of them.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#elseif canImport(Darwin)
@_exported import Darwin
#endif
