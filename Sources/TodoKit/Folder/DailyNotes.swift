/// An Obsidian vault's daily notes, as its settings (`.obsidian/daily-notes.json`) name them: a folder, a
/// moment.js date format for the note's name (default `YYYY-MM-DD`) and a template a new note starts from.
package struct DailyNotes: Hashable, Sendable {
    /// The folder of the notes, relative to the vault (`""` for its top).
    package var folder: String
    /// The notes' names, as a moment.js format (`MomentFormat`); a `/` in it makes folders.
    package var format: String
    /// The template file, relative to the vault, as the settings name it (without `.md`); nil for none.
    package var template: String?

    package static let defaultFormat = "YYYY-MM-DD"

    package init(folder: String = "", format: String = "", template: String? = nil) {
        self.folder = folder.trimmingSlashes()
        self.format = format.isEmpty ? DailyNotes.defaultFormat : format
        self.template = template.map { $0.trimmingSlashes() }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The name of the note of `date`, without `.md`: what `{{title}}` and `{{date}}` stand for.
    package func title(of date: CalendarDate) -> String { MomentFormat.format(date, as: format) }

    /// The path of the note of `date`, relative to the vault.
    package func path(of date: CalendarDate) -> String {
        (folder.isEmpty ? "" : folder + "/") + title(of: date) + ".md"
    }

    /// The template's path relative to the vault, `.md` added as Obsidian adds it.
    package var templatePath: String? {
        template.map { $0.lowercased().hasSuffix(".md") ? $0 : $0 + ".md" }
    }

    /// A new note of `date` made from a template's text, as Obsidian fills it: `{{title}}` and `{{date}}` are the
    /// note's name, `{{time}}` is `now` as `HH:mm`, `{{date:FORMAT}}` and `{{time:FORMAT}}` take a moment.js
    /// format, either may move by `+1d`, `-2w` (`y`, `q`, `m`, `w`, `d`) first, and `{{yesterday}}` and
    /// `{{tomorrow}}` name those days' notes. Anything else (a Templater `<% %>` command) is kept as written.
    package func note(of date: CalendarDate, at now: TimeOfDay, fromTemplate template: String) -> String {
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstRange(of: "{{") {
            out += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].firstRange(of: "}}") else {
                rest = rest[open.lowerBound...]
                break
            }
            let inside = rest[open.upperBound..<close.lowerBound]
            if let value = value(of: String(inside), date: date, now: now) {
                out += value
            } else {
                out += rest[open.lowerBound..<close.upperBound]
            }
            rest = rest[close.upperBound...]
        }
        return out + rest
    }

    /// What one `{{…}}` stands for, or nil when it is none of the daily note's words.
    private func value(of inside: String, date: CalendarDate, now: TimeOfDay) -> String? {
        let words = inside.trimmingWhitespace()
        switch words.lowercased() {
        case "title", "date": return title(of: date)
        case "time": return MomentFormat.format(date, time: now, as: "HH:mm")
        case "yesterday": return title(of: date.adding(days: -1))
        case "tomorrow": return title(of: date.adding(days: 1))
        default: break
        }
        // `date` or `time`, a shift such as `+1d`, then `:FORMAT`.
        let (head, pattern): (Substring, String?)
        if let colon = words.firstIndex(of: ":") {
            (head, pattern) = (words[..<colon], String(words[words.index(after: colon)...]).trimmingWhitespace())
        } else {
            (head, pattern) = (Substring(words), nil)
        }
        var name = head.trimmingWhitespace().lowercased()
        var shifted = date
        for kind in ["date", "time"] where name.hasPrefix(kind) {
            let shift = name.dropFirst(kind.count).trimmingWhitespace()
            if !shift.isEmpty {
                guard let moved = DailyNotes.shifted(date, by: shift) else { return nil }
                shifted = moved
            }
            name = kind
        }
        switch name {
        case "date": return MomentFormat.format(shifted, time: now, as: pattern ?? format)
        case "time": return MomentFormat.format(shifted, time: now, as: pattern ?? "HH:mm")
        default: return nil
        }
    }

    /// `date` moved by `+1d`, `-2w`, `+1m`, `+1q`, `+1y`; nil for anything else.
    static func shifted(_ date: CalendarDate, by shift: String) -> CalendarDate? {
        guard let sign = shift.first, sign == "+" || sign == "-", let unit = shift.last,
              let count = Int(shift.dropFirst().dropLast()) else { return nil }
        let n = sign == "-" ? -count : count
        switch unit {
        case "d": return date.adding(days: n)
        case "w": return date.adding(days: 7 * n)
        case "m": return date.adding(months: n)
        case "q": return date.adding(months: 3 * n)
        case "y": return date.adding(years: n)
        default: return nil
        }
    }
}

extension String {
    /// Without `/` at either end.
    func trimmingSlashes() -> String {
        var s = Substring(self)
        while s.first == "/" { s = s.dropFirst() }
        while s.last == "/" { s = s.dropLast() }
        return String(s)
    }
}
