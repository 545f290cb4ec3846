import Foundation
import XCTest

/// The built executable answers `--version` (and so is there for the end-to-end tests).
final class VersionTests: XCTestCase {
    func testVersionPrintsTheVersionAndExitsZero() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let binary = root.appendingPathComponent(".build/debug/todofmt")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            return XCTFail("build todofmt first (swift build): \(binary.path) is missing")
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = ["--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertTrue(output.hasPrefix("todofmt "), output)
    }
}
