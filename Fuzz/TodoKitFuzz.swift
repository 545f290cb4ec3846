// The libFuzzer target over TodoKit: every input must keep every property of `TodoProperties`
// (Tests/TodoKitTests/Properties/TodoProperties.swift, compiled in beside TodoKit's sources by Scripts/fuzz),
// read as a todo file and edited, merged with its own edits, and taken as the choices of a random three-way merge
// (`TodoProperties.mergingScenario`), whose clean result must be what its sides meant.
// A broken property stops the run with its description, and libFuzzer keeps the input.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let violations = TodoProperties.violations(ofFuzzInput: Array(UnsafeBufferPointer(start: data, count: size)))
    if let violation = violations.first {
        fatalError("\(violation)\n--- input\n\(TodoProperties.FuzzInput(Array(UnsafeBufferPointer(start: data, count: size))).text.debugDescription)")
    }
    return 0
}
