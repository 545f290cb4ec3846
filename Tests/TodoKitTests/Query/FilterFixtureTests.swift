import Foundation
import XCTest

/// Golden listings: each `Fixtures/filter/NAME.input` is a todo file whose header names a command
/// (`#! todofmt ls --today 2026-11-21 FILTER…`); the built `todofmt` runs it on the file (named `todo.txt`
/// when NAME ends in `.txt`, else `TODO.md`) and its output must equal `NAME.golden`. A failing command's
/// golden ends with `exit N` and its standard error.
final class FilterFixtureTests: XCTestCase {
    func testEveryFilterFixtureMatchesItsGolden() throws {
        let fixtures = try GoldenFixture.all(in: "filter")
        XCTAssertGreaterThan(fixtures.count, 10)
        for fixture in fixtures {
            XCTAssertEqual(fixture.flags.first.map { $0.hasPrefix("ls") }, true, "\(fixture.name): header names no listing command")
            let output = try run(fixture)
            try fixture.assertMatchesGolden(output)
        }
    }

    /// Runs the fixture's command in a fresh folder holding only its input file.
    private func run(_ fixture: GoldenFixture) throws -> String {
        let binary = Corpus.packageRoot.appendingPathComponent(".build/debug/todofmt")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            XCTFail("\(binary.path) is missing: run 'swift build' before the tests")
            return ""
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("todofmt-filter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fileName = fixture.name.hasSuffix(".txt") ? "todo.txt" : "TODO.md"
        try Data(fixture.input.utf8).write(to: folder.appendingPathComponent(fileName))

        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "NO_COLOR")
        environment.removeValue(forKey: "TODOFMT_FILE")
        let result = try ChildProcess.run(binary.path, fixture.flags + ["-f", fileName], in: folder, environment: environment)
        var text = result.stdout
        if result.status != 0 {
            text += "exit \(result.status)\n" + result.stderr
        }
        return text
    }
}
