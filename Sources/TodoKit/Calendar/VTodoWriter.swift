/// Writes a task's `VTODO`: a new calendar object, or another client's object with only todofmt's
/// properties rewritten.
public enum VTodoWriter {
    /// A calendar object holding one `VTODO` for `todo`, with `uid`.
    public static func newObject(uid: String, todo: CalendarTodo, stamp: String, settings: CalendarSettings,
                                 productVersion: String) -> String {
        var component = CalendarComponent(name: "VTODO", properties: [ContentLine("UID", value: ICalendarText.escape(uid))])
        component.properties += todo.properties(stamp: stamp, settings: settings)
        component.components = todo.alarmComponents
        return calendar(productVersion: productVersion, components: [component]).text
    }

    /// The `VCALENDAR` wrapper todofmt writes around its components.
    public static func calendar(productVersion: String, components: [CalendarComponent]) -> CalendarComponent {
        CalendarComponent(name: "VCALENDAR", properties: [
            ContentLine("VERSION", value: "2.0"), ContentLine("PRODID", value: "-//todofmt//todofmt \(productVersion)//EN"),
        ], components: components)
    }

    /// `object` (a calendar object another client may have written) with its `VTODO`'s owned properties and
    /// todofmt's alarms replaced by `todo`'s, `SEQUENCE` counted up, and everything else as it was. Nil when
    /// the object holds no `VTODO`.
    public static func updating(_ object: CalendarComponent, with todo: CalendarTodo, stamp: String,
                                settings: CalendarSettings) -> String? {
        guard let index = object.components.firstIndex(where: { $0.name == "VTODO" }) else { return nil }
        var calendar = object
        var vtodo = calendar.components[index]
        let sequence = vtodo.property("SEQUENCE").flatMap { Int($0.value.trimmingWhitespace()) } ?? 0
        var kept: [ContentLine] = []
        var insertion: Int?
        for line in vtodo.properties {
            if line.name == "SEQUENCE" { continue }
            if CalendarTodo.ownedProperties.contains(line.name) {
                if insertion == nil { insertion = kept.count }
                continue
            }
            kept.append(line)
            if line.name == "UID", insertion == nil { insertion = kept.count }
        }
        let owned = todo.properties(stamp: stamp, settings: settings) + [ContentLine("SEQUENCE", value: "\(sequence + 1)")]
        kept.insert(contentsOf: owned, at: insertion ?? kept.count)
        vtodo.properties = kept
        // Alarms: todofmt's own are replaced; another client's stay, unless it rings exactly when one of ours does.
        let triggers = Set(todo.alarms.map(\.value))
        vtodo.components.removeAll { alarm in
            alarm.name == "VALARM" && (alarm.properties.contains(CalendarTodo.alarmMarker)
                                       || alarm.property("TRIGGER").map { triggers.contains($0.value) } ?? false)
        }
        vtodo.components += todo.alarmComponents
        calendar.components[index] = vtodo
        return calendar.text
    }
}
