import Foundation
import XCTest

/// Golden fixture pairs: `Fixtures/GROUP/NAME.input` and `NAME.golden`.
///
/// The first line of an input may be a header, `#! todofmt FLAGS…`, giving the flags for that case; it is
/// removed before the input is used. Set `TODOFMT_RECORD=1` to write the goldens from the current output
/// (then review the diff before committing).
struct GoldenFixture {
    var name: String
    var input: String
    var flags: [String]
    var inputURL: URL
    var goldenURL: URL

    static let headerPrefix = "#! todofmt"
    static let directory = Corpus.packageRoot.appendingPathComponent("Tests/TodoKitTests/Fixtures")
    static var isRecording: Bool { ProcessInfo.processInfo.environment["TODOFMT_RECORD"] == "1" }

    /// Every fixture of a group, sorted by name.
    static func all(in group: String) throws -> [GoldenFixture] {
        let folder = directory.appendingPathComponent(group)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".input") }.sorted()
        return try names.map { file in
            let inputURL = folder.appendingPathComponent(file)
            let raw = String(decoding: try Data(contentsOf: inputURL), as: UTF8.self)
            var input = raw
            var flags: [String] = []
            if raw.hasPrefix(headerPrefix) {
                let end = raw.firstIndex(of: "\n") ?? raw.endIndex
                flags = raw[raw.index(raw.startIndex, offsetBy: headerPrefix.count)..<end]
                    .split(separator: " ").map(String.init)
                input = end == raw.endIndex ? "" : String(raw[raw.index(after: end)...])
            }
            let name = String(file.dropLast(".input".count))
            return GoldenFixture(name: name, input: input, flags: flags, inputURL: inputURL,
                                 goldenURL: folder.appendingPathComponent(name + ".golden"))
        }
    }

    /// The value after `--name` in the flags, if present.
    func value(of option: String) -> String? {
        guard let index = flags.firstIndex(of: option), index + 1 < flags.count else { return nil }
        return flags[index + 1]
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// Compares `output` with the golden file, or records it when recording.
    func assertMatchesGolden(_ output: String, file: StaticString = #filePath, line: UInt = #line) throws {
        if GoldenFixture.isRecording {
            try Data(output.utf8).write(to: goldenURL)
            return
        }
        guard let golden = try? Data(contentsOf: goldenURL) else {
            XCTFail("\(name): no golden file; run with TODOFMT_RECORD=1 to record it", file: file, line: line)
            return
        }
        let expected = String(decoding: golden, as: UTF8.self)
        if output != expected {
            XCTFail("\(name): output differs from \(goldenURL.lastPathComponent)\n--- expected\n\(expected)\n+++ actual\n\(output)",
                    file: file, line: line)
        }
    }
}
