/// An instruction of a query block that cannot be read: what is wrong, and where in the instruction's text
/// (a character offset, and how many characters the problem spans). `QueryLine` turns it into a `Diagnostic`
/// at the line and column of the block's file.
struct QueryError: Error, Hashable, Sendable {
    var message: String
    var offset: Int
    var length: Int

    init(_ message: String, at offset: Int, length: Int = 0) {
        self.message = message
        self.offset = offset
        self.length = length
    }
}
