import TodoKit

extension Vault {
    /// What the vault's Tasks settings change in its query blocks: the global query (`globalQuery`), the presets
    /// (`presets`, which replace the plugin's own when the settings hold them) and, for `explain`, the global
    /// filter. A vault without these settings runs queries as the plugin does by default.
    var querySettings: QuerySettings {
        let settings = join(join(root, Vault.settingsFolder), "plugins/obsidian-tasks-plugin/data.json")
        let data = (try? FileSystem.read(settings, regularFileOnly: true)).flatMap { try? JSONReader.value($0) }
        var query = QuerySettings(globalFilter: tasks.globalFilter?.text)
        if let globalQuery = data?["globalQuery"]?.string { query.globalQuery = globalQuery }
        if case .object(let members)? = data?["presets"] {
            query.presets = Dictionary(members.compactMap { name, value in value.string.map { (name, $0) } }) { first, _ in first }
        }
        return query
    }
}

extension QuerySettings {
    /// The settings a query block of the note at `path` runs under: its vault's global query and presets (the
    /// plugin's defaults outside a vault, or without a path), with the global filter `tasks` reads tasks with.
    /// The query command and the language server's hover both run a block so.
    static func ofNote(at path: String?, tasks: TaskSettings) -> QuerySettings {
        var settings = path.flatMap(Vault.containing)?.querySettings ?? .plugin
        settings.globalFilter = tasks.globalFilter?.text
        return settings
    }
}
