import TodoKit

/// The server's settings, from `initializationOptions` or the `todofmt` section of
/// `workspace/didChangeConfiguration`.
struct ServerSettings {
    /// The sort formatting applies (`sortBy`: keys as `--sort-by` takes them, `true` for `--sort`'s order,
    /// `false` or null for none).
    var sortKeys: [SortKey]?
    /// Whether the outline shows the tasks under their lists (`outlineTasks`); else only the lists, with
    /// their counts, which stays small whatever the file.
    var outlineTasks = false
    /// How the documents' tasks are read and written where their text does not say (`globalFilter`,
    /// `removeGlobalFilter`, `dialect`; the server's environment and options before any setting).
    var tasks = TaskSettings()

    /// The settings of a file in `vault`: the global filter and dialect given here, else the vault's (its Tasks
    /// plugin's), as the command line's go over a vault's; the rest of the plugin's settings are the vault's.
    func tasks(in vault: Vault?) -> TaskSettings {
        guard let vault else { return tasks }
        var settings = vault.tasks
        settings.globalFilter = tasks.globalFilter ?? vault.tasks.globalFilter
        settings.dialect = tasks.dialect != .todotxt ? tasks.dialect : vault.tasks.dialect
        return settings
    }

    /// Takes the settings `field` holds, leaving the others as they were; what could not be taken, in words
    /// for the person at the editor.
    mutating func apply(_ field: JSONField) -> [String] {
        var problems: [String] = []
        let sortBy = field["sortBy"]
        switch sortBy.value {
        case nil: break
        case .bool(let sorts)?: sortKeys = sorts ? SortKey.defaultOrder : nil
        case .null?: sortKeys = nil
        case .string(let keys)?:
            do { sortKeys = try SortKey.parseOrder(keys) } catch {
                problems.append("sortBy: \(error) (keys: \(SortKey.fieldNames.joined(separator: ", ")), or a tag key)")
            }
        default: problems.append("sortBy takes sort keys such as \"status,priority,due\", or true")
        }
        if !field["outlineTasks"].isAbsent {
            if let shows = try? field["outlineTasks"].bool() { outlineTasks = shows } else {
                problems.append("outlineTasks takes true or false")
            }
        }
        if !field["globalFilter"].isAbsent {
            switch field["globalFilter"].value {
            case .string(let text)?: tasks.globalFilter = GlobalFilter(text, removesFromDescription: tasks.globalFilter?.removesFromDescription ?? false)
            case .null?: tasks.globalFilter = nil
            default: problems.append("globalFilter takes a text such as \"#task\", or null")
            }
        }
        if !field["removeGlobalFilter"].isAbsent {
            if let removes = try? field["removeGlobalFilter"].bool() { tasks.globalFilter?.removesFromDescription = removes } else {
                problems.append("removeGlobalFilter takes true or false")
            }
        }
        if !field["dialect"].isAbsent {
            if let name = try? field["dialect"].string(), let dialect = Dialect(rawValue: name) { tasks.dialect = dialect } else {
                problems.append("dialect takes todotxt, tasks or dataview")
            }
        }
        return problems.map { "todofmt: \($0); the setting was left as it was" }
    }
}
