/// An index into one of a document's arrays held in 32 bits, -1 for none: the compact form the model's
/// fields keep (a document holds one task, item and role a line).
extension Int32 {
    @inline(__always)
    init(optionalIndex index: Int?) {
        self = index.map { Int32($0) } ?? -1
    }

    @inline(__always)
    var optionalIndex: Int? { self < 0 ? nil : Int(self) }
}
