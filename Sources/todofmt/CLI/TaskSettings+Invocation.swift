import TodoKit

extension TaskSettings {
    /// The settings the command line gives over `base` (a vault's): `--global-filter` (else
    /// `$TODOFMT_GLOBAL_FILTER`), `--remove-global-filter` (or `TODOFMT_REMOVE_GLOBAL_FILTER=1`), `--dialect`
    /// (else `$TODOFMT_DIALECT`); what the command line does not give is `base`'s.
    init(_ invocation: Invocation, over base: TaskSettings = TaskSettings()) throws {
        self = base
        let removes = invocation[.removeGlobalFilter] || invocation.environment["TODOFMT_REMOVE_GLOBAL_FILTER"] == "1"
        if let filter = invocation[.globalFilter] ?? invocation.environment["TODOFMT_GLOBAL_FILTER"] {
            globalFilter = GlobalFilter(filter, removesFromDescription: removes)
        } else if removes {
            globalFilter?.removesFromDescription = true
        }
        if let given = invocation[.dialect] {
            dialect = given
        } else if let name = invocation.environment["TODOFMT_DIALECT"], !name.isEmpty {
            guard let named = Dialect(rawValue: name) else {
                throw CommandFailure.usage("TODOFMT_DIALECT takes todotxt, tasks or dataview, not '\(name)'")
            }
            dialect = named
        }
    }
}
