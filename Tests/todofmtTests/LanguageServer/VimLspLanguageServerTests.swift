import Foundation
import XCTest

/// docs/editors/vim-lsp.md's set-up, taken from the page into a clean home's `.vimrc`, with vim-lsp installed as
/// the page says (Vim's own packages; Scripts/install-test-tools fetches it), run in Vim against the built
/// `todofmt lsp` on a note of a vault: the server's root is the vault, `<Leader>x` ticks a recurring Tasks task
/// after its emoji, and `:w` saves exactly the two lines the plugin writes. Each step waits, as long as it takes,
/// for what it needs.
final class VimLspLanguageServerTests: XCTestCase {
    static let vimLsp = "/usr/local/share/todofmt-test-tools/vim-lsp"

    let steps = #"""
        let s:out = []
        function! s:Until(condition) abort
          while !eval(a:condition)
            sleep 10m
          endwhile
        endfunction
        " The steps run as a -c command, before Vim's start ends with VimEnter, where vim-lsp enables itself.
        call lsp#enable()
        call s:Until('lsp#get_server_status("todofmt") ==# "running"')
        let s:info = lsp#get_server_info('todofmt')
        call add(s:out, 'root=' . lsp#utils#uri_to_path(s:info.root_uri(s:info)))
        call add(s:out, 'filetype=' . &filetype)
        call cursor(3, 5)
        execute "normal \\x"
        call s:Until('getline(4) =~# "\\[x\\]"')
        write
        call writefile(s:out, 'results.txt')
        qa!
        """#

    func testThePageSetupTicksARecurringTaskOfAVaultNoteAndSavesThePluginsTwoLines() throws {
        guard let vim = GitScenario.which("vim") else { throw RequiredTool.missing("vim") }
        guard FileManager.default.fileExists(atPath: Self.vimLsp + "/autoload/lsp.vim") else { throw RequiredTool.unpackaged("vim-lsp", installHint: "Scripts/install-test-tools clones it; VIM_LSP_SOURCE names a clone") }
        let vimrc = try XCTUnwrap(EditorSession.snippet("vim-lsp.md", "vim", containing: "lsp#register_server"), "the page's set-up")
        let scenario = try EditorSession.vault([".vimrc": vimrc, "steps.vim": steps])
        // Installed as the page says: a package that Vim loads at start.
        try FileManager.default.createDirectory(at: scenario.root.appendingPathComponent(".vim/pack/plugins/start"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: scenario.root.appendingPathComponent(".vim/pack/plugins/start/vim-lsp").path,
                                                   withDestinationPath: Self.vimLsp)
        let run = try scenario.run(vim, ["-N", "-i", "NONE", "--not-a-term", "vault/notes/Weekly.md", "-c", "source steps.vim"])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        let results = try EditorSession.results(scenario)
        XCTAssertEqual(results["root"], EditorSession.vaultPath(scenario))
        XCTAssertEqual(results["filetype"], "markdown.todo")
        XCTAssertEqual(try scenario.read("vault/notes/Weekly.md"), EditorSession.weeklyNoteTicked)
    }
}
