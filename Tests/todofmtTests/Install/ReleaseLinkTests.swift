import Foundation
import XCTest

/// The release build of README's first command links a static executable with the flags in Package.swift.
/// Linked with those flags, a program gets no warning about glibc's `dlopen` (libswiftCore refers to it on a
/// path a static executable never takes), while the linker's other warnings still show.
final class ReleaseLinkTests: XCTestCase {
    /// The linker flags of the release build, as Package.swift lists them.
    static func releaseLinkerFlags() throws -> [String] {
        let manifest = try String(contentsOf: Todofmt.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let start = try XCTUnwrap(manifest.range(of: ".unsafeFlags(["), "Package.swift names no linker flags")
        let end = try XCTUnwrap(manifest.range(of: "]", range: start.upperBound..<manifest.endIndex))
        return manifest[start.upperBound..<end.lowerBound].split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }.filter { !$0.isEmpty }
    }

    /// Links a one-line program with the release flags and `extra`; returns what the link printed.
    func link(_ extra: [String] = []) throws -> String {
        let folder = try TemporaryFolder()
        try folder.write("print(\"linked\")\n", to: "main.swift")
        let result = try ChildProcess.run("swiftc", (try Self.releaseLinkerFlags()) + extra + [folder.path("main.swift"), "-o", folder.path("main")],
                                          stderr: .standardOutput)
        let printed = result.stdout
        XCTAssertEqual(result.status, 0, printed)
        return printed
    }

    func testTheReleaseLinkPrintsNoWarningAboutDlopen() throws {
        #if os(Linux)
        XCTAssertTrue(try Self.releaseLinkerFlags().contains("-static-executable"))
        XCTAssertEqual(try link(), "")
        #endif
    }

    func testTheReleaseLinkStillPrintsTheLinkersOtherWarnings() throws {
        #if os(Linux)
        XCTAssertTrue(try link(["-Xlinker", "-z", "-Xlinker", "nonsense"]).contains("warning: unknown -z value: nonsense"))
        #endif
    }
}
