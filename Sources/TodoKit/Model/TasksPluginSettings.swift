/// What the Obsidian Tasks plugin's settings (`data.json`) say about the lines its edits write: todofmt's edits
/// of a vault where the plugin is installed write the same. Its statuses are `MarkdownReading.statuses`; its
/// global filter and task format are `TaskSettings`'.
public struct TasksPluginSettings: Hashable, Sendable {
    /// `setCreatedDate`: a task added, and a recurring task's next occurrence, get today as their created date
    /// (`➕`). When false, a next occurrence has no created date, even where the done task has one.
    public var setsCreatedDate: Bool
    /// `setDoneDate`: a task done gets today as its done date (`✅`).
    public var setsDoneDate: Bool
    /// `setCancelledDate`: a task cancelled gets today as its cancelled date (`❌`).
    public var setsCancelledDate: Bool
    /// `recurrenceOnNextLine`: a recurring task's next occurrence goes below the done task, not above it.
    public var recurrenceOnNextLine: Bool
    /// `removeScheduledDateOnRecurrence`: a next occurrence has no scheduled date when it has a start or due date.
    public var removesScheduledDateOnRecurrence: Bool

    /// Settings as given; the defaults are the plugin's.
    public init(setsCreatedDate: Bool = false, setsDoneDate: Bool = true, setsCancelledDate: Bool = true,
                recurrenceOnNextLine: Bool = false, removesScheduledDateOnRecurrence: Bool = false) {
        self.setsCreatedDate = setsCreatedDate
        self.setsDoneDate = setsDoneDate
        self.setsCancelledDate = setsCancelledDate
        self.recurrenceOnNextLine = recurrenceOnNextLine
        self.removesScheduledDateOnRecurrence = removesScheduledDateOnRecurrence
    }

    /// The settings' names (as `data.json` writes them) with their values, in the plugin's order: what `show`
    /// says applied.
    package var described: [(name: String, value: Bool)] {
        [("setCreatedDate", setsCreatedDate), ("setDoneDate", setsDoneDate), ("setCancelledDate", setsCancelledDate),
         ("recurrenceOnNextLine", recurrenceOnNextLine), ("removeScheduledDateOnRecurrence", removesScheduledDateOnRecurrence)]
    }
}
