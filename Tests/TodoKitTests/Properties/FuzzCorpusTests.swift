import Foundation
import TodoKit
import XCTest

/// The fuzzers' seeds (`Fuzz/seeds`, `Fuzz/merge-seeds`) and the findings they kept (`Fixtures/fuzz`, minimised
/// inputs) hold every property of `TodoProperties`, with every test run: a finding once fixed stays fixed.
final class FuzzCorpusTests: XCTestCase {
    private func files(in folder: String, suffix: String? = nil) throws -> [URL] {
        let directory = Corpus.packageRoot.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") && suffix.map($0.lastPathComponent.hasSuffix) ?? true }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    func testEverySeedKeepsEveryPropertySortedByEveryKeyListAndEditedAtEveryTask() throws {
        let seeds = try files(in: "Fuzz/seeds")
        XCTAssertGreaterThanOrEqual(seeds.count, 10)
        for seed in seeds {
            let text = try String(contentsOf: seed, encoding: .utf8)
            let format = FileFormat.inferred(fromPath: seed.path)
            let tasks = Document(parsing: text, format: format).tasks.count
            for keys in TodoProperties.sortKeyLists {
                let violations = TodoProperties.violations(of: text, format: format, sortedBy: keys, editing: Array(0..<max(tasks, 1)))
                XCTAssertEqual(violations.map(\.description), [], seed.lastPathComponent)
            }
            let document = Document(parsing: text, format: format)
            let merges = document.tasks.indices.flatMap { TodoProperties.mergingEdits(document, task: $0) }
            XCTAssertEqual(merges.map(\.description), [], seed.lastPathComponent)
        }
    }

    func testEveryKeptFindingKeepsEveryProperty() throws {
        let findings = try files(in: "Tests/TodoKitTests/Fixtures/fuzz", suffix: ".input")
        XCTAssertFalse(findings.isEmpty)
        for finding in findings {
            let violations = TodoProperties.violations(ofFuzzInput: Array(try Data(contentsOf: finding)))
            XCTAssertEqual(violations.map(\.description), [], finding.lastPathComponent)
        }
    }

    func testEveryMergeSeedMergesAsExplainedBothWaysRound() throws {
        let seeds = try files(in: "Fuzz/merge-seeds")
        XCTAssertGreaterThanOrEqual(seeds.count, 7)
        for seed in seeds {
            let format: FileFormat = FileManager.default.fileExists(atPath: seed.appendingPathComponent("base.txt").path) ? .todotxt : .markdown
            let ext = format == .markdown ? "md" : "txt"
            let (base, ours, theirs) = try (String(contentsOf: seed.appendingPathComponent("base.\(ext)"), encoding: .utf8),
                                            String(contentsOf: seed.appendingPathComponent("ours.\(ext)"), encoding: .utf8),
                                            String(contentsOf: seed.appendingPathComponent("theirs.\(ext)"), encoding: .utf8))
            let bytes = TodoProperties.MergeInput.bytes(format: format, base: base, ours: ours, theirs: theirs)
            let input = TodoProperties.MergeInput(bytes)
            XCTAssertEqual([input.base, input.ours, input.theirs], [base, ours, theirs], seed.lastPathComponent)
            XCTAssertEqual(TodoProperties.violations(ofMergeInput: bytes).map(\.description), [], seed.lastPathComponent)
        }
    }

    func testEveryKeptMergeFindingMergesAsExplained() throws {
        for finding in try files(in: "Tests/TodoKitTests/Fixtures/fuzz", suffix: ".merge-input") {
            let violations = TodoProperties.violations(ofMergeInput: Array(try Data(contentsOf: finding)))
            XCTAssertEqual(violations.map(\.description), [], finding.lastPathComponent)
        }
    }

    func testTheMergePropertyFindsAMergeNoReadingExplains() {
        // The property can fail: a result that ticks the task neither side ticked is no merge of these sides.
        let base = "- [ ] a\n- [ ] b\n", ours = "- [x] a\n- [ ] b\n", theirs = "- [ ] a\n- [ ] b due:2026-03-01\n"
        XCTAssertNil(MergeExplanation.failure(base: base, ours: ours, theirs: theirs, merged: "- [x] a\n- [ ] b due:2026-03-01\n",
                                              format: .markdown, rewords: []))
        XCTAssertNotNil(MergeExplanation.failure(base: base, ours: ours, theirs: theirs, merged: "- [ ] a\n- [x] b due:2026-03-01\n",
                                                 format: .markdown, rewords: []))
    }
}
