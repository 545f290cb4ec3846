import Foundation
import XCTest

/// The README's Emacs setup (eglot, as Debian packages it for Emacs 28), copied into a clean home's `init.el` and
/// run as written in Emacs against the built `todofmt lsp`: Flymake shows the diagnostics, `C-c x` ticks the
/// task at point through the code action, `completion-at-point` completes a tag key, and saving formats the
/// buffer. Emacs runs in batch mode after activating its packages, as its start-up does; each step waits, as
/// long as it takes, for what it needs.
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

    func testTheReadmeSetupShowsDiagnosticsTicksCompletesAndFormatsOnSave() throws {
        guard let emacs = GitScenario.which("emacs") else { throw RequiredTool.missing("emacs") }
        let recipe = try XCTUnwrap(EditorRecipeTests.block("elisp", containing: "eglot-server-programs"), "the README's Emacs setup")
        let scenario = try EditorSession.scenario([".emacs.d/init.el": recipe, "steps.el": steps])
        let eglot = try scenario.run(emacs, ["--batch", "--eval", "(progn (package-activate-all) (princ (if (locate-library \"eglot\") \"yes\" \"no\")))"])
        guard eglot.stdout == "yes" else { throw RequiredTool.missing("elpa-eglot") }
        let run = try scenario.run(emacs, ["--batch", "--eval", "(package-activate-all)", "-l", ".emacs.d/init.el", "-l", "steps.el"])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        let results = try EditorSession.results(scenario)
        XCTAssertEqual(results["diagnostics"], "todofmt [impossible-date]: due:2026-02-30 is not a real date")
        XCTAssertEqual(results["completed"], "- [ ] Fix due:2026-12-01")
        try EditorSession.assertTickedAndSaved(results, added: "- [ ] Fix due:2026-12-01", in: scenario)
    }
}
