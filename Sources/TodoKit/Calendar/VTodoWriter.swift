/// Writes a task's `VTODO`: a new calendar object, or another client's object with only todofmt's
/// properties rewritten.
package enum VTodoWriter {
    /// A calendar object holding one `VTODO` for `todo`, with `uid`.
    package static func newObject(uid: String, todo: CalendarTodo, created: CalendarDate?, stamp: String, settings: CalendarSettings,
                                 productVersion: String) -> String {
        calendar(productVersion: productVersion, components: [component(uid: uid, todo: todo, created: created, stamp: stamp, settings: settings)]).text
    }

    /// A new `VTODO`: `UID`, `CREATED` from the task's creation date (the calendar's own afterwards: not
    /// rewritten), and todofmt's properties and alarms.
    static func component(uid: String, todo: CalendarTodo, created: CalendarDate?, stamp: String, settings: CalendarSettings) -> CalendarComponent {
        var component = CalendarComponent(name: "VTODO", properties: [ContentLine("UID", value: ICalendarText.escape(uid))])
        if let created {
            let noon = settings.zone.utcSeconds(of: created, hour: 12, minute: 0)
            component.properties.append(ContentLine("CREATED", value: ICalendarTime.utcStamp(noon)))
        }
        component.properties += todo.properties(stamp: stamp, settings: settings)
        component.components = todo.alarmComponents
        return component
    }

    /// The `VCALENDAR` wrapper todofmt writes around its components.
    package static func calendar(productVersion: String, components: [CalendarComponent]) -> CalendarComponent {
        CalendarComponent(name: "VCALENDAR", properties: [
            ContentLine("VERSION", value: "2.0"), ContentLine("PRODID", value: "-//todofmt//todofmt \(productVersion)//EN"),
        ], components: components)
    }

    /// `object` (a calendar object another client may have written) with its `VTODO`'s owned properties and
    /// todofmt's alarms replaced by `todo`'s, `SEQUENCE` counted up, and everything else as it was. Nil when
    /// the object holds no `VTODO`.
    package static func updating(_ object: CalendarComponent, with todo: CalendarTodo, stamp: String,
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
