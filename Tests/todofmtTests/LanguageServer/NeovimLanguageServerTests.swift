import Foundation
import XCTest

/// The README's Neovim setup, run as written in a headless Neovim against the built `todofmt lsp`: the editor
/// receives the diagnostics, `<Leader>x` ticks the task under the cursor through the code action (the right
/// one, in a file that is not canonical, where a line number taken before formatting would name another
/// task), and saving formats through the server with the cursor kept on its task.
final class NeovimLanguageServerTests: XCTestCase {
    /// Not canonical: a `*` bullet, no blank lines around the headings. Formatting adds a blank line above
    /// "Call mom", so its line number changes.
    let input = "# Home\n* [ ] Pay rent due:2026-02-30\n- [ ] Call mom\n## Work\n- [ ] Report\n"

    /// What the editor does, step by step, each result written to `results.txt`.
    let steps = #"""
        local out = {}
        local function say(key, value) table.insert(out, key .. '=' .. tostring(value)) end
        local ok = vim.wait(10000, function() return #vim.diagnostic.get(0) > 0 end, 50)
        say('diagnostics', ok and vim.diagnostic.get(0)[1].message or 'none')
        vim.api.nvim_win_set_cursor(0, { 3, 4 })
        vim.cmd('normal \\x')
        say('ticked', vim.api.nvim_buf_get_lines(0, 2, 3, false)[1])
        say('first', vim.api.nvim_buf_get_lines(0, 1, 2, false)[1])
        say('cursor after tick', vim.api.nvim_win_get_cursor(0)[1])
        vim.cmd('write')
        local row = vim.api.nvim_win_get_cursor(0)[1]
        say('cursor after save', row)
        say('line under cursor', vim.api.nvim_buf_get_lines(0, row - 1, row, false)[1])
        vim.fn.writefile(out, 'results.txt')
        vim.cmd('qa!')
        """#

    func testTheReadmeSetupTicksTheTaskUnderTheCursorAndFormatsOnSave() throws {
        guard let nvim = GitScenario.which("nvim") else { throw RequiredTool.missing("nvim") }
        let scenario = try GitScenario()
        try scenario.write("init.lua", try XCTUnwrap(EditorRecipeTests.block("lua"), "the README's Neovim setup"))
        try scenario.write("steps.lua", steps)
        try scenario.write("TODO.md", input)
        scenario.environment["PATH"] = GitScenario.todofmt.deletingLastPathComponent().path + ":" + (scenario.environment["PATH"] ?? "")
        let run = try scenario.run(nvim, ["--headless", "-u", "init.lua", "-i", "NONE", "TODO.md", "-c", "luafile steps.lua"])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        let results = Dictionary(try scenario.read("results.txt").split(separator: "\n").map { line -> (String, String) in
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(results["diagnostics"], "due:2026-02-30 is not a real date")
        let ticked = try XCTUnwrap(results["ticked"])
        XCTAssertTrue(ticked.range(of: #"^- \[x\] \d{4}-\d{2}-\d{2} Call mom$"#, options: .regularExpression) != nil, ticked)
        XCTAssertEqual(results["first"], "* [ ] Pay rent due:2026-02-30", "the task above is untouched")
        XCTAssertEqual(results["cursor after tick"], "3")
        // Saved in canonical form: the blank lines around the headings make "Call mom" line 4.
        let saved = try scenario.read("TODO.md")
        let canonical = try scenario.run(GitScenario.todofmt.path, ["--quiet", "--stdin-filepath", "TODO.md"],
                                         input: input.replacingOccurrences(of: "- [ ] Call mom", with: ticked))
        XCTAssertEqual(saved, canonical.stdout)
        XCTAssertTrue(saved.hasPrefix("# Home\n\n- [ ] Pay rent due:2026-02-30\n"), saved)
        XCTAssertEqual(results["cursor after save"], "4")
        XCTAssertEqual(results["line under cursor"], ticked)
    }
}
