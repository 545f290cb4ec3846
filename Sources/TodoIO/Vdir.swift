import TodoKit

/// A vdir (the storage vdirsyncer, todoman and khal share): a folder of `.ics` files, one calendar object
/// each. Its items are read and written as `GuardedFile`s under the sync's lock: written atomically (a
/// temporary `.NAME.ics.todofmt-XXXXXX` beside them, which vdirsyncer and todoman pass over as they read only
/// `*.ics`), and written or removed only while they still hold what was read.
package struct Vdir {
    package let path: String
    /// The items as read, by file name.
    private var read: [String: GuardedFile] = [:]

    package init(path: String) { self.path = path }

    /// Reads every `.ics` file of the folder, in name order, while `lock` is held. Temporary files a killed
    /// sync left (`.NAME.ics.todofmt-XXXXXX`) go: the lock is the sync's, so no other sync is writing one.
    package mutating func items(under lock: borrowing FileLock) throws(SystemError) -> [VdirItem] {
        var names: [String] = []
        for name in try FileSystem.names(in: path) {
            if name.hasSuffix(".ics") { names.append(name) }
            if name.hasPrefix("."), name.contains(".ics.todofmt-") { unlink(file(name)) }
        }
        var items: [VdirItem] = []
        for name in names.sorted() {
            do {
                let item = try GuardedFile(file(name), under: lock, missing: .isAnError)
                read[name] = item
                items.append(VdirItem(fileName: name, text: item.text ?? ""))
            } catch {
                // A folder named like an item, or an item removed since the folder was listed, is none.
                if error.code == EISDIR || error.code == ENOENT { continue }
                throw error
            }
        }
        return items
    }

    func file(_ name: String) -> String { path + "/" + name }

    /// Writes an item: one that was read (only while it holds what was read), or a new one (only while no
    /// file has its name). False when another program changed it meanwhile: nothing is written.
    package mutating func write(_ name: String, _ text: String, under lock: borrowing FileLock) throws(SystemError) -> Bool {
        var item: GuardedFile
        if let known = read[name] {
            item = known
        } else {
            item = try GuardedFile(file(name), under: lock, missing: .isNew)
            guard item.contents == nil else { return false }
        }
        do { try item.replace(with: text) } catch {
            if error.changedMeanwhile { return false }
            throw error
        }
        read[name] = item
        return true
    }

    /// Removes an item if it still holds what was read; false when another program changed it meanwhile.
    package func remove(_ name: String) throws(SystemError) -> Bool {
        guard let item = read[name] else { return true }
        return try item.remove()
    }
}
