// The libFuzzer target over the merge: each input is three versions of a file (`TodoProperties.MergeInput`: a
// format byte, then base, ours and theirs split at NUL bytes), merged both ways round. The merge must come out
// (cleanly, with conflicts, or refusing to write anything), and a clean result must be explained task by task
// where the versions can tell what each side did (`TodoProperties.violations(ofMergeInput:)`).
// A broken property stops the run with its description, and libFuzzer keeps the input.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let violations = TodoProperties.violations(ofMergeInput: Array(UnsafeBufferPointer(start: data, count: size)))
    if let violation = violations.first { fatalError("\(violation)") }
    return 0
}
