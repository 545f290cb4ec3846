@testable import TodoKit
import XCTest

/// After a sort, safe mode compares tasks as a multiset through hash values, and confirms every match by
/// comparing the tasks themselves.
final class TaskIdentitiesTests: XCTestCase {
    private func sortedDifference(_ before: String, _ after: String, format: FileFormat = .markdown) -> String? {
        let original = Document(parsing: before, format: format)
        return MeaningCheck.multisetDifference(TaskIdentities(of: original), and: Document(parsing: after, format: format))
    }

    func testReorderedSiblingsAndSubtreesAreTheSameTasks() {
        let before = "# A\n\n- [ ] b\n  - [ ] y\n    note\n  - [ ] x\n- [x] a\n\n# B\n\n- [ ] c\n"
        let after = "# A\n\n- [x] a\n- [ ] b\n  - [ ] x\n  - [ ] y\n    note\n\n# B\n\n- [ ] c\n"
        XCTAssertNil(sortedDifference(before, after))
    }

    func testEveryKindOfChangeIsFoundWhenOrderDoesNotMatter() {
        let before = "# A\n\n- [ ] (B) one\n  note\n- [ ] two\n  - [ ] child\n- [ ] three\n\n# B\n\n- [ ] four\n"
        let cases: [(String, String)] = [
            ("# A\n\n- [ ] (B) one\n  note\n- [x] two\n  - [ ] child\n- [ ] three\n\n# B\n\n- [ ] four\n",
             "task on line 5 changed from open to done"),
            ("# A\n\n- [ ] (B) one\n  note\n- [ ] two\n  - [ ] child\n\n# B\n\n- [ ] four\n",
             "task on line 7 (\"three\") was lost"),
            ("# A\n\n- [ ] (B) one\n  note\n  - [ ] child\n- [ ] two\n- [ ] three\n\n# B\n\n- [ ] four\n",
             "task on line 6 moved under another task"),
            ("# A\n\n- [ ] (B) one\n  other note\n- [ ] two\n  - [ ] child\n- [ ] three\n\n# B\n\n- [ ] four\n",
             "task on line 3 changed its note \"note\" to \"other note\""),
            ("# A\n\n- [ ] (B) one\n  note\n- [ ] two\n  - [ ] child\n- [ ] four\n\n# B\n\n- [ ] three\n",
             "task on line 7 moved from list \"A\" to \"B\""),
            ("# A\n\n- [ ] (A) one\n  note\n- [ ] two\n  - [ ] child\n- [ ] three\n\n# B\n\n- [ ] four\n",
             "task on line 3 changed priority from (B) to (A)"),
        ]
        for (after, expected) in cases {
            XCTAssertEqual(sortedDifference(before, after), expected, after)
        }
    }

    func testAnUnknownCheckboxCharacterIsComparedAsWritten() {
        XCTAssertNotNil(sortedDifference("- [?] a\n- [é] b\n", "- [é] a\n- [?] b\n"))
        XCTAssertNil(sortedDifference("- [é] b\n- [?] a\n", "- [?] a\n- [é] b\n"))
        XCTAssertNil(sortedDifference("- [X] a\n", "- [x] a\n"))
    }

    func testTodoTxtTasksAreComparedAsAMultiset() {
        XCTAssertNil(sortedDifference("b +p\n(A) a\nb +p\n", "(A) a\nb +p\nb +p\n", format: .todotxt))
        XCTAssertEqual(sortedDifference("b +p\n(A) a\nb +p\n", "(A) a\nb +p\n", format: .todotxt), "task on line 3 (\"b +p\") was lost")
        XCTAssertEqual(sortedDifference("x 2026-01-02 a\n", "x 2026-01-03 a\n", format: .todotxt),
                       "task on line 1 changed its completion date")
    }

    func testManyTasksAreSortedByKeyAndComparedInFull() {
        var before = "", after = ""
        for n in 0..<5000 { before += "- [ ] task \(n % 97) of \(n / 97)\n  note \(n)\n" }
        for n in (0..<5000).reversed() { after += "- [ ] task \(n % 97) of \(n / 97)\n  note \(n)\n" }
        XCTAssertNil(sortedDifference(before, after))
        let changed = after.replacingOccurrences(of: "  note 1234\n", with: "  note 1235\n")
        XCTAssertEqual(sortedDifference(before, changed), "task on line 2469 changed its note \"note 1234\" to \"note 1235\"")
    }

    func testKeysAreSortedWithTheTaskEachCameFrom() {
        let keys: [UInt64] = (0..<10_000).map { UInt64($0) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64($0 % 7) << 60 }
        let identities = TaskIdentities(keys: keys, seed: 0)
        XCTAssertEqual(identities.sortedKeys, keys.sorted())
        XCTAssertEqual(identities.order.map { keys[Int($0)] }, identities.sortedKeys)
        // Each task's key is found again from the sorted keys.
        XCTAssertEqual(identities.keys, keys)
        XCTAssertEqual(keys.indices.map(identities.key), keys)
    }

    // MARK: Confirmation, independent of the hash

    private func confirmed(_ before: String, _ after: String, keys: [UInt64], _ otherKeys: [UInt64]) -> Bool {
        let a = TaskSignatures(document: Document(parsing: before)), b = TaskSignatures(document: Document(parsing: after))
        let records = a.withCommonStorage { TaskRecords(a) }
        return records.withBytes { mine in
            b.withCommonStorage {
                MeaningCheck.confirmed(mine, TaskIdentities(keys: keys, seed: 9), b, TaskIdentities(keys: otherKeys, seed: 9))
            }
        }
    }

    func testEqualKeysOfDifferentTasksAreNotTakenAsAMatch() {
        // Keys that collide for every task: only the comparison of the tasks themselves tells them apart.
        XCTAssertFalse(confirmed("- [ ] a\n", "- [ ] b\n", keys: [0], [0]))
        XCTAssertFalse(confirmed("- [ ] a\n  one\n", "- [ ] a\n  two\n", keys: [0], [0]))
        XCTAssertFalse(confirmed("- [ ] a\n", "- [x] a\n", keys: [0], [0]))
        XCTAssertFalse(confirmed("# A\n- [ ] a\n", "# B\n- [ ] a\n", keys: [0], [0]))
        // The same tasks paired up, but one key standing for two meanings: not trusted either.
        XCTAssertFalse(confirmed("- [ ] a\n- [ ] b\n", "- [ ] a\n- [ ] b\n", keys: [0, 0], [0, 0]))
        // Parents of different keys.
        XCTAssertFalse(confirmed("- [ ] p\n  - [ ] c\n- [ ] q\n", "- [ ] p\n- [ ] q\n  - [ ] c\n", keys: [1, 3, 2], [1, 2, 3]))
    }

    func testEqualKeysOfEqualTasksAreConfirmed() {
        XCTAssertTrue(confirmed("- [ ] a\n- [ ] a\n", "* [ ] a\n* [ ] a\n", keys: [5, 5], [5, 5]))
        XCTAssertTrue(confirmed("- [ ] b\n- [ ] a\n", "- [ ] a\n- [ ] b\n", keys: [2, 1], [1, 2]))
    }
    func testIdentitiesHashedInTwoHalvesAreTheIdentitiesHashedInOne() throws {
        // The halves may run on two threads; here they run one after the other, in either order.
        var documents = try Corpus.files(in: "markdown").map { Document(parsing: try String(contentsOf: $0, encoding: .utf8)) }
        var generator = RandomTodoDocument(seed: 0x5A1F)
        for _ in 0..<300 { documents.append(Document(parsing: generator.make())) }
        documents.append(Document(parsing: "", format: .markdown))
        documents.append(Document(parsing: "only one task\n", format: .todotxt))
        for (number, document) in documents.enumerated() {
            let whole = TaskIdentities(of: document, keepingRecords: false)
            let halves = TaskIdentities(of: document) { first, second in first(); second() }
            let reversed = TaskIdentities(of: document) { first, second in second(); first() }
            XCTAssertEqual(halves.keys, whole.keys, "document \(number)")
            XCTAssertEqual(reversed.keys, whole.keys, "document \(number)")
            XCTAssertEqual(halves.sortedKeys, whole.sortedKeys, "document \(number)")
            XCTAssertEqual(halves.order, whole.order, "document \(number)")
        }
    }
}
