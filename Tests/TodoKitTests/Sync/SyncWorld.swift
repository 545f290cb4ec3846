import TodoKit
import XCTest

/// A todo file, a vdir and the sync's state, in memory: what `todofmt sync` reads and writes, for testing
/// the plan without a disk.
struct SyncWorld {
    var file: String
    var format: FileFormat = .markdown
    var vdir: [String: String] = [:]
    var state = SyncState(file: "/TODO.md")
    var today = CalendarDate(iso: "2026-11-26")!
    var filter: FilterExpression = .all
    var inbox: ListPath?
    /// How the file is read: its task settings and Markdown reading (a vault's, for a note of one).
    var settings = TaskSettings()
    var reading = MarkdownReading.commonMark

    init(_ file: String, format: FileFormat = .markdown) {
        self.file = file
        self.format = format
    }

    var options: SyncOptions {
        SyncOptions(vdir: "/vdir", filter: filter, today: today, settings: CalendarSettings(), stamp: "20261126T080000Z",
                    productVersion: "test", inbox: inbox)
    }

    func plan() throws -> SyncPlan {
        let items = vdir.keys.sorted().map { VdirItem(fileName: $0, text: vdir[$0]!) }
        return try SyncPlanner.plan(document: Document(parsing: file, format: format, settings: settings, reading: reading), state: state,
                                    items: items, options: options)
    }

    /// Carries out a plan as the command does, in its order; with `steps`, only that many of its writes (the
    /// journal, the file, each item written or removed, the state), as a sync killed between two of them.
    mutating func carryOut(_ plan: SyncPlan, steps: Int = .max) {
        var done = 0
        func step(_ body: () -> Void) {
            guard done < steps else { return }
            body()
            done += 1
        }
        step { state = plan.journal }
        step { if plan.changesFile { file = plan.document.text } }
        for write in plan.writes { step { vdir[write.fileName] = write.text } }
        for removal in plan.removals { step { vdir[removal.fileName] = nil } }
        step { state = plan.state }
    }

    /// The number of writes a plan makes, as `carryOut` counts them.
    static func stepCount(_ plan: SyncPlan) -> Int { 3 + plan.writes.count + plan.removals.count }

    @discardableResult
    mutating func sync() throws -> SyncPlan {
        let plan = try plan()
        carryOut(plan)
        return plan
    }

    /// The VTODOs of the vdir, as todofmt reads them, in a fixed order; never two alike.
    var todos: [CalendarTodo] {
        var result: [CalendarTodo] = []
        for text in vdir.values {
            guard let vtodo = try? CalendarComponent.parse(text).first?.components.first(where: { $0.name == "VTODO" }) else { continue }
            let todo = CalendarTodo(component: vtodo, settings: CalendarSettings())
            XCTAssertFalse(result.contains(todo), "two VTODOs say \(todo)")
            result.append(todo)
        }
        return result.sorted { "\($0)" < "\($1)" }
    }

    /// The VTODO whose summary is `summary` (the open one, when a recurring task has several).
    func todo(_ summary: String) -> CalendarTodo? {
        let all = todos.filter { $0.summary == summary }
        return all.first { $0.status != .completed } ?? all.first
    }

    /// Changes the VTODO whose summary is `summary` as another client would: its properties, SEQUENCE up.
    mutating func edit(_ summary: String, _ change: (inout CalendarComponent) -> Void) throws {
        for (name, text) in vdir {
            var calendar = try XCTUnwrap(CalendarComponent.parse(text).first)
            guard let k = calendar.components.firstIndex(where: { $0.name == "VTODO" && $0.property("SUMMARY")?.text == summary }) else { continue }
            change(&calendar.components[k])
            vdir[name] = calendar.text
            return
        }
        XCTFail("no VTODO says '\(summary)'")
    }

    /// The UID of the VTODO whose summary is `summary`.
    func uid(_ summary: String) -> String? {
        for text in vdir.values {
            if let vtodo = try? CalendarComponent.parse(text).first?.components.first, vtodo.property("SUMMARY")?.text == summary {
                return vtodo.property("UID")?.text
            }
        }
        return nil
    }
}

extension CalendarComponent {
    /// Sets property `name` (the first one) to a raw line, or removes it.
    mutating func set(_ name: String, _ raw: String?) {
        properties.removeAll { $0.name == name }
        if let raw { properties.append(ContentLine(parsing: raw)!) }
    }
}
