import XCTest
@testable import todofmt

/// `--diff`'s unified diff: the shortest one while the texts differ in few enough lines, one replacement between
/// their common ends past that.
final class UnifiedDiffTests: XCTestCase {
    /// `head`, `count` lines of `before`, `mid`, `count` lines of `after`, `tail`.
    func text(_ before: String, _ after: String, count: Int) -> String {
        "head\n" + (0..<count).map { "\(before)\($0)\n" }.joined() + "mid\n" + (0..<count).map { "\(after)\($0)\n" }.joined() + "tail\n"
    }

    func testALineBothTextsShareBetweenTheirChangesIsKeptAsContext() {
        let diff = UnifiedDiff.render(old: text("a", "c", count: 3), new: text("b", "d", count: 3), oldLabel: "a/x", newLabel: "b/x")
        XCTAssertEqual(diff, "--- a/x\n+++ b/x\n@@ -1,9 +1,9 @@\n head\n-a0\n-a1\n-a2\n+b0\n+b1\n+b2\n mid\n-c0\n-c1\n-c2\n+d0\n+d1\n+d2\n tail\n")
    }

    func testPastTheSearchLimitTheMiddleIsOneReplacementAndStillADiff() {
        let count = UnifiedDiff.searchLimit / 2 + 1
        let old = text("a", "c", count: count), new = text("b", "d", count: count)
        let diff = UnifiedDiff.render(old: old, new: new, oldLabel: "a/x", newLabel: "b/x")
        let lines = diff.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.prefix(4), ["--- a/x", "+++ b/x", "@@ -1,\(2 * count + 3) +1,\(2 * count + 3) @@", " head"])
        XCTAssertEqual(lines.filter { $0 == "-mid" || $0 == "+mid" }, ["-mid", "+mid"], "the shared line is in the replacement")
        // The diff still turns one text into the other.
        XCTAssertEqual(lines.filter { $0.hasPrefix(" ") || $0.hasPrefix("-") && $0 != "--- a/x" }.map { $0.dropFirst() + "\n" }.joined(), old)
        XCTAssertEqual(lines.filter { $0.hasPrefix(" ") || $0.hasPrefix("+") && $0 != "+++ b/x" }.map { $0.dropFirst() + "\n" }.joined(), new)
    }
}
