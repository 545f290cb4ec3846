import Foundation
import XCTest

/// `todofmt merge BASE OURS THEIRS` on versions whose tasks share a text, run as a user (or git) runs it.
final class MergeCommandSameTextTests: XCTestCase {
    /// Writes the three versions, runs `todofmt merge` (with `--stdout` when asked) and returns the run and
    /// the folder, which still holds the versions.
    private func merge(_ extension: String, base: String, ours: String, theirs: String,
                       stdout: Bool = true) throws -> (Todofmt.Result, TemporaryFolder) {
        let folder = try TemporaryFolder()
        try folder.write(base, to: "b.\(`extension`)")
        try folder.write(ours, to: "o.\(`extension`)")
        try folder.write(theirs, to: "t.\(`extension`)")
        let arguments = ["merge"] + (stdout ? ["--stdout"] : []) + ["b.\(`extension`)", "o.\(`extension`)", "t.\(`extension`)"]
        return (try Todofmt.run(arguments, in: folder.url), folder)
    }

    func testAnEditLandsOnTheSameTextTaskItWasMadeTo() throws {
        let ours = "- [ ] water plants\n- [ ] z\n- [x] water plants\n"
        let (result, folder) = try merge("md", base: "- [ ] water plants\n- [ ] z\n- [ ] water plants\n", ours: ours,
                                         theirs: "- [ ] water plants due:2026-03-05\n- [ ] z\n- [ ] water plants\n")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(result.stdout, "- [ ] water plants due:2026-03-05\n- [ ] z\n- [x] water plants\n")
        XCTAssertEqual(try folder.text("o.md"), ours)
    }

    func testADeletionStaysDeletedWhenTheOtherSideRewordsASameTextTask() throws {
        for (ext, base, ours, theirs, merged) in [
            ("md", "- [ ] k\n- [ ] c\n- [ ] k\n", "- [ ] k\n- [ ] k\n", "- [ ] k X\n- [ ] c\n- [ ] k\n", "- [ ] k X\n- [ ] k\n"),
            ("txt", "k\nc\nk\n", "k\nk\n", "k X\nc\nk\n", "k X\nk\n"),
        ] {
            let (result, folder) = try merge(ext, base: base, ours: ours, theirs: theirs, stdout: false)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stdout + result.stderr, "", ext)
            XCTAssertEqual(try folder.text("o.\(ext)"), merged, ext)
        }
    }

    func testATaskOneSideMovesAndTheOtherMovesElsewhereAndRewordsIsAConflictNotTwoTasks() throws {
        let (result, folder) = try merge("md", base: "- [ ] k1\n\n# Home\n\n- [ ] k7\n", ours: "\n# Home\n\n- [ ] k7\n- [ ] k1\n",
                                         theirs: "\n# Home\n\n- [ ] k7\n\n# Work\n\n- [ ] k1 more\n", stdout: false)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stderr, "o.md:5: conflict: both sides moved task 'k1' to different places; here is where each side put it\n")
        XCTAssertEqual(try folder.text("o.md"),
                       "\n# Home\n\n- [ ] k7\n<<<<<<< ours\n- [ ] k1\n=======\n\n# Work\n\n- [ ] k1 more\n>>>>>>> theirs\n")
    }

    func testInTodoTxtAPriorityIsNotDoubledAndADeletionIsKept() throws {
        let (result, _) = try merge("txt", base: "(A) a b\nc\na b\n", ours: "  (A) a b\na b\n", theirs: "(A) a X\nc\na b\n")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "  (A) a X\na b\n")
    }
}
