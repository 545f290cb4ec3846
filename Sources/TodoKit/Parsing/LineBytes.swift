/// Reads the bytes of many lines cheaply: lines that share one storage (as the lines of a read text do) are
/// sliced from a single view of it instead of each opening its own.
enum LineBytes {
    /// Calls `body` with a function giving each line's bytes; the bytes are valid only within `body`.
    static func withAccess<R>(to lines: [Line], _ body: ((Int) -> UnsafeBufferPointer<UInt8>?, UnsafeBufferPointer<Line>) -> R) -> R {
        lines.withUnsafeBufferPointer { lp in
            guard !lp.isEmpty else { return body({ _ in nil }, lp) }
            let common = commonStorage(of: lp)
            let commonIdentity = common.storageIdentity
            return common.withUTF8Bytes { all in
                body({ i in
                    let line = lp[i]
                    guard line.storage.storageIdentity == commonIdentity else { return nil }
                    return UnsafeBufferPointer(rebasing: all[Int(line.start)..<Int(line.start + line.count)])
                }, lp)
            }
        }
    }

    /// The string most of `lines` share: the longest of the storages of a few lines spread over them. (A
    /// line rewritten on its own has a short string of its own; the text lines were read from is long.)
    static func commonStorage(of lines: UnsafeBufferPointer<Line>) -> String {
        let count = lines.count
        var best = lines[count / 2].storage
        for i in [count / 4, 3 * count / 4, count / 8, 7 * count / 8] where lines[i].storage.utf8.count > best.utf8.count {
            best = lines[i].storage
        }
        return best
    }

    /// Calls `body` with the bytes of the storage most lines share, a function saying whether line `i` is
    /// in it, and the lines.
    static func withCommonStorage<R>(of lines: [Line],
                                     _ body: (UnsafeBufferPointer<UInt8>, (Int) -> Bool, UnsafeBufferPointer<Line>) -> R) -> R {
        lines.withUnsafeBufferPointer { lp in
            guard !lp.isEmpty else { return body(UnsafeBufferPointer(start: nil, count: 0), { _ in false }, lp) }
            let common = commonStorage(of: lp)
            let commonIdentity = common.storageIdentity
            return common.withUTF8Bytes { all in
                body(all, { i in lp[i].storage.storageIdentity == commonIdentity }, lp)
            }
        }
    }
}
