// The libFuzzer target over TodoKit: every input must keep every property of `TodoProperties`
// (Tests/TodoKitTests/Properties/TodoProperties.swift, compiled in beside TodoKit's sources by Scripts/fuzz).
// A broken property stops the run with its description, and libFuzzer keeps the input.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let violations = TodoProperties.violations(ofFuzzInput: Array(UnsafeBufferPointer(start: data, count: size)))
    if let violation = violations.first {
        fatalError("\(violation)\n--- input\n\(TodoProperties.FuzzInput(Array(UnsafeBufferPointer(start: data, count: size))).text.debugDescription)")
    }
    return 0
}
