import Foundation
import XCTest
@testable import todofmt
import TodoKit

/// An option is declared once (`Flag`, `Option`, `RepeatedOption` around its `OptionSpec`) and read by that
/// declaration as a typed value: a misspelt option, or an option read as the wrong type, does not compile, and
/// there is no way left to read one by its name. The snippets are type-checked against the built modules as
/// `UncheckedWriteTests` does, as code a contributor might write inside todofmt.
final class TypedOptionTests: XCTestCase {
    /// The snippet's start: a parsed command line to read.
    let parsed = #"let invocation = try ArgumentParser.parse(["done", "--dry-run", "3"], table: commandTable, environment: [:])"#

    func typecheck(_ body: String) throws -> String? { try UncheckedWriteTests.typecheck(parsed + "\n" + body) }

    func testReadingOptionsByTheirDeclarationsTypeChecks() throws {
        XCTAssertNil(try typecheck("""
            let dryRun: Bool = invocation[.dryRun]
            let keys: String? = invocation[.sortBy]
            let format: FileFormat? = invocation[FormatCommand.format]
            let dialect: Dialect? = invocation[.dialect]
            let instructions: [String] = invocation[QueryCommand.expression]
            _ = (dryRun, keys, format, dialect, instructions)
            """), "the control snippet must compile, or the refusals below prove nothing")
    }

    func testAnOptionCannotBeReadByItsName() throws {
        for read in [#"_ = invocation.flag("dry-run")"#, #"_ = invocation.value("sort-by")"#, #"_ = invocation.values("expression")"#] {
            let diagnostics = try XCTUnwrap(try typecheck(read), read)
            XCTAssertTrue(diagnostics.contains("value of type 'Invocation' has no member"), diagnostics)
        }
    }

    func testTheValuesByNameBeneathAreOutOfReach() throws {
        let diagnostics = try XCTUnwrap(try typecheck(#"_ = invocation.given["dry-run"]"#))
        XCTAssertTrue(diagnostics.contains("'given' is inaccessible due to 'private' protection level"), diagnostics)
    }

    func testAMisspeltOptionDoesNotCompile() throws {
        let diagnostics = try XCTUnwrap(try typecheck("let dryRun: Bool = invocation[.dryRn]\n_ = dryRun"))
        XCTAssertTrue(diagnostics.contains("type 'Flag' has no member 'dryRn'"), diagnostics)
    }

    func testAnOptionIsReadAsItsOwnType() throws {
        let diagnostics = try XCTUnwrap(try typecheck("let sorts: Bool = invocation[.sortBy]\n_ = sorts"))
        XCTAssertTrue(diagnostics.contains("optional type 'String?' cannot be used as a boolean"), diagnostics)
    }

    func testEachOptionIsReadAsTheValueGiven() throws {
        let formatting = try ArgumentParser.parse(["--format", "todotxt", "--dialect", "tasks", "--check", "-"],
                                                  table: commandTable, environment: [:])
        XCTAssertEqual(formatting[FormatCommand.format], .todotxt)
        XCTAssertEqual(formatting[.dialect], .tasks)
        XCTAssertTrue(formatting[FormatCommand.check])
        XCTAssertFalse(formatting[FormatCommand.diff])
        XCTAssertNil(formatting[FormatCommand.stdinFilepath])

        let query = try ArgumentParser.parse(["query", "-e", "not done", "--expression", "due before tomorrow"],
                                             table: commandTable, environment: [:])
        XCTAssertEqual(query[QueryCommand.expression], ["not done", "due before tomorrow"])

        let done = try ArgumentParser.parse(["done", "--where", "+taxes", "-n", "--today", "2026-11-21"], table: commandTable, environment: [:])
        XCTAssertEqual(done[.whereFilter], "+taxes")
        XCTAssertEqual(done[.today], "2026-11-21")
        XCTAssertTrue(done[.dryRun])
        XCTAssertFalse(done[.whereAll])
        XCTAssertFalse(done[DoneCommand.force])
    }
}
