import TodoKit
import XCTest

/// The golden fixtures in Fixtures/format: one or more per canonical-form rule, plus realistic files.
final class FormatFixtureTests: XCTestCase {
    func testEveryFormatFixtureMatchesItsGoldenIsStableAndKeepsItsTasks() throws {
        let fixtures = try GoldenFixture.all(in: "format")
        XCTAssertGreaterThanOrEqual(fixtures.count, 20)
        for fixture in fixtures {
            let format = fixture.value(of: "--format").flatMap(FileFormat.init(rawValue:)) ?? .markdown
            let original = Document(parsing: fixture.input, format: format)
            let output = Formatter.format(original).text
            try fixture.assertMatchesGolden(output)

            let reparsed = Document(parsing: output, format: format)
            XCTAssertEqual(Formatter.format(reparsed).text, output, "\(fixture.name): formatting the output again changed it")
            XCTAssertNil(MeaningCheck.difference(between: original, and: reparsed, orderMatters: true), fixture.name)
            XCTAssertEqual(reparsed.tasks.count, original.tasks.count, fixture.name)
        }
    }
}
