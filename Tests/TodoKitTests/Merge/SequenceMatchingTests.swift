import XCTest
@testable import TodoKit

final class SequenceMatchingTests: XCTestCase {
    /// The length of a longest common subsequence, by dynamic programming, to check Myers against.
    private func lcsLength(_ a: [Int], _ b: [Int]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return table[0][0]
    }

    func testMatchesAreALongestCommonSubsequenceOfRandomSequences() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let a = (0..<Int.random(in: 0...12, using: &generator)).map { _ in Int.random(in: 0...3, using: &generator) }
            let b = (0..<Int.random(in: 0...12, using: &generator)).map { _ in Int.random(in: 0...3, using: &generator) }
            let pairs = SequenceMatching.matches(a, b)
            XCTAssertEqual(pairs.count, lcsLength(a, b), "\(a) \(b)")
            for (i, j) in pairs { XCTAssertEqual(a[i], b[j]) }
            for (p, q) in zip(pairs, pairs.dropFirst()) {
                XCTAssertLessThan(p.0, q.0)
                XCTAssertLessThan(p.1, q.1)
            }
        }
    }

    func testPastTheSearchLimitOnlyTheCommonHeadAndTailAreMatched() {
        // The middles [1, 2, 3] and [3, 2, 1] share one element: four steps apart.
        let a = [0, 1, 2, 3, 9], b = [0, 3, 2, 1, 9]
        let within = SequenceMatching.matches(ids: a, b, searchLimit: 4)
        XCTAssertEqual(within.count, 3)
        XCTAssertEqual(within.first.map { [$0.0, $0.1] }, [0, 0])
        XCTAssertEqual(within.last.map { [$0.0, $0.1] }, [4, 4])
        XCTAssertEqual(SequenceMatching.matches(ids: a, b, searchLimit: 3).map { [$0.0, $0.1] }, [[0, 0], [4, 4]])
    }

    func testDiff3KeepsStableRunsAndIsolatesEachChangedRun() {
        let base = ["a", "b", "c", "d", "e"]
        let ours = ["a", "B", "c", "d", "e"]
        let theirs = ["a", "b", "c", "d", "E"]
        XCTAssertEqual(Diff3.chunks(base: base, ours: ours, theirs: theirs), [
            .stable(base: 0..<1, ours: 0..<1, theirs: 0..<1),
            .changed(base: 1..<2, ours: 1..<2, theirs: 1..<2),
            .stable(base: 2..<4, ours: 2..<4, theirs: 2..<4),
            .changed(base: 4..<5, ours: 4..<5, theirs: 4..<5),
        ])
    }

    func testLineMergeTakesEachSidesChangeAndMarksWhereBothChangedTheSameLines() {
        let lines = { (texts: [String]) in texts.map { Line($0) } }
        XCTAssertEqual(LineMerge.mergeCleanly(base: lines(["a", "b", "c"]), ours: lines(["A", "b", "c"]), theirs: lines(["a", "b", "C"])),
                       lines(["A", "b", "C"]))
        let (merged, conflicts) = LineMerge.merge(base: lines(["a", "b"]), ours: lines(["x", "b"]), theirs: lines(["y", "b"]),
                                                  markers: ConflictMarkers())
        XCTAssertEqual(merged, lines(["<<<<<<< ours", "x", "=======", "y", ">>>>>>> theirs", "b"]))
        XCTAssertEqual(conflicts, [0])
    }
}
