import XCTest

/// The built executable answers `--version`.
final class VersionTests: XCTestCase {
    func testVersionPrintsTheVersionAndExitsZero() throws {
        let result = try Todofmt.run(["--version"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("todofmt "), result.stdout)
    }
}
