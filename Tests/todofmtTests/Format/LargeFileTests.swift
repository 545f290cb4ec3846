import Foundation
import TodoKit
import XCTest

/// A large file is formatted and sorted as `Formatter.format` formats and sorts the same text.
final class LargeFileTests: XCTestCase {
    private func largeMarkdown(tasks: Int) -> String {
        var text = "# Large\n\n"
        for n in 0..<tasks {
            let box = n % 3 == 0 ? "x" : " "
            let priority = n % 4 == 0 ? "" : "(\(["A", "B", "C"][n % 3])) "
            text += "*   [\(box)] \(priority)task \(n % 89) number \(n) +p\(n % 5)\n"
            if n % 7 == 0 { text += "    a note on \(n)\n" }
            if n % 11 == 0 { text += "    - [ ] sub \(n % 3)\n    - [ ] (A) sub \(n)\n" }
        }
        return text
    }

    func testALargeMarkdownFileIsSortedAsTheLibrarySortsIt() throws {
        let folder = try TemporaryFolder()
        let text = largeMarkdown(tasks: 4000)
        let path = try folder.write(text, to: "TODO.md")
        let result = try Todofmt.run(["--sort", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        let expected = try Formatter.format(text, as: .markdown, sortedBy: SortKey.defaultOrder).text
        XCTAssertEqual(try folder.text("TODO.md"), expected)
        XCTAssertNotEqual(expected, text)
    }

    func testALargeUntidyMarkdownFileIsFormattedAsTheLibraryFormatsIt() throws {
        let folder = try TemporaryFolder()
        let text = largeMarkdown(tasks: 3000)
        let path = try folder.write(text, to: "TODO.md")
        let result = try Todofmt.run(["--stdout", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, try Formatter.format(text, as: .markdown).text)
        XCTAssertNotEqual(result.stdout, text)
    }

    func testAMarkdownFileOfManyListsIsFormattedAndSortedAsTheLibraryFormatsAndSortsIt() throws {
        // Every other list is already tidy, so the file holds lines that change and lines that are kept.
        var text = ""
        for list in 0..<100 {
            let tasks = largeMarkdown(tasks: 300).dropFirst("# Large\n".count)
            text += "# List \(list)\n" + (list % 2 == 0 ? String(tasks)
                : tasks.replacingOccurrences(of: "*   [", with: "- [").replacingOccurrences(of: "    ", with: "  "))
        }
        XCTAssertGreaterThan(text.utf8.count, 1 << 20)
        let folder = try TemporaryFolder()
        let path = try folder.write(text, to: "TODO.md")
        for sort in [[], ["--sort"]] {
            let result = try Todofmt.run(sort + ["--stdout", path])
            XCTAssertEqual(result.status, 0, result.stderr)
            let keys = sort.isEmpty ? nil : SortKey.defaultOrder
            XCTAssertEqual(result.stdout, try Formatter.format(text, as: .markdown, sortedBy: keys).text)
        }
        let check = try Todofmt.run(["--check", path])
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(try Todofmt.run(["--sort", path]).status, 0)
        XCTAssertEqual(try Todofmt.run(["--sort", "--check", path]).status, 0)
    }

    func testALargeTodoTxtFileIsSortedOnStandardOutput() throws {
        let folder = try TemporaryFolder()
        let lines = (0..<5000).map { n in "\(n % 5 == 0 ? "x 2026-01-02 " : "")\(n % 3 == 0 ? "(B) " : "")task \(n) due:2026-0\(n % 9 + 1)-1\(n % 10)" }
        let text = lines.joined(separator: "\n") + "\n"
        let path = try folder.write(text, to: "todo.txt")
        let result = try Todofmt.run(["--sort", "--stdout", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let expected = try Formatter.format(text, as: .todotxt, sortedBy: SortKey.defaultOrder).text
        XCTAssertEqual(result.stdout, expected)
        XCTAssertEqual(Set(result.stdout.split(separator: "\n")), Set(lines.map { Substring($0) }))
    }
}
