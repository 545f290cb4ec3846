/// Prints names with counts in two columns: the name, then the count right-aligned after it.
enum CountTable {
    static func render(_ rows: [(name: String, count: Int)]) -> String {
        let nameWidth = rows.map(\.name.count).max() ?? 0
        let countWidth = rows.map { String($0.count).count }.max() ?? 0
        var out = ""
        for (name, count) in rows {
            let number = String(count)
            out += name + String(repeating: " ", count: nameWidth - name.count + 2 + countWidth - number.count) + number + "\n"
        }
        return out
    }
}
