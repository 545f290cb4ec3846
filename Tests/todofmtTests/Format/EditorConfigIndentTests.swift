import Foundation
import XCTest

/// A todo file is indented as the `.editorconfig` applying to it says (docs/FORMAT.md 5.1, rule 4): `indent_style` and
/// `indent_size` of the nearest section matching it, upward to a file that says `root = true`; with none, the
/// file keeps the unit it mostly uses.
final class EditorConfigIndentTests: XCTestCase {
    let spaced = "- [ ] a\n  - [ ] b\n    - [ ] c\n      note\n"
    let tabbed = "- [ ] a\n\t- [ ] b\n\t\t- [ ] c\n\t\t  note\n"

    func testIndentStyleTabTurnsASpaceIndentedTodoFileToTabs() throws {
        let folder = try TemporaryFolder()
        try folder.write("root = true\n\n[*]\nindent_style = space\n\n[{TODO,todo}.md]\nindent_style = tab\nindent_size = 8\n", to: ".editorconfig")
        let path = try folder.write(spaced, to: "TODO.md")
        let result = try Todofmt.run([path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try folder.text("TODO.md"), tabbed)
    }

    func testIndentSizeNestsBySpacesOfThatWidth() throws {
        let folder = try TemporaryFolder()
        try folder.write("root = true\n[*.md]\nindent_style = space\nindent_size = 4\n", to: ".editorconfig")
        let path = try folder.write(tabbed, to: "TODO.md")
        let result = try Todofmt.run([path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try folder.text("TODO.md"), "- [ ] a\n    - [ ] b\n        - [ ] c\n          note\n")
    }

    func testTheNearestEditorConfigWinsAndRootStopsTheSearch() throws {
        let folder = try TemporaryFolder()
        try folder.write("root = true\n[*]\nindent_style = tab\n", to: ".editorconfig")
        try FileManager.default.createDirectory(atPath: folder.path("sub/deep"), withIntermediateDirectories: true)
        // The nearer file sets the size only: the style comes from the one above.
        try folder.write("[*.md]\nindent_size = 4\n", to: "sub/.editorconfig")
        let path = try folder.write(spaced, to: "sub/deep/TODO.md")
        XCTAssertEqual(try Todofmt.run([path]).status, 0)
        XCTAssertEqual(try folder.text("sub/deep/TODO.md"), tabbed)
        // A root file with no matching section: the file keeps its own unit.
        try folder.write("root = true\n[*.txt]\nindent_style = tab\n", to: "sub/.editorconfig")
        try folder.write(spaced, to: "sub/deep/TODO.md")
        XCTAssertEqual(try Todofmt.run([path]).status, 0)
        XCTAssertEqual(try folder.text("sub/deep/TODO.md"), spaced)
    }

    func testStandardInputGoesByTheEditorConfigOfItsNamedPath() throws {
        let folder = try TemporaryFolder()
        try folder.write("root = true\n[TODO.md]\nindent_style = tab\n", to: ".editorconfig")
        let result = try Todofmt.run(["--stdin-filepath", folder.path("TODO.md"), "-"], stdin: spaced)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, tabbed)
    }

    func testANoteKeepsItsIndentationWhateverTheEditorConfigSays() throws {
        let folder = try TemporaryFolder()
        try folder.write("root = true\n[*]\nindent_style = tab\n", to: ".editorconfig")
        let note = "# Meeting\n\n- [ ] a\n  - [ ] b\n"
        let path = try folder.write(note, to: "Meeting.md")
        XCTAssertEqual(try Todofmt.run([path]).status, 0)
        XCTAssertEqual(try folder.text("Meeting.md"), note)
    }
}
