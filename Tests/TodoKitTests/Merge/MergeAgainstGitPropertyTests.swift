import Foundation
import TodoKit
import XCTest

/// The merge on random three-way inputs where many tasks share a text (`RandomMergeScenario`: ticks and
/// completions on a day, recurring tasks completed on both sides, rewordings, deletions, priorities in every form,
/// due dates, moves, a task moved while one of its text is added in its place, subtasks, notes), held to what
/// each side meant: the scenario's model knows which task each side changed, and a clean result must be what those
/// changes give under the merge's rules (`RandomMergeScenario.unexplained`). Where what the sides meant cannot
/// be read from the files, only a conflict passes. Each failure is shown beside `git merge-file`'s merge of the
/// same files. Both sides' orders are tried.
///
/// Seeded and fixed in size, so a run takes a few seconds; `TODOFMT_MERGE_CASES=N` runs N inputs of each
/// format instead, and `TODOFMT_MERGE_SEED` starts elsewhere.
final class MergeAgainstGitPropertyTests: XCTestCase {
    static let environment = ProcessInfo.processInfo.environment
    static let cases = environment["TODOFMT_MERGE_CASES"].flatMap(Int.init) ?? 100
    static let seed = environment["TODOFMT_MERGE_SEED"].flatMap(UInt64.init) ?? 31
    /// How many failing merges a run shows (`TODOFMT_MERGE_SHOWN`).
    static let shown = environment["TODOFMT_MERGE_SHOWN"].flatMap(Int.init) ?? 3

    /// How the merges of one run went.
    struct Tally: CustomStringConvertible {
        var merges = 0
        var conflicts = 0
        /// Clean, and what the sides meant.
        var explained = 0
        /// Clean, and what the sides meant, where both sides completed one recurring task.
        var bothCompletedARecurringTask = 0
        /// Clean, and not what the sides meant.
        var unexplained = 0

        var description: String {
            "\(merges) merges: \(conflicts) with conflicts, \(explained) clean and what the sides meant "
                + "(\(bothCompletedARecurringTask) of them with a recurring task completed on both sides), \(unexplained) clean and not"
        }
    }

    func testMarkdownMergesAreCleanOnlyWhereTheyAreWhatTheSidesMeant() throws {
        let tally = try check(.markdown, seed: Self.seed)
        XCTAssertGreaterThan(tally.explained, tally.merges / 3, "the property checks too few merges: \(tally)")
        XCTAssertGreaterThan(tally.bothCompletedARecurringTask, 0, "no merge completes a recurring task on both sides: \(tally)")
    }

    func testTodoTxtMergesAreCleanOnlyWhereTheyAreWhatTheSidesMeant() throws {
        let tally = try check(.todotxt, seed: Self.seed &+ 1)
        XCTAssertGreaterThan(tally.explained, tally.merges / 3, "the property checks too few merges: \(tally)")
    }

    /// One clean merge that is not what the sides meant: the scenario (with the sides maybe swapped), todofmt's
    /// result and why.
    private struct Unexplained {
        var number: Int
        var swapped: Bool
        var scenario: RandomMergeScenario
        var ours: String
        var theirs: String
        var merged: String
        var failure: String
        var oursEdits: [String] { swapped ? scenario.theirsEdits : scenario.oursEdits }
        var theirsEdits: [String] { swapped ? scenario.oursEdits : scenario.theirsEdits }
    }

    private func check(_ format: FileFormat, seed: UInt64) throws -> Tally {
        var rng = SplitMix64(seed: seed)
        var tally = Tally()
        var unexplained: [Unexplained] = []
        for n in 0..<Self.cases {
            let scenario = RandomMergeScenario(format: format, using: &rng)
            for swapped in [false, true] {
                let (ours, theirs) = swapped ? (scenario.theirs, scenario.ours) : (scenario.ours, scenario.theirs)
                let result = try ThreeWayMerge.merge(base: scenario.base, ours: ours, theirs: theirs, format: format)
                tally.merges += 1
                if result.hasConflicts {
                    tally.conflicts += 1
                    continue
                }
                guard let failure = scenario.unexplained(merged: result.text, swapped: swapped) else {
                    tally.explained += 1
                    if scenario.completesARecurringTaskOnBothSides { tally.bothCompletedARecurringTask += 1 }
                    continue
                }
                tally.unexplained += 1
                unexplained.append(Unexplained(number: n, swapped: swapped, scenario: scenario, ours: ours, theirs: theirs,
                                               merged: result.text, failure: failure))
            }
        }
        let shown = Array(unexplained.prefix(Self.shown))
        let gits = shown.isEmpty ? [] : try GitMergeFile().merge(shown.map { ($0.scenario.base, $0.ours, $0.theirs) }, format: format)
        for (merge, git) in zip(shown, gits) {
            XCTFail("""
                case \(merge.number)\(merge.swapped ? " (sides swapped)" : ""): \(merge.failure)
                ours: \(merge.oursEdits.joined(separator: "; "))
                theirs: \(merge.theirsEdits.joined(separator: "; "))
                --- base
                \(merge.scenario.base)--- ours
                \(merge.ours)--- theirs
                \(merge.theirs)--- todofmt
                \(merge.merged)--- git\(git.clean ? "" : " (conflicts)")
                \(git.text)
                """)
        }
        XCTAssertEqual(tally.unexplained, 0, "\(tally.unexplained) clean merges are not what the sides meant; \(tally)")
        print("MergeAgainstGitPropertyTests, \(format): \(tally)")
        return tally
    }
}

/// `git merge-file`, run on three versions written to a folder of its own (removed with the value).
final class GitMergeFile {
    let folder: URL
    let git: URL

    init() throws {
        guard let git = ["/usr/bin/git", "/usr/local/bin/git", "/bin/git"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            if ProcessInfo.processInfo.environment["CI"] == "true" {
                throw GitMissing()
            }
            throw XCTSkip("git is not installed")
        }
        self.git = URL(fileURLWithPath: git)
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("todofmt-merge-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    struct GitMissing: Error, CustomStringConvertible {
        var description: String { "git is not installed: CI needs it (Scripts/install-test-tools installs it)" }
    }

    /// git's merge of each three texts (base, ours, theirs): the merged text (with markers) and whether it is
    /// clean. One shell runs them all: a process for each would take far longer.
    func merge(_ inputs: [(base: String, ours: String, theirs: String)], format: FileFormat) throws -> [(text: String, clean: Bool)] {
        let suffix = format == .markdown ? "md" : "txt"
        for (k, input) in inputs.enumerated() {
            for (name, text) in [("base", input.base), ("ours", input.ours), ("theirs", input.theirs)] {
                let path = folder.appendingPathComponent("\(k).\(name).\(suffix)").path
                guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else { throw GitFailed(description: "cannot write \(path)") }
            }
        }
        let script = """
            for k in $(seq 0 \(inputs.count - 1)); do
              "$0" merge-file -p -L ours -L base -L theirs $k.ours.\(suffix) $k.base.\(suffix) $k.theirs.\(suffix) > $k.merged
              echo $? > $k.status
            done
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, git.path]
        process.currentDirectoryURL = folder
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return try inputs.indices.map { k in
            let status = String(decoding: try Data(contentsOf: folder.appendingPathComponent("\(k).status")), as: UTF8.self)
            guard let code = Int(status.trimmingCharacters(in: .whitespacesAndNewlines)), code >= 0, code < 128 else {
                throw GitFailed(description: "git merge-file failed on input \(k) (\(status))")
            }
            return (String(decoding: try Data(contentsOf: folder.appendingPathComponent("\(k).merged")), as: UTF8.self), code == 0)
        }
    }

    struct GitFailed: Error, CustomStringConvertible {
        var description: String
    }
}
