import TodoKit

/// A vdir (the storage vdirsyncer, todoman and khal share): a folder of `.ics` files, one calendar object
/// each. Files are written atomically (a temporary `.NAME.ics.todofmt-XXXXXX` beside them, which vdirsyncer
/// and todoman pass over as they read only `*.ics`), and written or removed only while they still hold what
/// was read.
struct Vdir {
    let path: String

    /// Every `.ics` file of the folder, by name, in name order. Temporary files a killed sync left
    /// (`.NAME.ics.todofmt-XXXXXX`) go: the caller holds the sync's lock, so no other sync is writing one.
    func items() throws -> [VdirItem] {
        guard let folder = opendir(path) else { throw CommandFailure("\(SystemError(path: path))") }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasSuffix(".ics") { names.append(name) }
            if name.hasPrefix("."), name.contains(".ics.todofmt-") { unlink(file(name)) }
        }
        var items: [VdirItem] = []
        for name in names.sorted() {
            do {
                let bytes = try FileSystem.read(file(name))
                items.append(VdirItem(fileName: name, text: String(decoding: bytes, as: UTF8.self)))
            } catch {
                if error.code == EISDIR || error.code == ENOENT { continue }
                throw CommandFailure("\(error)")
            }
        }
        return items
    }

    func file(_ name: String) -> String { path + "/" + name }

    /// Writes an item, new (`replacing` nil: only while no file has that name) or in place of the text it
    /// was read with. False when another program changed it meanwhile: nothing is written.
    func write(_ name: String, _ text: String, replacing old: String?) throws -> Bool {
        struct ChangedMeanwhile: Error {}
        do {
            try FileSystem.writeAtomically(text, to: file(name)) {
                let now = try? FileSystem.read(file(name))
                if now != old.map({ Array($0.utf8) }) { throw ChangedMeanwhile() }
            }
            return true
        } catch is ChangedMeanwhile {
            return false
        } catch {
            throw CommandFailure("\(error)")
        }
    }

    /// Removes an item if it still holds `text`; false when another program changed it meanwhile.
    func remove(_ name: String, holding text: String) throws -> Bool {
        guard let now = try? FileSystem.read(file(name)) else { return true }
        guard now == Array(text.utf8) else { return false }
        guard unlink(file(name)) == 0 || errno == ENOENT else { throw CommandFailure("\(SystemError(path: file(name)))") }
        return true
    }
}
