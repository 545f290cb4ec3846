import TodoKit
import XCTest

/// Golden fixtures in `Fixtures/sort/`: each input is formatted with the sort its header names, compared with
/// its golden file, and the golden is sorted once more to prove that sorting is idempotent.
final class SortFixtureTests: XCTestCase {
    private func keys(for fixture: GoldenFixture) throws -> [SortKey] {
        if let keys = fixture.value(of: "--sort-by") { return try SortKey.parseOrder(keys) }
        XCTAssertTrue(fixture.has("--sort"), "\(fixture.name): the header names no sort")
        return SortKey.defaultOrder
    }

    private func format(_ text: String, _ fixture: GoldenFixture) throws -> String {
        let format: FileFormat = fixture.value(of: "--format") == "todotxt" ? .todotxt : .markdown
        return try Formatter.format(text, as: format, sortedBy: try keys(for: fixture)).text
    }

    func testEverySortFixtureMatchesItsGoldenAndSortsToItselfAgain() throws {
        let fixtures = try GoldenFixture.all(in: "sort")
        XCTAssertFalse(fixtures.isEmpty)
        for fixture in fixtures {
            let output = try format(fixture.input, fixture)
            try fixture.assertMatchesGolden(output)
            XCTAssertEqual(try format(output, fixture), output, "\(fixture.name): sorting the golden again changed it")
            XCTAssertNotEqual(output, fixture.input, "\(fixture.name): the fixture sorts nothing")
        }
    }
}
