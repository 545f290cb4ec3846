/// An iCalendar component (`VCALENDAR`, `VTODO`, `VALARM`, …): its properties and sub-components, in the
/// order they were read, each property keeping its text.
package struct CalendarComponent: Hashable, Sendable {
    package var name: String
    package var properties: [ContentLine]
    package var components: [CalendarComponent]

    /// A component named `name` (`VTODO`, `VALARM` …) with its properties and subcomponents.
    package init(name: String, properties: [ContentLine] = [], components: [CalendarComponent] = []) {
        self.name = name
        self.properties = properties
        self.components = components
    }

    /// Why a text is not an iCalendar object.
    package struct ReadError: Error, Hashable, Sendable, CustomStringConvertible {
        /// 1-based logical (unfolded) line.
        package var line: Int
        package var message: String
        package var description: String { "line \(line): \(message)" }
    }

    /// Reads the top-level components of an iCalendar text (usually one `VCALENDAR`).
    package static func parse(_ text: String) throws(ReadError) -> [CalendarComponent] {
        var stack: [CalendarComponent] = []
        var top: [CalendarComponent] = []
        for (number, raw) in ICalendarText.unfold(text).enumerated() {
            guard let line = ContentLine(parsing: raw) else {
                throw ReadError(line: number + 1, message: "not a content line (NAME:value)")
            }
            switch line.name {
            case "BEGIN":
                stack.append(CalendarComponent(name: line.value.uppercased()))
            case "END":
                guard let last = stack.popLast(), last.name == line.value.uppercased() else {
                    throw ReadError(line: number + 1, message: "END:\(line.value) closes no open component")
                }
                if stack.isEmpty { top.append(last) } else { stack[stack.count - 1].components.append(last) }
            default:
                guard !stack.isEmpty else { throw ReadError(line: number + 1, message: "a property outside any component") }
                stack[stack.count - 1].properties.append(line)
            }
        }
        if let open = stack.last { throw ReadError(line: 0, message: "BEGIN:\(open.name) is never closed") }
        return top
    }

    /// The first property named `name`.
    package func property(_ name: String) -> ContentLine? { properties.first { $0.name == name } }

    /// Every property named `name`.
    package func properties(_ name: String) -> [ContentLine] { properties.filter { $0.name == name } }

    /// The unfolded lines of the component, `BEGIN` to `END`.
    package var contentLines: [String] {
        ["BEGIN:\(name)"] + properties.map(\.raw) + components.flatMap(\.contentLines) + ["END:\(name)"]
    }

    /// The component as iCalendar text: folded lines, each ending in CRLF.
    package var text: String {
        contentLines.map { ICalendarText.fold($0) + "\r\n" }.joined()
    }
}
