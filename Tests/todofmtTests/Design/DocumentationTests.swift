import Foundation
import XCTest

/// README is the front door (what todofmt is, install, a first run, links) and the manual is in docs/: README
/// stays short and links every page of it, and no link of README or docs/ points to a file or a heading that is
/// not there.
final class DocumentationTests: XCTestCase {
    /// README and every Markdown page under docs/, by their paths from the package root.
    func pages() throws -> [String] {
        let root = Todofmt.packageRoot
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(at: root.appendingPathComponent("docs"),
                                                                      includingPropertiesForKeys: nil))
        var pages = ["README.md"]
        for case let url as URL in enumerator where url.pathExtension == "md" {
            pages.append(String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1)))
        }
        return pages.sorted()
    }

    func text(_ page: String) throws -> String {
        try String(contentsOf: Todofmt.packageRoot.appendingPathComponent(page), encoding: .utf8)
    }

    /// The lines of `text` outside fenced code blocks.
    static func prose(_ text: String) -> [Substring] {
        var inBlock = false
        return text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            if line.hasPrefix("```") { inBlock.toggle(); return false }
            return !inBlock
        }
    }

    /// The anchors GitHub gives a page's headings: lowercased, punctuation dropped, spaces as hyphens.
    static func anchors(_ text: String) -> Set<String> {
        Set(prose(text).compactMap { line -> String? in
            guard line.hasPrefix("#"), let title = line.split(separator: " ", maxSplits: 1).dropFirst().first else { return nil }
            return String(title.lowercased().compactMap { character -> Character? in
                character == " " ? "-" : character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
            })
        })
    }

    func testTheReadmeIsAFrontDoorOfAtMostThreeHundredLines() throws {
        let lines = try text("README.md").split(separator: "\n", omittingEmptySubsequences: false).count - 1
        XCTAssertLessThanOrEqual(lines, 300)
    }

    func testTheReadmeLinksEveryPageOfTheManual() throws {
        let readme = try text("README.md")
        for page in ["docs/usage.md", "docs/shell-completion.md", "docs/json.md", "docs/query.md", "docs/editors/index.md",
                     "docs/git-and-pre-commit.md", "docs/calendar-and-reminders.md", "docs/FORMAT.md", "docs/DESIGN.md",
                     "docs/RELEASING.md"] {
            XCTAssertTrue(readme.contains("](\(page))"), "README does not link \(page)")
        }
    }

    func testEveryLinkOfTheReadmeAndTheManualLeadsToAFileAndAHeadingThatAreThere() throws {
        let root = Todofmt.packageRoot
        var checked = 0
        for page in try pages() {
            let folder = root.appendingPathComponent(page).deletingLastPathComponent()
            for line in Self.prose(try text(page)) {
                for match in line.matches(of: /\]\(([^)\s]+)\)/) {
                    let target = String(match.1)
                    guard !target.contains("://"), !target.hasPrefix("mailto:") else { continue }
                    let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                    let file = parts[0].isEmpty ? root.appendingPathComponent(page)
                        : URL(fileURLWithPath: String(parts[0]), relativeTo: folder).standardizedFileURL
                    checked += 1
                    guard FileManager.default.fileExists(atPath: file.path) else {
                        XCTFail("\(page): the link \(target) leads to no file"); continue
                    }
                    if parts.count == 2 {
                        let anchors = Self.anchors(try String(contentsOf: file, encoding: .utf8))
                        XCTAssertTrue(anchors.contains(String(parts[1])), "\(page): the link \(target) leads to no heading")
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 30)
    }
}
