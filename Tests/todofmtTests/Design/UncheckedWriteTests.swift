import Foundation
import XCTest

/// Writing a todo file takes what TodoKit checked: a text that did not pass the meaning check does not
/// compile as something to write, and the unchecked write beneath (`GuardedFile`, the file system's own
/// writes) is out of reach of the commands and the language server: it is internal to TodoIO, which they import
/// as any module is imported. Each snippet is type-checked against the built modules, as code a contributor
/// might write inside todofmt.
final class UncheckedWriteTests: XCTestCase {
    func typecheck(_ body: String) throws -> String? { try Self.typecheck(body) }

    /// `swiftc -typecheck` of `body` inside a function of a file that imports todofmt as its tests do; the
    /// compiler's diagnostics, or nil when it type-checks.
    static func typecheck(_ body: String) throws -> String? {
        try Todofmt.requireBuilt()
        let folder = try TemporaryFolder()
        let source = folder.url.appendingPathComponent("Snippet.swift")
        try "@testable import todofmt\nimport TodoKit\n\nfunc snippet(_ document: Document) throws {\n\(body)\n}\n"
            .write(to: source, atomically: true, encoding: .utf8)
        let modules = Todofmt.packageRoot.appendingPathComponent(".build/debug/Modules").path
        // Inside the package, as todofmt's own code is: its `package` declarations are in reach.
        let result = try ChildProcess.run("swiftc", ["-typecheck", "-I", modules, "-package-name", Todofmt.packageName, source.path],
                                          stderr: .standardOutput)
        return result.status == 0 ? nil : result.stdout
    }

    func testACheckedChangeTypeChecks() throws {
        XCTAssertNil(try typecheck("""
            try TodoFile("TODO.md", settings: TaskSettings(), reading: .commonMark).update { try Formatter.format($0) }
            try TodoFile("TODO.md", settings: TaskSettings(), reading: .commonMark).update { try TaskEditor.remove(lines: [1], in: $0) }
            """), "the control snippet must compile, or the refusals below prove nothing")
    }

    func testATextCannotBeWrittenToATodoFile() throws {
        let diagnostics = try XCTUnwrap(try typecheck(#"try TodoFile("TODO.md", settings: TaskSettings(), reading: .commonMark).update { _ in "- [ ] anything\n" }"#))
        XCTAssertTrue(diagnostics.contains("requires that 'String' conform to 'CheckedChange'"), diagnostics)
    }

    func testADocumentMadeFromAnyTextCannotBeWrittenToATodoFile() throws {
        let diagnostics = try XCTUnwrap(try typecheck(#"""
            try TodoFile("TODO.md", settings: TaskSettings(), reading: .commonMark).update { _ in Document(parsing: "- [ ] anything\n", format: .markdown) }
            """#))
        XCTAssertTrue(diagnostics.contains("requires that 'Document' conform to 'CheckedChange'"), diagnostics)
    }

    func testACheckedDocumentCannotBeMadeOutsideTodoKit() throws {
        let diagnostics = try XCTUnwrap(try typecheck("""
            let forged = CheckedDocument(original: document, document: Document(parsing: "", format: .markdown), origins: [])
            _ = forged
            """))
        XCTAssertTrue(diagnostics.contains("initializer is inaccessible due to 'internal' protection level")
                      || diagnostics.contains("'CheckedDocument' cannot be constructed"), diagnostics)
    }

    func testAnEditResultsDocumentCannotBeReplaced() throws {
        let diagnostics = try XCTUnwrap(try typecheck("""
            var result = EditResult(unchanged: document)
            result.document = Document(parsing: "- [ ] anything\\n", format: .markdown)
            """))
        XCTAssertTrue(diagnostics.contains("is a get-only property"), diagnostics)
    }

    func testAnOutputFileTypeChecks() throws {
        XCTAssertNil(try typecheck("""
            try OutputFile.write("BEGIN:VCALENDAR\\r\\n", to: "tasks.ics")
            """), "the control snippet must compile, or the refusals below prove nothing")
    }

    func testTheGuardedFileBeneathTodoFileIsOutOfReach() throws {
        let diagnostics = try XCTUnwrap(try typecheck("""
            try FileLock.holding("TODO.md") { lock in
                var file = try GuardedFile("TODO.md", under: lock, missing: .isNew)
                try file.replace(with: "- [ ] anything\\n")
            }
            """))
        XCTAssertTrue(diagnostics.contains("cannot find 'GuardedFile' in scope"), diagnostics)
    }

    func testTheFileSystemsOwnWritesAreOutOfReach() throws {
        for write in [#"try FileSystem.writeAtomically("- [ ] anything\n", to: "TODO.md")"#,
                      #"_ = try FileSystem.prepareWrite("- [ ] anything\n", to: "TODO.md")"#] {
            let diagnostics = try XCTUnwrap(try typecheck(write), write)
            XCTAssertTrue(diagnostics.contains("is inaccessible due to 'internal' protection level"), diagnostics)
        }
    }

    func testASessionsFileCannotBeWrittenAroundTheCheck() throws {
        let diagnostics = try XCTUnwrap(try typecheck("""
            try TodoFile("TODO.md", settings: TaskSettings(), reading: .commonMark).locked { session in
                try session.file.replace(with: "- [ ] anything\\n")
            }
            """))
        XCTAssertTrue(diagnostics.contains("'file' is inaccessible due to 'fileprivate' protection level"), diagnostics)
    }
}
