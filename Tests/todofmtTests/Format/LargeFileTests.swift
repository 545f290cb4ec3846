import Foundation
import TodoKit
import XCTest

/// A large file is formatted and sorted as the library formats and sorts the whole document: a large todo.txt
/// sort reads safe mode's side of the input on a second thread, and a large Markdown file is done in two
/// halves at once.
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
        let expected = Formatter.format(Document(parsing: text), options: FormatOptions(sortKeys: SortKey.defaultOrder)).text
        XCTAssertEqual(try folder.text("TODO.md"), expected)
        XCTAssertNotEqual(expected, text)
    }

    func testALargeUntidyMarkdownFileIsFormattedAsTheLibraryFormatsIt() throws {
        let folder = try TemporaryFolder()
        let text = largeMarkdown(tasks: 3000)
        let path = try folder.write(text, to: "TODO.md")
        let result = try Todofmt.run(["--stdout", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, Formatter.format(Document(parsing: text)).text)
        XCTAssertNotEqual(result.stdout, text)
    }

    func testAMarkdownFileLargeEnoughToBeDoneInHalvesIsFormattedAndSortedAsTheLibraryDoesTheWhole() throws {
        // Many lists, so that a top-level heading follows the middle: its two halves are done at once. Every
        // other list is already tidy, so both halves hold lines that change and lines that are kept. A megabyte
        // or more, so that the heap is prepared for a large file too (and faulted in while the file is read).
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
            XCTAssertEqual(result.stdout, Formatter.format(Document(parsing: text), options: FormatOptions(sortKeys: keys)).text)
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
        let expected = Formatter.format(Document(parsing: text, format: .todotxt), options: FormatOptions(sortKeys: SortKey.defaultOrder)).text
        XCTAssertEqual(result.stdout, expected)
        XCTAssertEqual(Set(result.stdout.split(separator: "\n")), Set(lines.map { Substring($0) }))
    }
}
