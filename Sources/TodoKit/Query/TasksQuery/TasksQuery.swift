/// A query of the Obsidian Tasks plugin: the instructions of a ```` ```tasks ```` block (or given on a command
/// line), read as the plugin reads them (docs/FORMAT.md, "Query blocks").
///
/// Reading never fails: an instruction it cannot read is a `Diagnostic` at its line and column, and a query
/// with diagnostics lists nothing. Dates in the instructions (`due before tomorrow`) are read as of `today`.
package struct TasksQuery: Sendable {
    /// One instruction, with its line as written and as read.
    struct Statement: Hashable, Sendable {
        var line: QueryLine
        var instruction: QueryInstruction
        /// Whether it comes from the vault's global query rather than the block.
        var isGlobal = false
        /// Whether it comes from the Query File Defaults, the query's note's `TQ_…` properties.
        var isFileDefault = false
    }

    /// The global query's instructions (when they apply), then the Query File Defaults', then the block's.
    let statements: [Statement]
    /// The instructions that could not be read, in order, and the warnings about text an instruction ignores.
    package let diagnostics: [Diagnostic]
    /// The day the query's date words are read from.
    package let today: CalendarDate
    /// The settings the query was read under.
    package let settings: QuerySettings

    /// Reads `source`; `file` is the query's note, relative to the folder the query runs over (for
    /// `{{query.file.path}}` and its siblings; nil when the instructions have no file). Under `settings`, the
    /// vault's global query comes first (unless the block says `ignore global query`) and its presets stand for
    /// `preset NAME` and `{{preset.NAME}}`; a problem in the global query is reported at the block's first line.
    /// `properties` are the note's: its Query File Defaults (`TQ_short_mode`, `TQ_extra_instructions`, …) come
    /// before the block's instructions, and `{{query.file.property('name')}}` reads them.
    package init(_ source: QuerySource, file: String?, today: CalendarDate, settings: QuerySettings = .plugin,
                properties: NoteProperties = NoteProperties()) {
        self.today = today
        self.settings = settings
        let context = QueryLine.Context(file: file, presets: settings.presets, properties: properties)
        // Lines of the settings or the properties are reported at the block's first line.
        let anchor = source.lines.first ?? QuerySource.Line(line: 1, text: "")
        func anchored(_ text: some StringProtocol) -> [QuerySource.Line] {
            text.split(separator: "\n", omittingEmptySubsequences: false).map {
                QuerySource.Line(line: anchor.line, column: anchor.column, text: String($0))
            }
        }
        var (statements, diagnostics) = TasksQuery.read(source.lines, context, today: today)
        // Instructions the plugin puts before the block's, read under the same file, marked as whose they are;
        // their problems are the block's, at its first line, named for where they come from.
        func prepend(_ text: String, as origin: WritableKeyPath<Statement, Bool>, named name: String,
                     keeping kept: (Statement) -> Bool = { _ in true }) {
            let (found, problems) = TasksQuery.read(anchored(text), context, today: today)
            statements = found.filter(kept).map {
                var statement = $0
                statement[keyPath: origin] = true
                return statement
            } + statements
            diagnostics += problems.map { Diagnostic(line: anchor.line, column: anchor.column, severity: $0.severity,
                                                     message: name + ": " + $0.message, code: $0.code) }
        }
        let defaults = properties.queryFileDefaults
        if !defaults.isEmpty {
            prepend(defaults.joined(separator: "\n"), as: \.isFileDefault, named: "the note's Query File Defaults")
        }
        if !settings.globalQuery.isEmpty, !statements.contains(where: { $0.instruction == .ignoreGlobalQuery }) {
            // `ignore global query` means nothing in the global query itself.
            prepend(settings.globalQuery, as: \.isGlobal, named: "global query", keeping: { $0.instruction != .ignoreGlobalQuery })
        }
        self.statements = statements
        self.diagnostics = diagnostics.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    /// Reads `source` under the plugin's settings but for `presets`.
    package init(_ source: QuerySource, file: String?, today: CalendarDate, presets: [String: String]) {
        self.init(source, file: file, today: today, settings: QuerySettings(presets: presets))
    }

    /// The statements of `lines`, and the problems and warnings found reading them.
    private static func read(_ lines: [QuerySource.Line], _ context: QueryLine.Context, today: CalendarDate)
        -> (statements: [Statement], diagnostics: [Diagnostic]) {
        let (queryLines, lineDiagnostics) = QueryLine.lines(of: lines, context)
        var statements: [Statement] = []
        var diagnostics = lineDiagnostics
        for line in queryLines {
            var warnings: [QueryError] = []
            do {
                statements.append(Statement(line: line, instruction: try QueryInstruction.read(line.text, today: today, file: context.file, warnings: &warnings)))
                diagnostics += warnings.map { line.diagnostic($0, severity: .warning) }
            } catch {
                diagnostics.append(line.diagnostic(error))
            }
        }
        return (statements, diagnostics)
    }

    /// The plugin's own presets, which a vault's settings may change.
    package static let defaultPresets: [String: String] = [
        "this_file": "path includes {{query.file.path}}",
        "this_folder": "folder includes {{query.file.folder}}",
        "this_folder_only": "filter by function task.file.folder === query.file.folder",
        "this_root": "root includes {{query.file.root}}",
        "hide_date_fields": """
            # Hide any values for all date fields
            hide due date
            hide scheduled date
            hide start date
            hide created date
            hide done date
            hide cancelled date
            """,
        "hide_non_date_fields": """
            # Hide all the non-date fields, but not tags
            hide id
            hide depends on
            hide recurrence rule
            hide on completion
            hide priority
            """,
        "hide_query_elements": """
            # Hide toolbar, postpone, edit, backlinks and task count
            hide toolbar
            hide postpone button
            hide edit button
            hide backlinks
            hide task count
            """,
        "hide_everything": """
            # Hide everything except description and any tags
            preset hide_date_fields
            preset hide_non_date_fields
            preset hide_query_elements
            """,
    ]

    /// Whether the query can run: every instruction was read (warnings aside).
    package var isValid: Bool { !diagnostics.contains { $0.severity == .error } }

    /// Whether the query asks for its explanation (`explain`).
    package var explains: Bool { statements.contains { $0.instruction == .explain } }

    var filters: [QueryFilter] {
        statements.compactMap { if case .filter(let filter) = $0.instruction { return filter } else { return nil } }
    }

    /// The query's own sort keys, then the plugin's defaults.
    var sorts: [QuerySort] {
        statements.compactMap { if case .sort(let sort) = $0.instruction { return sort } else { return nil } } + QuerySort.defaults
    }

    var groupings: [QueryGrouping] {
        // The last `view` decides: a columns view's grouping comes first, as the plugin's columns; `view list` has none.
        var columns: QueryGrouping?
        var groupings: [QueryGrouping] = []
        for statement in statements {
            switch statement.instruction {
            case .group(let grouping): groupings.append(grouping)
            case .columns(let grouping): columns = grouping
            case .layout(.list): columns = nil
            default: break
            }
        }
        return (columns.map { [$0] } ?? []) + groupings
    }

    /// The last `limit` and the last `limit groups`.
    var limits: (total: QueryLimit?, perGroup: QueryLimit?) {
        let limits = statements.compactMap { if case .limit(let limit) = $0.instruction { return limit } else { return nil } }
        return (limits.last { !$0.perGroup }, limits.last { $0.perGroup })
    }

    /// What the query's results show (its `hide`, `show`, `short mode` and `full mode`).
    package var layout: QueryLayout {
        var layout = QueryLayout()
        for statement in statements {
            if case .layout(let option) = statement.instruction { layout.apply(option) }
        }
        return layout
    }

    /// What `explain` prints: the global filter when there is one, the global query's instructions when they
    /// apply, then the block's: each filter with what it does (dates spelled out), the groups, sorts, layout
    /// and limits; the plugin's text, line for line.
    package var explanation: String {
        var text = ""
        if let filter = settings.globalFilter { text += "Only tasks containing the global filter '\(filter)'.\n\n" }
        let global = statements.filter(\.isGlobal)
        if !global.isEmpty { text += "Explanation of the global query:\n\n" + explanationBody(global) + "\n" }
        let defaults = statements.filter(\.isFileDefault)
        if !defaults.isEmpty {
            text += "Explanation of the Query File Defaults (from properties/frontmatter in the query's file):\n\n"
                + explanationBody(defaults) + "\n"
        }
        return text + "Explanation of this Tasks code block query:\n\n" + explanationBody(statements.filter { !$0.isGlobal && !$0.isFileDefault })
    }

    /// The explanation of some of the query's statements, as the plugin explains a query of them alone.
    private func explanationBody(_ statements: [Statement]) -> String {
        var blocks: [[String]] = []
        for statement in statements where statement.instruction == .ignoreGlobalQuery { blocks.append(explained(statement)) }
        let filterStatements = statements.filter { if case .filter = $0.instruction { return true } else { return false } }
        if filterStatements.isEmpty { blocks.append(["No filters supplied. All tasks will match the query."]) }
        blocks += filterStatements.map(explained)
        for kind in [0, 1, 2] {
            for statement in statements {
                switch (kind, statement.instruction) {
                case (0, .columns), (0, .group), (1, .sort), (2, .layout): blocks.append(explained(statement))
                default: break
                }
            }
        }
        let limits = statements.compactMap { if case .limit(let limit) = $0.instruction { return limit } else { return nil } }
        for limit in [limits.last { !$0.perGroup }, limits.last { $0.perGroup }].compactMap({ $0 }) { blocks.append([limit.explained]) }
        return blocks.map { $0.map { "  " + $0 }.joined(separator: "\n") }.joined(separator: "\n\n") + "\n"
    }

    /// One instruction explained: as written, then as read when reading changed it, then what it does.
    private func explained(_ statement: Statement) -> [String] {
        let line = statement.line
        var lines: [String] = []
        if line.written.count > 1 {
            lines = line.written + [" =>"]
        } else if line.written[0] != line.joined {
            lines = [line.written[0] + " =>"]
        }
        if line.joined != line.text { lines.append(line.joined + " =>") }
        switch statement.instruction {
        case .filter(.leaf(let leaf, _)) where !BooleanFilterParser.isBoolean(line.text):
            let detail = leaf.detail(written: line.text)
            lines += detail.map { [line.text + " =>"] + $0.map { "  " + $0 } } ?? [line.text]
        case .filter(let filter):
            lines += [line.text + " =>"] + filter.explanation.map { "  " + $0 }
        default:
            lines.append(line.text)
        }
        return lines
    }
}
