import XCTest
@testable import todofmt

/// How `todofmt lsp` cuts its input into messages: whole messages out whatever the chunks, one error for a
/// bad header and then the next message read as if nothing had happened, and no waiting for what cannot come.
final class MessageFramingTests: XCTestCase {
    private func framed(_ body: String) -> [UInt8] { Array(MessageFraming.frame(body).utf8) }

    /// Everything `framing` gives for `chunks`, fed one after another: bodies as text, errors as "bad".
    private func read(_ chunks: [[UInt8]], limit: Int = 1 << 20) -> [String] {
        var framing = MessageFraming(lengthLimit: limit)
        var out: [String] = []
        for chunk in chunks {
            framing.append(chunk)
            reading: while true {
                switch framing.next() {
                case .message(let body): out.append(String(decoding: body, as: UTF8.self))
                case .badHeader: out.append("bad")
                case .needMore: break reading
                }
            }
        }
        return out
    }

    func testMessagesComeOutWholeWhateverTheChunks() {
        let stream = framed("{\"a\":1}") + Array("Content-Type: application/vscode-jsonrpc\r\ncontent-length:  2 \r\n\r\n[]".utf8)
        XCTAssertEqual(read([stream]), ["{\"a\":1}", "[]"])
        XCTAssertEqual(read(stream.map { [$0] }), ["{\"a\":1}", "[]"], "one byte at a time")
    }

    func testAStrayNewlineIsOneErrorAndTheNextMessageIsRead() {
        XCTAssertEqual(read([Array("\n".utf8), framed("{}"), framed("[1]")]), ["bad", "{}", "[1]"])
        XCTAssertEqual(read([Array("\n".utf8) + framed("{}") + framed("[1]")]), ["bad", "{}", "[1]"])
    }

    func testABadOrMissingLengthSkipsToTheNextContentLengthHeader() {
        let bad = Array("Content-Length: twelve\r\n\r\n{\"lost\":true}".utf8)
        XCTAssertEqual(read([bad + framed("{}")]), ["bad", "{}"])
        let missing = Array("Content-Type: x\r\n\r\n{\"lost\":true}".utf8)
        XCTAssertEqual(read([missing, framed("{}")]), ["bad", "{}"])
        let negative = Array("Content-Length: -3\r\n\r\nabc".utf8)
        XCTAssertEqual(read([negative + framed("{}")]), ["bad", "{}"])
    }

    func testALengthOverTheLimitIsRefusedAtOnceWithoutWaitingForItsBody() {
        XCTAssertEqual(read([Array("Content-Length: 4000000000\r\n\r\n".utf8)], limit: 128 << 20), ["bad"])
        XCTAssertEqual(read([Array("Content-Length: 101\r\n\r\n".utf8) + [UInt8](repeating: 0x20, count: 101) + framed("{}")], limit: 100),
                       ["bad", "{}"])
        var framing = MessageFraming(lengthLimit: 128 << 20)
        framing.append(Array("Content-Length: 99999999999999999999999999\r\n\r\n".utf8))
        XCTAssertEqual(framing.next(), .badHeader("a message longer than 128 MiB, the limit of a todo file"))
    }

    func testAHeaderThatNeverEndsIsRefusedPastItsLimit() {
        let long = Array("X-Long: ".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: MessageFraming.headerLimit + 1)
        XCTAssertEqual(read([long, framed("{}")]), ["bad", "{}"])
    }

    func testAHeaderStillArrivingIsWaitedFor() {
        var framing = MessageFraming(lengthLimit: 100)
        framing.append(Array("Content-Len".utf8))
        XCTAssertEqual(framing.next(), .needMore)
        framing.append(Array("gth: 2\r".utf8))
        XCTAssertEqual(framing.next(), .needMore)
        framing.append(Array("\n\r\n[".utf8))
        XCTAssertEqual(framing.next(), .needMore)
        XCTAssertTrue(framing.hasPartialMessage)
        framing.append(Array("]".utf8))
        XCTAssertEqual(framing.next(), .message(Array("[]".utf8)))
        XCTAssertFalse(framing.hasPartialMessage)
    }

    // MARK: Properties over random byte streams

    /// A small seeded generator (SplitMix64), so every run reads the same streams.
    private struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Bytes that are no message: noise, stray line breaks, header-like lines, bad and huge lengths. None of
    /// them spells `Content-Length:` with a good length, so none can be taken for a message.
    private func garbage(_ random: inout Seeded) -> [UInt8] {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return (0..<Int.random(in: 1...40, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
        case 1: return Array(["\n", "\r\n", "\r\n\r\n", "\r", " "].randomElement(using: &random)!.utf8)
        case 2: return Array("Content-Length: \(["", "x", "-1", "1e3", "4000000000", "12 34"].randomElement(using: &random)!)\r\n\r\n".utf8)
        case 3: return Array("X-Other: \(Int.random(in: 0...99, using: &random))\r\n\r\n{\"lost\":1}".utf8)
        case 4: return Array("{\"jsonrpc\":\"2.0\"}\r\n".utf8)
        default: return Array("content-LENGTH".utf8)
        }
    }

    /// Random messages with random garbage between them, cut into random chunks: every message comes out, in
    /// order and unchanged, and nothing else but errors.
    func testEveryMessageAfterAnyGarbageComesOutInOrder() {
        var random = Seeded(state: 0x1F5A_2026)
        for round in 0..<2_000 {
            var stream: [UInt8] = []
            var bodies: [String] = []
            for k in 0..<Int.random(in: 1...6, using: &random) {
                if Bool.random(using: &random) { stream += garbage(&random) }
                let body = "{\"id\":\(round * 10 + k),\"text\":\"" + String(repeating: "é", count: Int.random(in: 0...30, using: &random)) + "\"}"
                bodies.append(body)
                stream += framed(body)
            }
            var chunks: [[UInt8]] = []
            var at = 0
            while at < stream.count {
                let size = Int.random(in: 1...max(1, stream.count / 3), using: &random)
                chunks.append(Array(stream[at..<min(stream.count, at + size)]))
                at += size
            }
            let out = read(chunks, limit: 1000)
            XCTAssertEqual(out.filter { $0 != "bad" }, bodies, "round \(round): \(String(decoding: stream, as: UTF8.self).debugDescription)")
            if out.filter({ $0 != "bad" }) != bodies { return }
        }
    }

    /// Any bytes at all, in any chunks: the framing ends every stream (no loop, no crash), and what it still
    /// waits for at the end is a header being written or a body whose length is within the limit.
    func testAnyBytesEndWithoutWaitingForWhatCannotCome() {
        var random = Seeded(state: 0xF0_22)
        for round in 0..<2_000 {
            var stream: [UInt8] = []
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                stream += Bool.random(using: &random) ? garbage(&random) : framed("{\"n\":\(round)}")
            }
            if Bool.random(using: &random) { stream += Array("Content-Length: \(Int.random(in: 0...200, using: &random))\r\n\r\n".utf8) }
            var framing = MessageFraming(lengthLimit: 100)
            var at = 0
            var steps = 0
            while at < stream.count {
                let size = Int.random(in: 1...16, using: &random)
                framing.append(Array(stream[at..<min(stream.count, at + size)]))
                at += size
                while framing.next() != .needMore {
                    steps += 1
                    XCTAssertLessThan(steps, stream.count + 10, "round \(round): every answer but needMore takes bytes")
                    if steps >= stream.count + 10 { return }
                }
            }
            // Whatever it waits for, a header's end and 101 more bytes (the limit is 100) end the wait.
            framing.append(Array("\r\n\r\n".utf8) + [UInt8](repeating: 0x20, count: 101))
            while framing.next() != .needMore {}
            XCTAssertFalse(framing.hasPartialMessage, "round \(round)")
        }
    }
}
