import Foundation
import XCTest

/// docs/editors/neovim.md's set-up for Neovim 0.7, taken from the page into a clean home and run as written in a
/// headless Neovim against the built `todofmt lsp`. On a todo file: the editor receives the diagnostics, `<Leader>x` ticks the task under the cursor through the
/// code action (the right one, in a file that is not canonical, where a line number taken before formatting
/// would name another task), saving formats through the server with the cursor kept on its task, and
/// `<C-x><C-o>` completes a project. On a note of a vault: the server is rooted at the vault, and ticking a
/// recurring Tasks task saves exactly the plugin's two lines. Each step waits for what it needs (diagnostics, the
/// completed word) as long as it takes, so a loaded machine only makes it slower.
final class NeovimLanguageServerTests: XCTestCase {
    /// What the editor does, step by step in a coroutine, each result written to `results.txt`.
    let steps = #"""
        local out = {}
        local function say(key, value) table.insert(out, key .. '=' .. tostring(value)) end
        local co = coroutine.running()
        -- Waits until `ready()` holds, looking again each time one of `events` fires.
        local function await(events, ready)
          while not ready() do
            vim.api.nvim_create_autocmd(events, { once = true, callback = function()
              vim.schedule(function() coroutine.resume(co) end)
            end })
            coroutine.yield()
          end
        end
        await('DiagnosticChanged', function() return #vim.diagnostic.get(0) > 0 end)
        say('diagnostics', vim.diagnostic.get(0)[1].message)
        vim.api.nvim_win_set_cursor(0, { 3, 4 })
        vim.cmd('normal \\x')
        say('ticked', vim.api.nvim_buf_get_lines(0, 2, 3, false)[1])
        say('first', vim.api.nvim_buf_get_lines(0, 1, 2, false)[1])
        say('cursor after tick', vim.api.nvim_win_get_cursor(0)[1])
        vim.cmd('write')
        local row = vim.api.nvim_win_get_cursor(0)[1]
        say('cursor after save', row)
        say('line under cursor', vim.api.nvim_buf_get_lines(0, row - 1, row, false)[1])
        -- Completion: `+ho` typed on a new last line, then <C-x><C-o>; the one match is inserted.
        vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes('Go- [ ] Fix +ho<C-x><C-o>', true, false, true), 'n', false)
        await({ 'TextChangedI', 'TextChangedP' }, function() return vim.api.nvim_get_current_line():find('+house', 1, true) ~= nil end)
        say('completed', vim.api.nvim_get_current_line())
        vim.cmd('write')
        vim.fn.writefile(out, 'results.txt')
        vim.cmd('qa!')
        """#

    private func initLua() throws -> String {
        try XCTUnwrap(EditorSession.snippet("neovim.md", "lua", containing: "start_client"), "the page's set-up")
    }

    func testThePageSetupShowsDiagnosticsTicksCompletesAndFormatsOnSave() throws {
        guard let nvim = GitScenario.which("nvim") else { throw RequiredTool.missing("nvim") }
        let scenario = try EditorSession.scenario([".config/nvim/init.lua": try initLua(), "steps.lua": steps])
        scenario.environment["XDG_CONFIG_HOME"] = scenario.root.appendingPathComponent(".config").path
        let run = try scenario.run(nvim, ["--headless", "-i", "NONE", "TODO.md", "-c", #"lua coroutine.wrap(loadfile("steps.lua"))()"#])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        let results = try EditorSession.results(scenario)
        XCTAssertEqual(results["diagnostics"], "due:2026-02-30 is not a real date")
        XCTAssertEqual(results["first"], "* [ ] Pay rent due:2026-02-30 +house", "the task above is untouched")
        XCTAssertEqual(results["cursor after tick"], "3")
        // Saved in canonical form: the blank lines around the headings make "Call mom" line 4.
        XCTAssertEqual(results["cursor after save"], "4")
        XCTAssertEqual(results["line under cursor"], results["ticked"])
        XCTAssertEqual(results["completed"], "- [ ] Fix +house")
        try EditorSession.assertTickedAndSaved(results, added: "- [ ] Fix +house", in: scenario)
    }

    let vaultSteps = #"""
        local out = {}
        local function say(key, value) table.insert(out, key .. '=' .. tostring(value)) end
        local co = coroutine.running()
        local function await(events, ready)
          while not ready() do
            vim.api.nvim_create_autocmd(events, { once = true, callback = function()
              vim.schedule(function() coroutine.resume(co) end)
            end })
            coroutine.yield()
          end
        end
        -- The server has the buffer once it has published its diagnostics (none here).
        local published = false
        vim.api.nvim_create_autocmd('DiagnosticChanged', { callback = function() published = true end })
        await('DiagnosticChanged', function() return published end)
        local client = vim.lsp.get_active_clients()[1]
        say('root', client and client.config.root_dir)
        vim.api.nvim_win_set_cursor(0, { 3, 4 })
        vim.cmd('normal \\x')
        say('ticked', vim.api.nvim_buf_get_lines(0, 3, 4, false)[1])
        vim.cmd('write')
        vim.fn.writefile(out, 'results.txt')
        vim.cmd('qa!')
        """#

    func testThePageSetupTicksARecurringTaskOfAVaultNoteAndSavesThePluginsTwoLines() throws {
        guard let nvim = GitScenario.which("nvim") else { throw RequiredTool.missing("nvim") }
        let scenario = try EditorSession.vault([".config/nvim/init.lua": try initLua(), "steps.lua": vaultSteps])
        scenario.environment["XDG_CONFIG_HOME"] = scenario.root.appendingPathComponent(".config").path
        let run = try scenario.run(nvim, ["--headless", "-i", "NONE", "vault/notes/Weekly.md", "-c", #"lua coroutine.wrap(loadfile("steps.lua"))()"#])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        let results = try EditorSession.results(scenario)
        XCTAssertEqual(results["root"], EditorSession.vaultPath(scenario))
        XCTAssertEqual(try scenario.read("vault/notes/Weekly.md"), EditorSession.weeklyNoteTicked)
    }
}
