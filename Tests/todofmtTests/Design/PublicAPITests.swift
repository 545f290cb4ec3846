import Foundation
import XCTest

/// TodoKit's public API is what a Swift developer embeds: a change to it is a deliberate diff of
/// `TodoKit.api` (one declaration a line, as `swift-symbolgraph-extract` reads the built module), recorded
/// anew with `TODOFMT_RECORD=1`. What only the executable uses is `package`, and so not in it.
final class PublicAPITests: XCTestCase {
    static let snapshot = Todofmt.packageRoot.appendingPathComponent("Tests/todofmtTests/Design/TodoKit.api")

    /// One public symbol: where it is, what kind, how it is declared, and whether a doc comment says what it is.
    struct Symbol {
        var path: String
        var kind: String
        var declaration: String
        var documented: Bool

        var line: String { "\(path): \(declaration)" }
    }

    /// The public symbols of the built TodoKit module, in a fixed order.
    func publicSymbols() throws -> [Symbol] {
        try Todofmt.requireBuilt()
        let output = try TemporaryFolder()
        let target = try targetTriple()
        _ = try run(["swift-symbolgraph-extract", "-module-name", "TodoKit", "-target", target,
                     "-I", Todofmt.packageRoot.appendingPathComponent(".build/debug/Modules").path,
                     "-minimum-access-level", "public", "-skip-synthesized-members", "-output-dir", output.url.path])
        var symbols: [Symbol] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: output.url.path) where file.hasSuffix(".symbols.json") {
            let graph = try JSONSerialization.jsonObject(with: Data(contentsOf: output.url.appendingPathComponent(file))) as? [String: Any]
            for symbol in graph?["symbols"] as? [[String: Any]] ?? [] {
                let path = (symbol["pathComponents"] as? [String] ?? []).joined(separator: ".")
                let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String ?? ""
                let fragments = symbol["declarationFragments"] as? [[String: Any]] ?? []
                let declaration = fragments.compactMap { $0["spelling"] as? String }.joined()
                symbols.append(Symbol(path: path, kind: kind, declaration: declaration, documented: symbol["docComment"] != nil))
            }
        }
        return symbols.sorted { ($0.path, $0.declaration) < ($1.path, $1.declaration) }
    }

    /// The triple the toolchain builds for, as the built module was compiled.
    private func targetTriple() throws -> String {
        let info = try run(["swift", "-print-target-info"])
        return try XCTUnwrap(((try JSONSerialization.jsonObject(with: Data(info.utf8)) as? [String: Any])?["target"]
                              as? [String: Any])?["triple"] as? String)
    }

    private func run(_ arguments: [String]) throws -> String {
        let result = try ChildProcess.run(arguments[0], Array(arguments.dropFirst()))
        guard result.status == 0 else { throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(arguments[0]): \(result.stderr)"]) }
        return result.stdout
    }

    func testThePublicAPIIsTheOneCheckedIn() throws {
        let lines = try publicSymbols().map(\.line).joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["TODOFMT_RECORD"] == "1" {
            try lines.write(to: Self.snapshot, atomically: true, encoding: .utf8)
            return
        }
        let recorded = try String(contentsOf: Self.snapshot, encoding: .utf8)
        let added = Set(lines.split(separator: "\n")).subtracting(recorded.split(separator: "\n"))
        let removed = Set(recorded.split(separator: "\n")).subtracting(lines.split(separator: "\n"))
        XCTAssertEqual(lines, recorded, """
            TodoKit's public API changed; if that is meant, record it with TODOFMT_RECORD=1 swift test --filter PublicAPITests
            added: \(added.sorted().joined(separator: "\n  "))
            removed: \(removed.sorted().joined(separator: "\n  "))
            """)
    }

    /// README's "Using TodoKit" examples, compiled as an app compiles them: against the built module from outside
    /// the package, where `package` declarations are out of reach (ReadmeExampleTests runs them from inside it).
    func testTheReadmeExamplesCompileAgainstThePublicAPIAlone() throws {
        try Todofmt.requireBuilt()
        let readme = try String(contentsOf: Todofmt.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try XCTUnwrap(readme.range(of: "## Using TodoKit\n"), "README.md has no TodoKit section")
        let sectionEnd = readme.range(of: "\n## ", range: section.upperBound..<readme.endIndex)?.lowerBound ?? readme.endIndex
        var code: [Substring] = []
        var searchFrom = section.upperBound
        while let start = readme.range(of: "```swift\n", range: searchFrom..<sectionEnd),
              let end = readme.range(of: "```", range: start.upperBound..<sectionEnd) {
            code.append(readme[start.upperBound..<end.lowerBound])
            searchFrom = end.upperBound
        }
        XCTAssertEqual(code.count, 2, "README's Using TodoKit shows two examples")
        let folder = try TemporaryFolder()
        let source = folder.url.appendingPathComponent("main.swift")
        try code.joined(separator: "\n").write(to: source, atomically: true, encoding: .utf8)
        let target = try targetTriple()
        let modules = Todofmt.packageRoot.appendingPathComponent(".build/debug/Modules").path
        XCTAssertNoThrow(try run(["swiftc", "-typecheck", "-target", target, "-I", modules, source.path]))
        // The same compiler cannot reach what is `package`, so a compiled example proves the public API suffices.
        try "import TodoKit\nlet listing = TaskListing.self\n".write(to: source, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try run(["swiftc", "-typecheck", "-target", target, "-I", modules, source.path]))
    }

    func testEveryPublicTypeFunctionAndPropertySaysWhatItIs() throws {
        let kinds: Set<String> = ["swift.struct", "swift.enum", "swift.class", "swift.protocol", "swift.func", "swift.method",
                                  "swift.type.method", "swift.init", "swift.typealias", "swift.property", "swift.type.property"]
        let undocumented = try publicSymbols().filter { kinds.contains($0.kind) && !$0.documented }.map(\.line)
        XCTAssertEqual(undocumented, [], "each public type, function and property of TodoKit has a doc comment")
    }
}
