import Foundation
import XCTest

/// `todofmt lsp` started on a large folder and asked for symbols while it is still reading it, again and again:
/// the reading runs beside the requests, and the server must neither crash nor stop answering.
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
            // Asked from the first moment; each answer is a list (empty or not) until the last note is read.
            while true {
                let response = try client.request("workspace/symbol", ["query": "Task \(count - 1)"])
                XCTAssertNil(response["error"], "\(response)")
                let symbols = response["result"] as? [[String: Any]]
                XCTAssertNotNil(symbols, "\(response)")
                if symbols?.isEmpty == false {
                    XCTAssertEqual(symbols?.compactMap { $0["name"] as? String }, ["Task \(count - 1)"])
                    break
                }
            }
            _ = try client.request("shutdown", nil)
            client.notify("exit", [:])
            XCTAssertEqual(client.waitForExit(), 0)
        }
    }
}
