/// One item of a vdir: a `.ics` file's name and text.
package struct VdirItem: Hashable, Sendable {
    package var fileName: String
    package var text: String

    package init(fileName: String, text: String) {
        self.fileName = fileName
        self.text = text
    }
}

/// What a sync is told besides the file, the vdir and the state.
package struct SyncOptions: Sendable {
    /// The vdir, as the state records it.
    package var vdir: String
    /// Which tasks go to the vdir (`--where`); `.all` for every task.
    package var filter: FilterExpression
    package var today: CalendarDate
    package var settings: CalendarSettings
    /// `DTSTAMP` and `LAST-MODIFIED` of what is written: now, in UTC.
    package var stamp: String
    package var productVersion: String
    /// Where a task the calendar adds goes when its categories name no list: nil for the file's default list
    /// (as `add` without `--list`).
    package var inbox: ListPath?
    /// Forget what the last sync agreed with the vdir: both sides are taken as new, nothing as deleted.
    package var reset: Bool
    /// UIDs a new task must not get: those of the other files of a folder synced with the same vdir.
    package var reservedUIDs: Set<String> = []

    package init(vdir: String, filter: FilterExpression = .all, today: CalendarDate, settings: CalendarSettings = CalendarSettings(),
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
package struct SyncReport: Hashable, Sendable {
    package enum Place: Hashable, Sendable {
        /// A line of the todo file as the sync leaves it (0: the file as a whole).
        case file(line: Int)
        /// A file of the vdir.
        case item(String)
    }

    package var place: Place
    package var message: String
    package var isWarning: Bool

    package init(place: Place, message: String, isWarning: Bool) {
        self.place = place
        self.message = message
        self.isWarning = isWarning
    }
}

/// Why a sync does nothing at all.
package struct SyncError: Error, Hashable, Sendable, CustomStringConvertible {
    package var description: String
}

/// What one sync changes on each side, worked out from the file, the vdir and the state alone
/// (`SyncPlanner.plan`), for the caller to carry out in this order: write `journal`, write the file
/// (`document`, when `changesFile`), write and remove the vdir's items, write `state`. A sync stopped at any
/// point between is finished by the next one, which duplicates nothing (see `SyncPlanner`).
package struct SyncPlan: CheckedChange, Sendable {
    /// The file as the sync leaves it, reached by checked TodoKit edits from the file as read.
    package let checked: CheckedDocument
    package var document: Document { checked.document }
    package var changesFile: Bool { checked.changesText }
    /// The state to write before anything else: the old one, with every task the sync writes into the file
    /// or the vdir named as it will be (`next`).
    package var journal: SyncState
    /// The state once everything is written.
    package var state: SyncState
    /// Items to write: a new file (`replacing` nil) or a new text for the one read (`replacing` its text).
    package var writes: [(fileName: String, text: String, replacing: String?)]
    /// Items to remove, with the text they were read with.
    package var removals: [(fileName: String, text: String)]
    package var reports: [SyncReport]
}
