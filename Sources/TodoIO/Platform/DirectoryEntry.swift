/// One entry `readdir(3)` returned, read through its fields' addresses.
///
/// The kernel packs records of `d_reclen` bytes into readdir's buffer, so a record ends soon after its name's
/// NUL: the `dirent` struct (its 256-byte `d_name` field) may run past the end of the buffer. Reading
/// `entry.pointee` or `entry.pointee.d_name` copies that struct or field, which reads bytes that are not
/// there; the name is read up to its NUL and the type as the one byte it is, from their offsets.
struct DirectoryEntry {
    var name: String
    /// What the entry is, as `d_type` says (`DT_DIR`, `DT_REG`, …); `DT_UNKNOWN` on file systems that do not say.
    var type: UInt8

    init(_ entry: UnsafeMutablePointer<dirent>) {
        let record = UnsafeRawPointer(entry)
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        name = String(cString: record.advanced(by: nameOffset).assumingMemoryBound(to: CChar.self))
        type = record.load(fromByteOffset: MemoryLayout<dirent>.offset(of: \dirent.d_type)!, as: UInt8.self)
    }
}
