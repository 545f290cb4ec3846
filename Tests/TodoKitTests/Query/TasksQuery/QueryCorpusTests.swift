import Foundation
import TodoKit
import XCTest

/// The query blocks of every real note of the corpus (among them the plugin's sample vault, Tasks-Demo): each
/// is read, and every instruction of it is an instruction or a diagnostic that names why todofmt does not
/// take it; none is skipped, none crashes.
final class QueryCorpusTests: XCTestCase {
    func testEveryBlockOfTheCorpusIsReadOrRefusedForAReasonGiven() throws {
        var blocks = 0
        var refused: [String: Int] = [:]
        for url in try Corpus.files(in: "markdown") {
            let document = Document(parsing: try String(contentsOf: url, encoding: .utf8))
            for block in QueryBlock.all(in: document) {
                blocks += 1
                let query = TasksQuery(block.source, file: "Notes/\(url.lastPathComponent)", today: CalendarDate(year: 2025, month: 6, day: 25)!,
                                       properties: NoteProperties(of: document))
                for diagnostic in query.diagnostics {
                    XCTAssertTrue(block.line < diagnostic.line && diagnostic.line < block.endLine, "\(url.lastPathComponent): \(diagnostic)")
                    refused[diagnostic.message, default: 0] += 1
                }
                _ = query.run(on: QueryTask.tasks(of: document, path: "Notes/\(url.lastPathComponent)"))
                _ = query.explanation
            }
        }
        XCTAssertGreaterThan(blocks, 40)
        // What the notes hold that todofmt does not take, and nothing else.
        let presets = TasksQuery.defaultPresets.keys.sorted().joined(separator: ", ")
        XCTAssertEqual(refused, [
            // The two `filter by function` blocks are expressions todofmt runs; this `group by function` is not.
            "'.formatAsDateAndTime(…)' is not supported: todofmt runs only simple expressions": 1,
            "'sort by function' runs JavaScript, which todofmt does not; sort by a field instead": 5,
            // The sample vault defines these in its settings; the plugin's own presets are the others.
            "unknown preset 'daily_note_do_this_day' (the presets are \(presets))": 1,
            "unknown preset 'daily_note_done_this_day' (the presets are \(presets))": 1,
            "unknown preset 'daily_note_overdue' (the presets are \(presets))": 1,
            // The sample vault's styling note: `TQ_extra_instructions` says `hide task counts`.
            "the note's Query File Defaults: 's' after 'hide task count' is ignored, as the plugin ignores it": 18,
        ])
    }
}
