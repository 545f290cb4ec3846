import Foundation
import XCTest

/// docs/editors/emacs.md's eglot set-up (eglot as Debian packages it for Emacs 28), taken from the page into a
/// clean home's `init.el` and run as written in Emacs against the built `todofmt lsp`. On a todo file: Flymake
/// shows the diagnostics, `C-c x` ticks the task at point through the code action, `completion-at-point`
/// completes a tag key, and saving formats the buffer. On a note of a vault: the server's project is the vault,
/// and ticking a recurring Tasks task saves exactly the plugin's two lines. Emacs runs in batch mode after
/// activating its packages, as its start-up does; each step waits, as long as it takes, for what it needs.
final class EmacsLanguageServerTests: XCTestCase {
    let steps = #"""
        (defun todofmt-test-until (condition)
          (while (not (funcall condition)) (accept-process-output nil 0.01)))
        (defvar todofmt-test-results nil)
        (defun todofmt-test-say (key value) (push (format "%s=%s" key value) todofmt-test-results))
        (find-file "TODO.md")
        (run-hooks 'post-command-hook)  ; what the command loop does after a command: eglot-ensure connects here
        (todofmt-test-until (lambda () (flymake-diagnostics)))
        (todofmt-test-say "diagnostics" (flymake-diagnostic-text (car (flymake-diagnostics))))
        (goto-char (point-min)) (forward-line 2) (forward-char 4)
        (funcall (key-binding (kbd "C-c x")))
        (todofmt-test-say "ticked" (buffer-substring (line-beginning-position) (line-end-position)))
        (goto-char (point-max))
        (insert "- [ ] Fix du")
        (completion-at-point)
        (insert "2026-12-01\n")
        (todofmt-test-say "completed" (save-excursion (forward-line -1) (buffer-substring (line-beginning-position) (line-end-position))))
        (save-buffer)
        (with-temp-file "results.txt" (insert (mapconcat #'identity (reverse todofmt-test-results) "\n") "\n"))
        (kill-emacs 0)
        """#

    /// Emacs, with eglot installed.
    private func emacs(_ scenario: GitScenario) throws -> String {
        guard let emacs = GitScenario.which("emacs") else { throw RequiredTool.missing("emacs") }
        let eglot = try scenario.run(emacs, ["--batch", "--eval", "(progn (package-activate-all) (princ (if (locate-library \"eglot\") \"yes\" \"no\")))"])
        guard eglot.stdout == "yes" else { throw RequiredTool.missing("elpa-eglot") }
        return emacs
    }

    private func recipe() throws -> String {
        try XCTUnwrap(EditorSession.snippet("emacs.md", "elisp", containing: "eglot-server-programs"), "the page's set-up")
    }

    func testThePageSetupShowsDiagnosticsTicksCompletesAndFormatsOnSave() throws {
        let scenario = try EditorSession.scenario([".emacs.d/init.el": try recipe(), "steps.el": steps])
        let emacs = try emacs(scenario)
        let run = try scenario.run(emacs, ["--batch", "--eval", "(package-activate-all)", "-l", ".emacs.d/init.el", "-l", "steps.el"])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        let results = try EditorSession.results(scenario)
        XCTAssertEqual(results["diagnostics"], "todofmt [impossible-date]: due:2026-02-30 is not a real date")
        XCTAssertEqual(results["completed"], "- [ ] Fix due:2026-12-01")
        try EditorSession.assertTickedAndSaved(results, added: "- [ ] Fix due:2026-12-01", in: scenario)
    }

    let vaultSteps = #"""
        (defun todofmt-test-until (condition)
          (while (not (funcall condition)) (accept-process-output nil 0.01)))
        (defvar todofmt-test-results nil)
        (defun todofmt-test-say (key value) (push (format "%s=%s" key value) todofmt-test-results))
        (defvar todofmt-test-home default-directory)
        (find-file "vault/notes/Weekly.md")
        (run-hooks 'post-command-hook)  ; what the command loop does after a command: eglot-ensure connects here
        (todofmt-test-until (lambda () (eglot-current-server)))
        (todofmt-test-say "root" (directory-file-name (expand-file-name (project-root (eglot--project (eglot-current-server))))))
        (goto-char (point-min)) (forward-line 2) (forward-char 4)
        (funcall (key-binding (kbd "C-c x")))
        (save-buffer)
        (with-temp-file (expand-file-name "results.txt" todofmt-test-home)
          (insert (mapconcat #'identity (reverse todofmt-test-results) "\n") "\n"))
        (kill-emacs 0)
        """#

    func testThePageSetupTicksARecurringTaskOfAVaultNoteAndSavesThePluginsTwoLines() throws {
        let scenario = try EditorSession.vault([".emacs.d/init.el": try recipe(), "steps.el": vaultSteps])
        let emacs = try emacs(scenario)
        let run = try scenario.run(emacs, ["--batch", "--eval", "(package-activate-all)", "-l", ".emacs.d/init.el", "-l", "steps.el"])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        let results = try EditorSession.results(scenario)
        XCTAssertEqual(results["root"], EditorSession.vaultPath(scenario))
        XCTAssertEqual(try scenario.read("vault/notes/Weekly.md"), EditorSession.weeklyNoteTicked)
    }
}
