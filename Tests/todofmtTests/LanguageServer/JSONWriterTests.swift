import XCTest
@testable import todofmt

/// `JSONWriter` writes what `JSONReader` reads back as the same value, integers digit for digit.
final class JSONWriterTests: XCTestCase {
    func testIntegersAreWrittenAsTheirDecimalDigits() {
        let numbers = [0, 7, -7, 10, 99, 100, -100, 123_456_789, Int.max, Int.min]
        XCTAssertEqual(JSONWriter.text(.integers(numbers)), "[" + numbers.map(String.init).joined(separator: ",") + "]")
        XCTAssertEqual(JSONWriter.text(.array(numbers.map { .int($0) })), JSONWriter.text(.integers(numbers)))
        XCTAssertEqual(JSONWriter.text(.integers([])), "[]")
    }

    func testAWrittenMessageReadsBackAsItWas() throws {
        let value: JSONValue = .object([("id", .int(-12)), ("data", .integers([1, 0, 3])), ("text", .string("é \"q\"\n"))])
        let read = try JSONReader.value(Array(JSONWriter.text(value).utf8))
        XCTAssertEqual(read["id"]?.int, -12)
        XCTAssertEqual(read["data"]?.array?.compactMap(\.int), [1, 0, 3])
        XCTAssertEqual(read["text"]?.string, "é \"q\"\n")
    }
}
