import TodoKit
import XCTest

/// The golden fixtures in Fixtures/format: one or more per canonical-form rule, plus realistic files.
final class FormatFixtureTests: XCTestCase {
    func testEveryFormatFixtureMatchesItsGoldenIsStableAndKeepsItsTasks() throws {
        let fixtures = try GoldenFixture.all(in: "format")
        XCTAssertGreaterThanOrEqual(fixtures.count, 20)
        for fixture in fixtures {
            let format = fixture.value(of: "--format").flatMap(FileFormat.init(rawValue:)) ?? .markdown
            let once: FormatResult
            do {
                once = try Formatter.format(fixture.input, as: format)
            } catch {
                XCTFail("\(fixture.name): \(error)")
                continue
            }
            try fixture.assertMatchesGolden(once.text)

            let twice = try Formatter.format(once.text, as: format)
            XCTAssertEqual(twice.text, once.text, "\(fixture.name): formatting the output again changed it")
            XCTAssertEqual(once.output.tasks.count, once.input.tasks.count, fixture.name)
        }
    }
}
