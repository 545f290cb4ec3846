import Foundation
import XCTest

/// `todofmt lsp` started on a large folder and asked for symbols while it is still reading it, ten starts over:
/// the reading runs beside the requests, the server must neither crash nor stop answering, and its answer waits
/// for the reading to end rather than saying "nothing" meanwhile.
/// `Scripts/sanitize` runs this against a build with AddressSanitizer too.
final class LanguageServerLargeWorkspaceTests: XCTestCase {
    func testTheServerAnswersWhileItReadsALargeFolderAndNeverCrashes() throws {
        let folder = try TemporaryFolder()
        let count = 2_000
        try GeneratedNotes.make(count, in: folder.url)
        for _ in 1...10 {
            let client = try LanguageServerClient()
            _ = try client.result(of: "initialize", ["processId": NSNull(), "capabilities": [String: Any](),
                                                     "workspaceFolders": [["uri": folder.url.absoluteString, "name": "notes"]]])
            client.notify("initialized", [:])
            // Asked from the first moment: the answer comes when the last note is read, and holds its task.
            let response = try client.request("workspace/symbol", ["query": "Task \(count - 1)"])
            XCTAssertNil(response["error"], "\(response)")
            let symbols = response["result"] as? [[String: Any]]
            XCTAssertEqual(symbols?.compactMap { $0["name"] as? String }, ["Task \(count - 1)"], "\(response)")
            _ = try client.request("shutdown", nil)
            client.notify("exit", [:])
            XCTAssertEqual(client.waitForExit(), 0)
        }
    }
}
