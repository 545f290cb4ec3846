import TodoKit

extension TaskSettings {
    /// The settings the command line gives: `--global-filter` (else `$TODOFMT_GLOBAL_FILTER`),
    /// `--remove-global-filter` (or `TODOFMT_REMOVE_GLOBAL_FILTER=1`), `--dialect` (else `$TODOFMT_DIALECT`).
    init(_ invocation: Invocation) throws {
        let filter = invocation.value("global-filter") ?? invocation.environment["TODOFMT_GLOBAL_FILTER"] ?? ""
        let removes = invocation.flag("remove-global-filter") || invocation.environment["TODOFMT_REMOVE_GLOBAL_FILTER"] == "1"
        let name = invocation.value("dialect") ?? invocation.environment["TODOFMT_DIALECT"].flatMap { $0.isEmpty ? nil : $0 }
        var dialect = Dialect.todotxt
        if let name {
            guard let named = Dialect(rawValue: name) else {
                throw CommandFailure.usage("TODOFMT_DIALECT takes todotxt, tasks or dataview, not '\(name)'")
            }
            dialect = named
        }
        self.init(globalFilter: GlobalFilter(filter, removesFromDescription: removes), dialect: dialect)
    }
}
