import TodoKit

/// Prints names with counts in two columns: the name, then the count right-aligned after it, lined up by
/// the names' display width (a CJK character or an emoji takes two columns).
enum CountTable {
    static func render(_ rows: [(name: String, count: Int)]) -> String {
        let names = rows.map { $0.name.showingControlCharacters() }
        let nameWidth = names.map(\.displayWidth).max() ?? 0
        let countWidth = rows.map { String($0.count).count }.max() ?? 0
        var out = ""
        for (name, row) in zip(names, rows) {
            let number = String(row.count)
            out += name + String(repeating: " ", count: nameWidth - name.displayWidth + 2 + countWidth - number.count) + number + "\n"
        }
        return out
    }
}
