/// What a code action carries until it is picked (its `data`, or its command's argument): the request it was
/// offered for and its place in the list, which is offered again on the same version of the document to find
/// it. Its title is checked too.
struct CodeActionData: ParamsDecodable {
    var uri: String
    var version: Int
    /// The cursor or selection the actions were asked for.
    var range: PositionRange
    /// The action's place in the list of everything offered there.
    var offer: Int
    var title: String

    init(uri: String, version: Int, range: PositionRange, offer: Int, title: String) {
        (self.uri, self.version, self.range, self.offer, self.title) = (uri, version, range, offer, title)
    }

    init(_ field: JSONField) throws(ResponseError) {
        uri = try field["uri"].string()
        version = try field["version"].int()
        range = try field["range"].decode()
        offer = try field["offer"].int()
        title = try field["title"].string()
    }

    var json: JSONValue {
        .object([("uri", .string(uri)), ("version", .int(version)), ("range", range.json), ("offer", .int(offer)), ("title", .string(title))])
    }
}
