/// One item of a vdir: a `.ics` file's name and text.
public struct VdirItem: Hashable, Sendable {
    public var fileName: String
    public var text: String

    public init(fileName: String, text: String) {
        self.fileName = fileName
        self.text = text
    }
}

/// What a sync is told besides the file, the vdir and the state.
public struct SyncOptions: Sendable {
    /// The vdir, as the state records it.
    public var vdir: String
    /// Which tasks go to the vdir (`--where`); `.all` for every task.
    public var filter: FilterExpression
    public var today: CalendarDate
    public var settings: CalendarSettings
    /// `DTSTAMP` and `LAST-MODIFIED` of what is written: now, in UTC.
    public var stamp: String
    public var productVersion: String
    /// Where a task the calendar adds goes when its categories name no list: nil for the file's default list
    /// (as `add` without `--list`).
    public var inbox: ListPath?
    /// Forget what the last sync agreed with the vdir: both sides are taken as new, nothing as deleted.
    public var reset: Bool
    /// UIDs a new task must not get: those of the other files of a folder synced with the same vdir.
    package var reservedUIDs: Set<String> = []

    public init(vdir: String, filter: FilterExpression = .all, today: CalendarDate, settings: CalendarSettings = CalendarSettings(),
                stamp: String, productVersion: String, inbox: ListPath? = nil, reset: Bool = false) {
        self.vdir = vdir
        self.filter = filter
        self.today = today
        self.settings = settings
        self.stamp = stamp
        self.productVersion = productVersion
        self.inbox = inbox
        self.reset = reset
    }
}

/// Something a sync did or would do, for the user: a change on one side, or a warning.
public struct SyncReport: Hashable, Sendable {
    public enum Place: Hashable, Sendable {
        /// A line of the todo file as the sync leaves it (0: the file as a whole).
        case file(line: Int)
        /// A file of the vdir.
        case item(String)
    }

    public var place: Place
    public var message: String
    public var isWarning: Bool

    public init(place: Place, message: String, isWarning: Bool) {
        self.place = place
        self.message = message
        self.isWarning = isWarning
    }
}

/// Why a sync does nothing at all.
public struct SyncError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
}

/// What one sync changes on each side, worked out from the file, the vdir and the state alone
/// (`SyncPlanner.plan`), for the caller to carry out in this order: write `journal`, write the file
/// (`document`, when `changesFile`), write and remove the vdir's items, write `state`. A sync stopped at any
/// point between is finished by the next one, which duplicates nothing (see `SyncPlanner`).
public struct SyncPlan: CheckedChange, Sendable {
    /// The file as the sync leaves it, reached by checked TodoKit edits from the file as read.
    public let checked: CheckedDocument
    public var document: Document { checked.document }
    public var changesFile: Bool { checked.changesText }
    /// The state to write before anything else: the old one, with every task the sync writes into the file
    /// or the vdir named as it will be (`next`).
    public var journal: SyncState
    /// The state once everything is written.
    public var state: SyncState
    /// Items to write: a new file (`replacing` nil) or a new text for the one read (`replacing` its text).
    public var writes: [(fileName: String, text: String, replacing: String?)]
    /// Items to remove, with the text they were read with.
    public var removals: [(fileName: String, text: String)]
    public var reports: [SyncReport]
}
