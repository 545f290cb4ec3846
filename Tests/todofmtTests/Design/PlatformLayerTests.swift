import Foundation
import XCTest

/// What differs between platforms lives in `Sources/todofmt/IO/Platform`, one file per concern; no other
/// source file names a C library module, so the others compile wherever one of the three is there.
final class PlatformLayerTests: XCTestCase {
    static let platformFolder = "Sources/todofmt/IO/Platform/"

    /// Every Swift file under Sources, by its path from the package root.
    func sourceFiles() throws -> [(path: String, text: String)] {
        let root = Todofmt.packageRoot
        let sources = root.appendingPathComponent("Sources")
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var files: [(String, String)] = []
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let path = String(url.path.dropFirst(root.path.count + 1))
            files.append((path, try String(contentsOf: url, encoding: .utf8)))
        }
        XCTAssertGreaterThan(files.count, 100, "the source files were not found")
        return files
    }

    /// A line of code that names a C library module: `Glibc.read(…)`, `import Darwin`, `canImport(Musl)`.
    static let namesAModule = try! NSRegularExpression(pattern: #"\b(Glibc|Musl|Darwin)\b"#)

    func testOnlyThePlatformFolderNamesACLibraryModule() throws {
        var offenders: [String] = []
        for (path, text) in try sourceFiles() where !path.hasPrefix(Self.platformFolder) {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
                if Self.namesAModule.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil {
                    offenders.append("\(path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        XCTAssertEqual(offenders, [], "C library modules are named in Sources/todofmt/IO/Platform only")
    }

    func testThePlatformFolderHasABranchForEachCLibrary() throws {
        let library = try sourceFiles().first { $0.path == Self.platformFolder + "CLibrary.swift" }
        let text = try XCTUnwrap(library?.text)
        for module in ["Glibc", "Musl", "Darwin"] {
            XCTAssertTrue(text.contains("canImport(\(module))"), module)
            XCTAssertTrue(text.contains("import \(module)"), module)
        }
    }

    func testTheRuleFindsAModuleQualifiedCallOutsideThePlatformFolder() {
        let line = "let n = Glibc.read(fd, buffer, count)"
        XCTAssertNotNil(Self.namesAModule.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)))
    }
}
