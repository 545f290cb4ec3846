@testable import TodoKit
import XCTest

/// An ignore file's patterns mean what gitignore(5) says they mean; its examples, one by one. (The walk of a
/// folder is checked against git itself on generated trees in `FolderIgnoreGitTests`.)
final class GitIgnoreTests: XCTestCase {
    func ignores(_ text: String, _ path: String, folder: Bool = false, base: String = "") -> Bool? {
        GitIgnore(text: text, base: base).decision(for: path, isFolder: folder)
    }

    func testAPatternWithoutASlashMatchesANameAtAnyDepth() {
        XCTAssertEqual(ignores("hello.*", "hello.txt"), true)
        XCTAssertEqual(ignores("hello.*", "a/hello.java"), true)
        XCTAssertNil(ignores("hello.*", "a/hello"))
    }

    func testALeadingSlashAnchorsAPatternToItsFolder() {
        XCTAssertEqual(ignores("/hello.*", "hello.c"), true)
        XCTAssertNil(ignores("/hello.*", "a/hello.java"))
    }

    func testATrailingSlashMatchesFoldersOnly() {
        XCTAssertEqual(ignores("foo/", "foo", folder: true), true)
        XCTAssertEqual(ignores("foo/", "a/foo", folder: true), true)
        XCTAssertNil(ignores("foo/", "foo"))
        XCTAssertEqual(ignores("doc/frotz/", "doc/frotz", folder: true), true)
        XCTAssertNil(ignores("doc/frotz/", "a/doc/frotz", folder: true))
    }

    func testAMiddleSlashAnchorsTooAndALeadingOneChangesNothingThen() {
        for pattern in ["doc/frotz", "/doc/frotz"] {
            XCTAssertEqual(ignores(pattern, "doc/frotz"), true, pattern)
            XCTAssertNil(ignores(pattern, "a/doc/frotz"), pattern)
        }
    }

    func testAStarMatchesNoSlash() {
        XCTAssertEqual(ignores("foo/*", "foo/test.json"), true)
        XCTAssertEqual(ignores("foo/*", "foo/bar", folder: true), true)
        XCTAssertNil(ignores("foo/*", "foo/bar/hello.c"))
    }

    func testTwoStarsMatchAnyNumberOfFolders() {
        XCTAssertEqual(ignores("**/foo", "foo"), true)
        XCTAssertEqual(ignores("**/foo", "x/y/foo"), true)
        XCTAssertEqual(ignores("**/foo/bar", "x/foo/bar"), true)
        XCTAssertEqual(ignores("abc/**", "abc/x/y"), true)
        XCTAssertNil(ignores("abc/**", "abc", folder: true))
        for path in ["a/b", "a/x/b", "a/x/y/b"] { XCTAssertEqual(ignores("a/**/b", path), true, path) }
        XCTAssertNil(ignores("a**b/c", "ax/yb/c"), "two stars not between slashes are one star")
    }

    func testTheLastMatchingPatternDecidesAndANegationReincludes() {
        XCTAssertEqual(ignores("*.html\n!foo.html\n", "foo.html"), false)
        XCTAssertEqual(ignores("*.html\n!foo.html\n", "gitignore.html"), true)
        XCTAssertEqual(ignores("!foo.html\n*.html\n", "foo.html"), true)
    }

    func testCommentsBlankLinesTrailingSpacesAndEscapes() {
        XCTAssertNil(ignores("# a.md\n\n", "a.md"))
        XCTAssertEqual(ignores("\\#a.md\n", "#a.md"), true)
        XCTAssertEqual(ignores("\\!important!.txt\n", "!important!.txt"), true)
        XCTAssertEqual(ignores("a.md   \n", "a.md"), true)
        XCTAssertEqual(ignores("a.md\\ \n", "a.md "), true)
        XCTAssertNil(ignores("a.md\\ \n", "a.md"))
        XCTAssertEqual(ignores("a.md\r\n", "a.md"), true)
    }

    func testSetsRangesAndClasses() {
        XCTAssertEqual(ignores("*.[oa]", "x.o"), true)
        XCTAssertEqual(ignores("*.[!oa]", "x.c"), true)
        XCTAssertNil(ignores("*.[^oa]", "x.o"))
        XCTAssertEqual(ignores("[a-c]x", "bx"), true)
        XCTAssertEqual(ignores("[[:digit:]]*", "2026.md"), true)
        XCTAssertNil(ignores("[[:digit:]]*", "notes.md"))
        XCTAssertEqual(ignores("[]]", "]"), true)
        XCTAssertNil(ignores("[[:nope:]]", "n"), "an unknown class matches nothing")
    }

    func testAFilesPatternsMatchPathsBelowItsFolder() {
        XCTAssertEqual(ignores("/drafts", "notes/drafts", folder: true, base: "notes/"), true)
        XCTAssertNil(ignores("/drafts", "drafts", folder: true, base: "notes/"))
    }

    func testADeeperFileOverridesAShallowerOneAndTheRepositorysFilesComeLast() {
        let rules = IgnoreRules(folders: [GitIgnore(text: "*.md\n"), GitIgnore(text: "!keep.md\n", base: "a/")],
                                repository: [GitIgnore(text: "!*.md\nsecret\n")])
        XCTAssertFalse(rules.ignores("a/keep.md", isFolder: false))
        XCTAssertTrue(rules.ignores("a/other.md", isFolder: false))
        XCTAssertTrue(rules.ignores("secret", isFolder: false))
        XCTAssertFalse(rules.ignores("b/c.txt", isFolder: false))
    }
}

/// A vault's excluded files are matched as Obsidian matches `userIgnoreFilters`.
final class ExcludedFilesTests: XCTestCase {
    func testAPlainEntryExcludesEveryPathStartingWithIt() {
        let excluded = ExcludedFiles(["Archive/", "Templates"])
        XCTAssertTrue(excluded.excludes("Archive", isFolder: true))
        XCTAssertTrue(excluded.excludes("Archive/2025/old.md", isFolder: false))
        XCTAssertFalse(excluded.excludes("Archived.md", isFolder: false))
        XCTAssertTrue(excluded.excludes("Templates.md", isFolder: false))
        XCTAssertFalse(excluded.excludes("Notes/Templates", isFolder: true))
    }

    func testAnEntryBetweenSlashesIsARegularExpressionFoundAnywhere() {
        let excluded = ExcludedFiles(["/draft/", "/(unclosed/"])
        XCTAssertTrue(excluded.excludes("Notes/a draft.md", isFolder: false))
        XCTAssertFalse(excluded.excludes("Notes/final.md", isFolder: false))
    }
}
