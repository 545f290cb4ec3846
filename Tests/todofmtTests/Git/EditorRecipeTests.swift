import Foundation
import XCTest

/// The editor recipes of docs/editors that need no language server, taken from their page and run for real in a
/// headless Emacs (the set-ups that go through `todofmt lsp` are run by the tests in LanguageServer/).
///
/// Each recipe is run twice: with the built todofmt (the file must come out exactly as
/// `todofmt --quiet --stdin-filepath` prints it, with no warning text in it), and with a stand-in `todofmt`
/// that upper-cases its input, which proves the recipe really pipes the buffer through the command.
final class EditorRecipeTests: XCTestCase {
    /// A warning-worthy date: the recipes must keep warnings out of the buffer.
    let input = "# Tasks\n\n- [ ] Call the plumber due:2026-13-01\n- [x] Buy milk\n"

    /// The editor's path; a missing editor fails the test in CI (Scripts/install-test-tools installs them all)
    /// and skips it elsewhere.
    private func editor(_ name: String) throws -> String {
        if let path = GitScenario.which(name) { return path }
        throw RequiredTool.missing(name)
    }

    /// Runs `body` once with the built todofmt first on PATH and once with an upper-casing stand-in, and
    /// checks the file each time.
    private func check(_ scenario: GitScenario, file: String, content: String? = nil, expectedInput: String? = nil,
                       run body: () throws -> GitScenario.Output) throws {
        let expected = expectedInput ?? content ?? input
        let formatted = try scenario.run(GitScenario.todofmt.path, ["--quiet", "--stdin-filepath", file], input: expected)
        XCTAssertEqual(formatted.status, 0, formatted.stderr)

        let saved = scenario.environment["PATH"] ?? ""
        scenario.environment["PATH"] = GitScenario.todofmt.deletingLastPathComponent().path + ":" + saved
        try scenario.write(file, content ?? input)
        let real = try body()
        XCTAssertEqual(real.status, 0, real.stdout + real.stderr)
        XCTAssertEqual(try scenario.read(file), formatted.stdout)
        XCTAssertFalse(try scenario.read(file).contains("warning"))

        let standIn = scenario.root.appendingPathComponent("stand-in")
        try FileManager.default.createDirectory(at: standIn, withIntermediateDirectories: true)
        try Data("#!/bin/sh\ntr a-z A-Z\n".utf8).write(to: standIn.appendingPathComponent("todofmt"))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: standIn.appendingPathComponent("todofmt").path)
        scenario.environment["PATH"] = standIn.path + ":" + saved
        try scenario.write(file, content ?? input)
        let fake = try body()
        XCTAssertEqual(fake.status, 0, fake.stdout + fake.stderr)
        XCTAssertEqual(try scenario.read(file), expected.uppercased())
        scenario.environment["PATH"] = saved
    }

    func testTheEmacsRecipeFormatsBeforeSaving() throws {
        let emacs = try editor("emacs")
        let scenario = try GitScenario()
        try scenario.write("recipe.el", try XCTUnwrap(EditorSession.snippet("emacs.md", "elisp", containing: "todofmt-buffer")))
        try check(scenario, file: "TODO.md", expectedInput: input + "- [ ] Added in emacs\n") {
            try scenario.run(emacs, ["--batch", "-Q", "-l", "recipe.el", "--eval",
                                     "(progn (find-file \"TODO.md\") (goto-char (point-max)) (insert \"- [ ] Added in emacs\\n\") (save-buffer))"])
        }
    }
}
