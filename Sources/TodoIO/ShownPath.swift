/// A path as a message shows it: as it is, unless it holds a control character (a newline in it would split a
/// one-line diagnostic in two): then in double quotes with C escapes, as git shows such paths (`"a\nb.md"`,
/// other control characters as the octal of their bytes).
package func shown(_ path: String) -> String {
    guard path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return path }
    var text = "\""
    for scalar in path.unicodeScalars {
        switch scalar {
        case "\n": text += "\\n"
        case "\r": text += "\\r"
        case "\t": text += "\\t"
        case "\"": text += "\\\""
        case "\\": text += "\\\\"
        case _ where scalar.properties.generalCategory == .control:
            for byte in String(scalar).utf8 {
                let octal = String(byte, radix: 8)
                text += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            }
        default: text.unicodeScalars.append(scalar)
        }
    }
    return text + "\""
}
