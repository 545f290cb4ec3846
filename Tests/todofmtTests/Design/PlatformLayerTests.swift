import Foundation
@testable import TodoIO
@testable import todofmt
import XCTest

/// What differs between platforms lives in `Sources/TodoIO/Platform`, one file per concern; no other
/// source file names a C library module, so the others compile wherever one of the three is there.
final class PlatformLayerTests: XCTestCase {
    static let platformFolder = "Sources/TodoIO/Platform/"

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
        XCTAssertEqual(offenders, [], "C library modules are named in Sources/TodoIO/Platform only")
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

    func testNoSourceReadsProcWhichAContainerOrAChrootMayNotMount() throws {
        let offenders = try sourceFiles().filter { $0.text.contains("\"/proc/") }.map(\.path)
        XCTAssertEqual(offenders, [])
    }

    func testTheEnvironmentIsReadOnceInOnePlace() throws {
        // `ProcessEnvironment` reads it (through `ProcessSpawn.environment`); everything else asks it.
        let offenders = try sourceFiles().filter { $0.text.contains("getenv(") || $0.text.contains("ProcessSpawn.environment") }.map(\.path)
        XCTAssertEqual(offenders, ["Sources/TodoIO/ProcessEnvironment.swift"])
    }

    func testAFileIDKeepsTheBitsOfADeviceNumberThatIsNegativeOnDarwin() {
        var info = stat()
        // All bits set: -1 where dev_t is signed (Darwin), the largest value where it is not.
        info.st_dev = dev_t(truncatingIfNeeded: -1)
        info.st_ino = 42
        XCTAssertEqual(FileSystem.FileID(info), FileSystem.FileID(device: UInt64.max, inode: 42))
    }

    func testTheExecutableIsFoundAsTheShellFoundIt() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path("bin/todofmt"), withDestinationPath: Todofmt.executable.path)
        let real = Todofmt.executable.resolvingSymlinksInPath().path
        // A bare name: the first executable of that name on PATH (a folder of that name is none), its links followed.
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("first/todofmt"), withIntermediateDirectories: true)
        XCTAssertEqual(ExecutablePath.find("todofmt", searchPath: "\(folder.path("first")):\(folder.path("bin"))", workingDirectory: "/"), real)
        // A path: from the working folder.
        XCTAssertEqual(ExecutablePath.find("bin/todofmt", searchPath: nil, workingDirectory: folder.url.path), real)
        XCTAssertEqual(ExecutablePath.find(folder.path("bin/todofmt"), searchPath: nil, workingDirectory: "/"), real)
    }
}
