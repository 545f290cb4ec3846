import Foundation
import TodoKit
import XCTest

/// The merge beside git's own line merge (`git merge-file`), on random three-way inputs where many tasks share a
/// text (`RandomMergeScenario`): wherever the two disagree and todofmt reports no conflict, todofmt's result
/// must be explained task by task (`MergeExplanation`). Every clean result is held to the explanation first,
/// and git is asked only about those it does not explain (running git for each merge would take far longer);
/// both sides' orders are tried.
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
        /// Clean, and explained task by task.
        var explained = 0
        /// Clean, not explained, and git's own clean merge.
        var asGit = 0

        var description: String {
            "\(merges) merges: \(conflicts) with conflicts, \(explained) clean and explained, \(asGit) clean, unexplained and as git's"
        }
    }

    func testMarkdownMergesThatDifferFromGitsAreExplainedTaskByTask() throws {
        let tally = try check(.markdown, seed: Self.seed)
        XCTAssertGreaterThan(tally.explained, tally.merges / 3, "the property checks too few merges: \(tally)")
    }

    func testTodoTxtMergesThatDifferFromGitsAreExplainedTaskByTask() throws {
        let tally = try check(.todotxt, seed: Self.seed &+ 1)
        XCTAssertGreaterThan(tally.explained, tally.merges / 3, "the property checks too few merges: \(tally)")
    }

    /// One clean merge that no explanation gives: the scenario (with the sides maybe swapped), todofmt's result
    /// and why it is not explained.
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
                let result = ThreeWayMerge.merge(base: scenario.base, ours: ours, theirs: theirs, format: format)
                tally.merges += 1
                if result.hasConflicts {
                    tally.conflicts += 1
                    continue
                }
                guard let failure = MergeExplanation.failure(base: scenario.base, ours: ours, theirs: theirs, merged: result.text,
                                                             format: format, rewords: scenario.rewords) else {
                    tally.explained += 1
                    continue
                }
                unexplained.append(Unexplained(number: n, swapped: swapped, scenario: scenario, ours: ours, theirs: theirs,
                                               merged: result.text, failure: failure))
            }
        }
        let gits = unexplained.isEmpty ? [] : try GitMergeFile().merge(unexplained.map { ($0.scenario.base, $0.ours, $0.theirs) }, format: format)
        var failures = 0
        for (merge, git) in zip(unexplained, gits) {
            if git.clean, git.text == merge.merged {
                tally.asGit += 1
                continue
            }
            failures += 1
            guard failures <= Self.shown else { continue }
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
        XCTAssertEqual(failures, 0, "\(failures) merges are neither explained nor git's; \(tally)")
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
