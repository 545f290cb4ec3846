import Foundation
import XCTest

/// The README's two five-minute tours print what they show: each `$` line of a tour's `console` blocks, pasted
/// into a shell one after another (a `cd` line moves the rest), prints exactly the lines under it. The todo file's
/// tour starts in an empty folder, the vault's in a home holding the vault its listing shows. The tours say their
/// day, 26 November 2026: the `todofmt` the lines find first on `PATH` runs the built one with `--today
/// 2026-11-26` before a command word (not before a formatter's options or files, which take no `--today`).
final class ReadmeTourTests: XCTestCase {
    /// One `$` line of a tour and what the README shows under it.
    struct Step {
        var command: String
        var shown: String
    }

    /// The steps of the `console` blocks of README's section `title`, in order.
    static func steps(ofSection title: String) throws -> [Step] {
        let readme = try String(contentsOf: Todofmt.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        var steps: [Step] = []
        var inSection = false, inBlock = false, inConsole = false
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inBlock.toggle()
                inConsole = inBlock && line == "```console"
            } else if !inBlock, line.hasPrefix("## ") {
                inSection = line == "## \(title)"
            } else if inSection, inConsole, line.hasPrefix("$ ") {
                steps.append(Step(command: String(line.dropFirst(2)), shown: ""))
            } else if inSection, inConsole, !steps.isEmpty {
                steps[steps.count - 1].shown += line + "\n"
            }
        }
        return steps
    }

    /// A home folder whose `bin/todofmt` is the built todofmt on the tours' day.
    func home() throws -> TemporaryFolder {
        let home = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: home.path("bin"), withIntermediateDirectories: true)
        try home.write("""
            #!/bin/sh
            case $1 in
              -* | '') ;;
              *) [ -e "$1" ] || set -- --today 2026-11-26 "$@" ;;
            esac
            exec '\(Todofmt.executable.path)' "$@"

            """, to: "bin/todofmt", mode: 0o755)
        return home
    }

    /// Runs `steps` from `folder` and holds each to what the README shows.
    func follow(_ steps: [Step], from folder: URL, home: TemporaryFolder) throws {
        var folder = folder
        for step in steps {
            if step.command.hasPrefix("cd ") {
                let target = String(step.command.dropFirst(3)).replacingOccurrences(of: "~", with: home.url.path)
                folder = URL(fileURLWithPath: target, relativeTo: folder).standardizedFileURL
                XCTAssertEqual(step.shown, "", step.command)
                continue
            }
            let result = try Todofmt.runPasted(step.command, in: folder, environment: [
                "PATH": home.path("bin") + ":/usr/bin:/bin", "HOME": home.url.path, "XDG_STATE_HOME": home.path("state")])
            XCTAssertEqual(result.stderr, "", step.command)
            XCTAssertEqual(result.stdout, step.shown, step.command)
        }
    }

    func testTheTodoFileTourPrintsWhatItShowsInAnEmptyFolder() throws {
        let steps = try Self.steps(ofSection: "Five minutes with a todo file")
        XCTAssertGreaterThan(steps.count, 8)
        let home = try home()
        try FileManager.default.createDirectory(atPath: home.path("tour"), withIntermediateDirectories: true)
        try follow(steps, from: home.url.appendingPathComponent("tour"), home: home)
        XCTAssertEqual(try home.text("tour/TODO.md"), """
            # Home

            - [ ] (A) Pay rent +house due:2026-11-27
            - [x] 2026-11-26 Fix the tap +house @home

            # Work

            - [ ] Draft the budget +budget est:3h
            - [ ] Call mom @phone

            """)
    }

    func testTheVaultTourPrintsWhatItShowsInTheVaultItLists() throws {
        let steps = try Self.steps(ofSection: "Five minutes with a vault")
        XCTAssertGreaterThan(steps.count, 4)
        let home = try home()
        for folder in ["Vault/.obsidian/plugins/obsidian-tasks-plugin", "Vault/Projects", "Vault/Daily"] {
            try FileManager.default.createDirectory(atPath: home.path(folder), withIntermediateDirectories: true)
        }
        try home.write("{}\n", to: "Vault/.obsidian/plugins/obsidian-tasks-plugin/data.json")
        try home.write("""
            # Garden

            The beds by the fence first.

            - [ ] Rake the leaves 📅 2026-11-27
            - [ ] Order tulip bulbs #shopping

            ## Shed

            - [ ] Fix the door hinge ⏫

            """, to: "Vault/Projects/Garden.md")
        let daily = """
            # Thursday

            Met Dana about the budget.

            - [ ] Send Dana the figures 📅 2026-11-26
            - [x] Book the dentist ✅ 2026-11-25

            """
        try home.write(daily, to: "Vault/Daily/2026-11-26.md")
        try home.write("A note without tasks.\n", to: "Vault/Ideas.md")
        try follow(steps, from: home.url, home: home)
        XCTAssertEqual(try home.text("Vault/Daily/2026-11-26.md"), daily, "a note the tour did not edit")
        XCTAssertEqual(try home.text("Vault/Inbox.md"), "- [ ] Call the plumber 📅 2026-11-27\n")
    }
}
