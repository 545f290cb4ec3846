import Foundation
import XCTest

/// docs/editors/vim-ale.md's set-up (ALE, as Debian packages it), taken from the page into a clean home and run
/// as written in Vim against the built `todofmt lsp`. On a todo file: diagnostics arrive, `<Leader>x` ticks the
/// task under the cursor through the code action, `<C-x><C-o>` completes a tag key, and saving formats the file.
/// On a note of a vault: the server is rooted at the vault, and ticking a recurring Tasks task after its emoji
/// saves exactly the plugin's two lines. Each step waits, as long as it takes, for what it needs: a diagnostic,
/// the ticked line, the formatted file.
final class VimLanguageServerTests: XCTestCase {
    let steps = #"""
        let s:out = []
        function! s:Until(condition) abort
          while !eval(a:condition)
            sleep 10m
          endwhile
        endfunction
        call s:Until('!empty(ale#engine#GetLoclist(bufnr("")))')
        call add(s:out, 'diagnostics=' . ale#engine#GetLoclist(bufnr(''))[0].text)
        call cursor(3, 5)
        execute "normal \\x"
        call s:Until('getline(3) =~# "\\[x\\]"')
        call add(s:out, 'ticked=' . getline(3))
        call feedkeys("Go- [ ] Fix du\<C-x>\<C-o>", 'tx')
        call feedkeys("A2026-12-01\<Esc>", 'tx')
        call add(s:out, 'completed=' . getline('$'))
        write
        call s:Until('get(readfile("TODO.md"), 1, "x") ==# ""')
        call writefile(s:out, 'results.txt')
        qa!
        """#

    /// Vim, with ALE installed.
    private func vim() throws -> String {
        guard let vim = GitScenario.which("vim") else { throw RequiredTool.missing("vim") }
        guard FileManager.default.fileExists(atPath: "/usr/share/vim/vimfiles/pack/dist-bundle/opt/ale") else {
            throw RequiredTool.missing("vim-ale")
        }
        return vim
    }

    private func vimrc() throws -> String {
        try XCTUnwrap(EditorSession.snippet("vim-ale.md", "vim", containing: "ale#linter#Define"), "the page's set-up")
    }

    func testThePageSetupShowsDiagnosticsTicksCompletesAndFormatsOnSave() throws {
        let vim = try vim()
        let scenario = try EditorSession.scenario([".vimrc": try vimrc(), "steps.vim": steps])
        let run = try scenario.run(vim, ["-N", "-i", "NONE", "--not-a-term", "TODO.md", "-c", "source steps.vim"])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        let results = try EditorSession.results(scenario)
        XCTAssertEqual(results["diagnostics"], "due:2026-02-30 is not a real date")
        XCTAssertEqual(results["completed"], "- [ ] Fix due:2026-12-01")
        try EditorSession.assertTickedAndSaved(results, added: "- [ ] Fix due:2026-12-01", in: scenario)
    }

    let vaultSteps = #"""
        let s:out = []
        function! s:Until(condition) abort
          while !eval(a:condition)
            sleep 10m
          endwhile
        endfunction
        call add(s:out, 'filetype=' . &filetype)
        call cursor(3, 5)
        execute "normal \\x"
        call s:Until('getline(4) =~# "\\[x\\]"')
        call add(s:out, 'connections=' . join(keys(ale#lsp#GetConnections()), ','))
        write
        call s:Until('get(readfile(expand("%")), 3, "") =~# "\\[x\\]"')
        call writefile(s:out, 'results.txt')
        qa!
        """#

    func testThePageSetupTicksARecurringTaskOfAVaultNoteAndSavesThePluginsTwoLines() throws {
        let vim = try vim()
        let scenario = try EditorSession.vault([".vimrc": try vimrc(), "steps.vim": vaultSteps])
        let run = try scenario.run(vim, ["-N", "-i", "NONE", "--not-a-term", "vault/notes/Weekly.md", "-c", "source steps.vim"])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        let results = try EditorSession.results(scenario)
        XCTAssertEqual(results["filetype"], "markdown.todo")
        XCTAssertEqual(results["connections"], "todofmt:" + EditorSession.vaultPath(scenario))
        XCTAssertEqual(try scenario.read("vault/notes/Weekly.md"), EditorSession.weeklyNoteTicked)
    }
}
