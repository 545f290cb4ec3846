import Foundation
import XCTest

/// A change of many notes finishes or undoes itself: stopped at any step of the write path (`kill -9` there, through
/// the debug build's `TODOFMT_FAULT=kill-at:N`, not at a random moment), the next run in the folder finds the
/// change's journal and leaves every note as it was before the change, or the change had finished and every note
/// is new; a rename that fails is undone at once, and only an undo that fails too leaves files written, named.
final class RollbackJournalTests: XCTestCase {
    var notes: NoteFolder!
    var names = ["A.md", "B.md", "C.md"]
    let edit = ["done", "--today", "2026-03-01", "--where", "+k"]
    var old: [String] { names.map { "# \($0)\n\n- [ ] \($0.prefix(1)) +k\n" } }
    var new: [String] { names.map { "# \($0)\n\n- [x] 2026-03-01 \($0.prefix(1)) +k\n" } }

    override func setUpWithError() throws {
        notes = try NoteFolder()
        try reset()
    }

    /// The folder as before the edit, with no state kept of it.
    func reset() throws {
        try? FileManager.default.removeItem(at: notes.state)
        for name in try FileManager.default.contentsOfDirectory(atPath: notes.root.path) {
            try FileManager.default.removeItem(at: notes.root.appendingPathComponent(name))
        }
        try notes.write(".todofmt", "")
        for (name, text) in zip(names, old) { try notes.write(name, text) }
    }

    func contents() throws -> [String] { try names.map(notes.read) }

    /// What the folder holds besides its notes and settings: locks and temporary files.
    func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: notes.root.path).filter { !names.contains($0) && $0 != ".todofmt" }.sorted()
    }

    /// The journals in the state folder.
    func journals() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: notes.state.appendingPathComponent("todofmt/journals").path)) ?? []).sorted()
    }

    /// The steps the edit goes through, as the debug build names them.
    func steps() throws -> [String] {
        let traced = try notes.run(edit, environment: ["TODOFMT_FAULT": "steps"])
        XCTAssertEqual(traced.status, 0, traced.stderr)
        try reset()
        return traced.stderr.split(separator: "\n").compactMap { line in
            line.hasPrefix("todofmt: step ") ? line.split(separator: ":", maxSplits: 2).last.map { $0.trimmingCharacters(in: .whitespaces) } : nil
        }
    }

    /// The step number (from 1) of the step named `name`.
    func step(_ name: String, in steps: [String]) throws -> Int {
        try XCTUnwrap(steps.firstIndex(of: name), "no step '\(name)' in \(steps)") + 1
    }

    func testKilledAtEveryStepOfTheChangeTheNextRunLeavesEveryNoteOldOrEveryNoteNew() throws {
        let steps = try self.steps()
        for name in ["put the journal in place", "rename onto A.md", "rename onto B.md", "rename onto C.md", "remove the journal"] {
            XCTAssertTrue(steps.contains(name), "the edit has no step '\(name)': \(steps)")
        }
        var outcomes: Set<String> = [], undone = 0
        for (number, name) in steps.enumerated().map({ ($0 + 1, $1) }) {
            try reset()
            let killed = try notes.run(edit, environment: ["TODOFMT_FAULT": "kill-at:\(number)"])
            XCTAssertEqual(killed.status, SIGKILL, "killed at step \(number) (\(name)): \(killed.stderr)")
            // The next run, whatever it is, first finishes what the killed one left.
            let next = try notes.run(["ls"])
            XCTAssertEqual(next.status, 0, "after step \(number) (\(name)): \(next.stderr)")
            let after = try contents()
            XCTAssertTrue(after == old || after == new, "killed at step \(number) (\(name)), the notes are a mix: \(after)")
            outcomes.insert(after == old ? "old" : "new")
            if next.stderr.contains("it is undone") { undone += 1 }
            XCTAssertEqual(journals(), [], "after step \(number) (\(name))")
            // And the edit, run again, goes through; when it writes, it leaves nothing behind (a lock of the killed
            // run that nothing took since is taken over by the next run that needs it).
            let again = try notes.run(edit)
            XCTAssertEqual(again.status, 0, "after step \(number) (\(name)): \(again.stderr)")
            XCTAssertEqual(try contents(), new)
            XCTAssertEqual(try leftovers().filter { after == old || !$0.hasSuffix(".lock") }, [], "after step \(number) (\(name))")
        }
        XCTAssertEqual(outcomes, ["old", "new"], "every kill left the same outcome")
        XCTAssertEqual(undone, 4, "the kills between the journal and its removal are each undone by the next run")
    }

    func testTheNextRunSaysWhatItUndid() throws {
        let steps = try self.steps()
        let killed = try notes.run(edit, environment: ["TODOFMT_FAULT": "kill-at:\(try step("rename onto C.md", in: steps))"])
        XCTAssertEqual(killed.status, SIGKILL)
        XCTAssertEqual(try contents(), Array(new.prefix(2)) + [old[2]], "A.md and B.md were renamed before the kill")
        let next = try notes.run(["ls"])
        XCTAssertEqual(next.stderr, "todofmt: note: an earlier change of 3 files was stopped before it finished; it is undone: "
                       + "A.md and B.md are back as before (C.md had not been written yet)\n")
        XCTAssertEqual(try contents(), old)
        XCTAssertEqual(try leftovers(), [], "the stopped run's locks and temporary files are gone")
    }

    func testTheJournalNeedsNoTemporaryFile() throws {
        let steps = try self.steps()
        XCTAssertEqual(try notes.run(edit, environment: ["TODOFMT_FAULT": "kill-at:\(try step("rename onto B.md", in: steps))"]).status, SIGKILL)
        // Whatever removes temporary files (a cleaner, an older todofmt) takes nothing the journal needs.
        for name in try leftovers() where name.contains(".todofmt-") {
            try FileManager.default.removeItem(at: notes.root.appendingPathComponent(name))
        }
        XCTAssertEqual(try notes.run(["ls"]).status, 0)
        XCTAssertEqual(try contents(), old)
    }

    func testANoteChangedSinceTheStoppedChangeStopsTheNextRunNamingItAndTheJournal() throws {
        let steps = try self.steps()
        XCTAssertEqual(try notes.run(edit, environment: ["TODOFMT_FAULT": "kill-at:\(try step("rename onto B.md", in: steps))"]).status, SIGKILL)
        try notes.write("A.md", "# A.md\n\n- [ ] A +k\n- [ ] saved in an editor since\n")
        let next = try notes.run(["ls"])
        XCTAssertEqual(next.status, 2)
        let journal = try XCTUnwrap(journals().first)
        XCTAssertEqual(next.stderr, "todofmt: error: an earlier change of 3 files was stopped before it finished, and since then another "
                       + "program changed A.md: it is neither as before the change nor as after it, so todofmt put nothing back; "
                       + notes.state.appendingPathComponent("todofmt/journals/\(journal)").path
                       + " holds each file as it was before and after the change: compare them, then remove it to go on\n")
        XCTAssertEqual(try contents(), ["# A.md\n\n- [ ] A +k\n- [ ] saved in an editor since\n"] + old.dropFirst())
        // Once the user removed it, runs go on.
        try FileManager.default.removeItem(at: notes.state.appendingPathComponent("todofmt/journals/\(journal)"))
        XCTAssertEqual(try notes.run(["ls"]).status, 0)
    }

    func testARenameThatFailsIsUndoneAtOnceAndNothingIsWritten() throws {
        let steps = try self.steps()
        let failed = try notes.run(edit, environment: ["TODOFMT_FAULT": "fail-at:\(try step("rename onto C.md", in: steps))"])
        XCTAssertEqual(failed.status, 2)
        XCTAssertEqual(failed.stderr, "C.md: error: cannot replace the file: input/output error; nothing was written to any of the 3 files\n")
        XCTAssertEqual(try contents(), old)
        XCTAssertEqual(try leftovers(), [])
        XCTAssertEqual(journals(), [])
    }

    func testWhenUndoingAFailedRenameFailsTooTheErrorNamesWhatWasAndWasNotWritten() throws {
        let steps = try self.steps()
        let rename = try step("rename onto C.md", in: steps)
        // After the failed rename: the journal's first step putting A.md back fails too.
        let failed = try notes.run(edit, environment: ["TODOFMT_FAULT": "fail-at:\(rename),\(rename + 2)"])
        XCTAssertEqual(failed.status, 2)
        let journal = try XCTUnwrap(journals().first)
        XCTAssertEqual(failed.stderr, "C.md: error: cannot replace the file: input/output error; A.md and B.md were written, and putting "
                       + "them back failed (A.md: input/output error); C.md was not written; the next todofmt run in the folder puts them "
                       + "back from \(notes.state.appendingPathComponent("todofmt/journals/\(journal)").path)\n")
        XCTAssertEqual(try contents(), Array(new.prefix(2)) + [old[2]])
        XCTAssertEqual(try leftovers(), [], "no temporary file and no lock is left")
        XCTAssertEqual(try notes.run(["ls"]).stderr, "todofmt: note: an earlier change of 3 files was stopped before it finished; it is "
                       + "undone: A.md and B.md are back as before (C.md had not been written yet)\n")
        XCTAssertEqual(try contents(), old)
    }

    func testANoteAnotherProgramChangesDuringTheChangeIsNamedAndNothingIsWritten() throws {
        let steps = try self.steps()
        let b = notes.root.appendingPathComponent("B.md").path
        // Another program saves B.md after todofmt read it: seen before any rename, and seen at B.md's own rename.
        for moment in ["written beside C.md", "rename onto A.md"] {
            try reset()
            let output = try notes.run(edit, environment: ["TODOFMT_FAULT": "append-at:\(try step(moment, in: steps)):\(b)"])
            XCTAssertEqual(output.status, 2, moment)
            XCTAssertEqual(output.stderr, "B.md: error: the file changed while todofmt was working on it (another program saved it); "
                           + "nothing was written: run the command again\n", moment)
            XCTAssertEqual(try contents(), [old[0], old[1] + "another program's line\n", old[2]], moment)
            XCTAssertEqual(try leftovers(), [], moment)
            XCTAssertEqual(journals(), [], moment)
        }
    }

    func testSIGTERMDuringAChangeOfManyNotesRemovesEveryLockAndTemporaryFile() throws {
        // Six notes: six locks and six temporary files at once, more than any fixed number of places would hold.
        names = ["A.md", "B.md", "C.md", "D.md", "E.md", "F.md"]
        try reset()
        let steps = try self.steps()
        let output = try notes.run(edit, environment: ["TODOFMT_FAULT": "term-at:\(try step("written beside F.md", in: steps))"])
        XCTAssertEqual(output.status, SIGTERM)
        XCTAssertEqual(try contents(), old)
        XCTAssertEqual(try leftovers(), [])
    }

    func testSIGTERMDuringTheRenamesWaitsForTheChangeToFinish() throws {
        let steps = try self.steps()
        let output = try notes.run(edit, environment: ["TODOFMT_FAULT": "term-at:\(try step("rename onto B.md", in: steps))"])
        XCTAssertEqual(output.status, SIGTERM)
        XCTAssertEqual(try contents(), new, "the signal waited for the change to end")
        XCTAssertEqual(journals(), [])
        XCTAssertEqual(try leftovers(), [])
    }
}
