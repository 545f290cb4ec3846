import Foundation
import XCTest

/// `Scripts/test`, run from a copy of the package tree with stand-ins for `swift`, `Scripts/package` and (on Linux)
/// the test bundle, that record how they are called:
/// on Linux every test class runs in a process of its own, two at a time, the longest of the last run first, and
/// a failing class fails the run with its output; Swift Testing, which runs after XCTest and only reports
/// "0 tests" when no test is written for it, runs exactly when a test imports it.
final class TestScriptTests: XCTestCase {
    /// A copy of `Scripts/test` in a tree whose one test file holds `test`, with the stand-ins; the bundle lists
    /// the classes `classes` and fails (printing "boom") for those in `failing`.
    struct Tree {
        let folder: TemporaryFolder

        init(testFile test: String, classes: [String] = ["SomeTests.ATests", "SomeTests.BTests"], failing: [String] = []) throws {
            folder = try TemporaryFolder()
            try FileManager.default.createDirectory(atPath: folder.path("Scripts"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Todofmt.packageRoot.appendingPathComponent("Scripts/test").path,
                                             toPath: folder.path("Scripts/test"))
            try FileManager.default.createDirectory(atPath: folder.path("Tests/SomeTests"), withIntermediateDirectories: true)
            try folder.write(test, to: "Tests/SomeTests/SomeTests.swift")
            try FileManager.default.createDirectory(atPath: folder.path("bin"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: folder.path("products"), withIntermediateDirectories: true)
            let calls = folder.path("calls").shellQuoted
            try folder.write("""
                #!/bin/sh
                echo "$*" >> \(calls)
                if [ "$*" = "build --show-bin-path" ]; then echo \(folder.path("products").shellQuoted); fi

                """, to: "bin/swift", mode: 0o755)
            let listing = classes.map { "\($0)/testSomething" }.joined(separator: "\n")
            try folder.write("""
                #!/bin/sh
                if [ "$1" = --list-tests ]; then printf 'Listing tests in x.xctest:\\n\\n%s\\n' \(listing.shellQuoted); exit 0; fi
                echo "xctest $1" >> \(calls)
                case " \(failing.joined(separator: " ")) " in *" $1 "*) echo boom; exit 1;; esac

                """, to: "products/todofmtPackageTests.xctest", mode: 0o755)
            // The release files `Scripts/package` writes are not this test's business: a stand-in says it ran.
            try folder.write("#!/bin/sh\necho package >> \(calls)\n", to: "Scripts/package", mode: 0o755)
        }

        func run(environment: [String: String] = [:]) throws -> ChildProcess.Result {
            try ChildProcess.run(folder.path("Scripts/test"),
                                 environment: ["PATH": folder.path("bin") + ":/usr/bin:/bin"].merging(environment) { $1 })
        }

        /// What `Scripts/test` asked of `swift` and the bundle, one call a line.
        func calls() throws -> [String] {
            try String(contentsOfFile: folder.path("calls"), encoding: .utf8).split(separator: "\n").map(String.init)
        }
    }

    /// The calls of a run that must succeed, each of the bundle's in its place as "xctest", then all of them sorted
    /// (made two at a time, they come in no fixed order).
    func swiftCalls(withTestFile test: String) throws -> [String] {
        let tree = try Tree(testFile: test)
        let result = try tree.run()
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        let calls = try tree.calls()
        return calls.map { $0.hasPrefix("xctest ") ? "xctest" : $0 } + calls.filter { $0.hasPrefix("xctest ") }.sorted()
    }

    #if os(Linux)
    func testWithoutSwiftTestingTestsOnlyXCTestRunsAClassAProcess() throws {
        XCTAssertEqual(try swiftCalls(withTestFile: "import XCTest\n"),
                       ["build", "package", "build --build-tests", "build --show-bin-path", "xctest", "xctest",
                        "xctest SomeTests.ATests", "xctest SomeTests.BTests"])
    }

    func testATestThatImportsTestingKeepsSwiftTestingRunning() throws {
        XCTAssertEqual(try swiftCalls(withTestFile: "import Testing\n@testable import Foo\n"),
                       ["build", "package", "build --build-tests", "build --show-bin-path", "xctest", "xctest",
                        "test --skip-build --disable-xctest", "xctest SomeTests.ATests", "xctest SomeTests.BTests"])
    }

    func testAFailingClassFailsTheRunWithItsOutputAndTheOthersStillRun() throws {
        let tree = try Tree(testFile: "import XCTest\n", classes: ["SomeTests.ATests", "SomeTests.BTests", "SomeTests.CTests"],
                            failing: ["SomeTests.BTests"])
        let result = try tree.run()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("boom\nFAILED SomeTests.BTests (exit 1, "), result.stdout)
        XCTAssertTrue(result.stderr.hasPrefix("Scripts/test: 1 of 3 test classes failed in "), result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("  SomeTests.BTests\n"), result.stderr)
        XCTAssertEqual(try tree.calls().filter { $0.hasPrefix("xctest ") }.sorted(),
                       ["xctest SomeTests.ATests", "xctest SomeTests.BTests", "xctest SomeTests.CTests"])
    }

    func testTheClassesTheLastRunFoundLongestStartFirst() throws {
        let tree = try Tree(testFile: "import XCTest\n", classes: ["SomeTests.ATests", "SomeTests.BTests", "SomeTests.CTests"])
        try FileManager.default.createDirectory(atPath: tree.folder.path(".build"), withIntermediateDirectories: true)
        try tree.folder.write("0.5 SomeTests.ATests\n12.0 SomeTests.CTests\n3.0 SomeTests.Gone\n", to: ".build/test-times")
        // One at a time, so that the order they start in is the order they are called in.
        XCTAssertEqual(try tree.run(environment: ["TODOFMT_TEST_WORKERS": "1"]).status, 0)
        XCTAssertEqual(try tree.calls().filter { $0.hasPrefix("xctest ") },
                       ["xctest SomeTests.CTests", "xctest SomeTests.ATests", "xctest SomeTests.BTests"])
        XCTAssertEqual(Set(try tree.folder.text(".build/test-times").split(separator: "\n").map { String($0.split(separator: " ")[1]) }),
                       ["SomeTests.ATests", "SomeTests.BTests", "SomeTests.CTests"], "this run's times are kept for the next")
    }
    #else
    func testWithoutSwiftTestingTestsOnlyXCTestRuns() throws {
        XCTAssertEqual(try swiftCalls(withTestFile: "import XCTest\n"), ["build", "test --parallel --num-workers 2 --disable-swift-testing"])
    }

    func testATestThatImportsTestingKeepsSwiftTestingRunning() throws {
        XCTAssertEqual(try swiftCalls(withTestFile: "import Testing\n@testable import Foo\n"), ["build", "test --parallel --num-workers 2"])
    }
    #endif
}
