import Foundation
import TodoKit
import XCTest

/// The fuzzer's seeds (`Fuzz/seeds`) and the findings it kept (`Fixtures/fuzz`, minimised inputs) hold every
/// property of `TodoProperties`, with every test run: a finding once fixed stays fixed.
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
}
