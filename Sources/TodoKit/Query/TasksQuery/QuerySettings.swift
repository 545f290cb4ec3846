/// The Tasks plugin's settings that change what a query block runs (docs/FORMAT.md, "Query blocks"): the vault's
/// global query, which every block runs before its own instructions unless it says `ignore global query`; its
/// presets, which `preset NAME` and `{{preset.NAME}}` stand for; and its global filter, which `explain` names.
package struct QuerySettings: Hashable, Sendable {
    /// The instructions every block runs first, one a line; empty for none.
    package var globalQuery: String
    /// The instructions each preset stands for, by name.
    package var presets: [String: String]
    /// The global filter the vault's tasks carry; nil for none.
    package var globalFilter: String?

    /// Settings with this global query (empty for none), these presets and this global filter.
    package init(globalQuery: String = "", presets: [String: String] = TasksQuery.defaultPresets, globalFilter: String? = nil) {
        self.globalQuery = globalQuery
        self.presets = presets
        self.globalFilter = globalFilter
    }

    /// The plugin's defaults: no global query or filter, its own presets.
    package static let plugin = QuerySettings()
}
