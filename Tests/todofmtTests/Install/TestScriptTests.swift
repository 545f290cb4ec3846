import Foundation
import XCTest

/// `Scripts/test`, run from a copy of the package tree with stand-ins for `swift` and `Scripts/package` that record
/// how they are called:
/// Swift Testing, which runs after XCTest and only reports "0 tests" when no test is written for it, runs
/// exactly when a test imports it.
final class TestScriptTests: XCTestCase {
    /// What `Scripts/test` asked of `swift`, one call a line, in a tree whose one test file holds `test`.
    func swiftCalls(withTestFile test: String) throws -> [String] {
        let tree = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: tree.path("Scripts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Todofmt.packageRoot.appendingPathComponent("Scripts/test").path, toPath: tree.path("Scripts/test"))
        try FileManager.default.createDirectory(atPath: tree.path("Tests/SomeTests"), withIntermediateDirectories: true)
        try tree.write(test, to: "Tests/SomeTests/SomeTests.swift")
        try FileManager.default.createDirectory(atPath: tree.path("bin"), withIntermediateDirectories: true)
        try tree.write("#!/bin/sh\necho \"$*\" >> \"\(tree.path("calls"))\"\n", to: "bin/swift", mode: 0o755)
        // The release files `Scripts/package` writes are not this test's business: a stand-in says it ran.
        try tree.write("#!/bin/sh\necho package >> \"\(tree.path("calls"))\"\n", to: "Scripts/package", mode: 0o755)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tree.path("Scripts/test"))
        process.environment = ["PATH": tree.path("bin") + ":/usr/bin:/bin"]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return try String(contentsOfFile: tree.path("calls"), encoding: .utf8).split(separator: "\n").map(String.init)
    }

    #if os(Linux)
    let packaging = ["package"]
    #else
    let packaging: [String] = []
    #endif

    func testWithoutSwiftTestingTestsOnlyXCTestRuns() throws {
        XCTAssertEqual(try swiftCalls(withTestFile: "import XCTest\n"),
                       ["build"] + packaging + ["test --parallel --num-workers 2 --disable-swift-testing"])
    }

    func testATestThatImportsTestingKeepsSwiftTestingRunning() throws {
        XCTAssertEqual(try swiftCalls(withTestFile: "import Testing\n@testable import Foo\n"),
                       ["build"] + packaging + ["test --parallel --num-workers 2"])
    }
}
