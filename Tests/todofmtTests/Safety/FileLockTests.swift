import Foundation
@testable import TodoIO
@testable import todofmt
import XCTest

/// When a lock file is stale: its holder is gone (no process holds its flock, and the process it names on this
/// host no longer runs). Only then is it removed, by the one process that holds its flock.
final class FileLockTests: XCTestCase {
    private var folders: [TemporaryFolder] = []

    /// A lock file holding `content`, in a folder that lasts as long as the test.
    private func lock(_ content: String) throws -> String {
        let folder = try TemporaryFolder()
        folders.append(folder)
        return try folder.write(content, to: "TODO.md.lock")
    }

    // XCTest keeps every test case object until the run ends, so the folders go when the test does.
    override func tearDown() { folders = [] }

    func testALockOfAProcessOfThisHostThatNoLongerRunsIsRemoved() throws {
        let path = try lock("\(try ChildProcess.identifierOfAnEndedProcess()) \(FileLock.hostName)\n")
        XCTAssertTrue(FileLock.removeIfStale(path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    func testALockNamingOnlyAProcessThatNoLongerRunsIsRemovedAsOlderVersionsWroteIt() throws {
        let path = try lock("\(try ChildProcess.identifierOfAnEndedProcess())\n")
        XCTAssertTrue(FileLock.removeIfStale(path))
    }

    func testALockOfAProcessThatRunsIsKept() throws {
        let path = try lock("\(getpid()) \(FileLock.hostName)\n")
        XCTAssertFalse(FileLock.removeIfStale(path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
    }

    func testALockOfAnotherHostIsKeptWhateverItsProcess() throws {
        let path = try lock("\(try ChildProcess.identifierOfAnEndedProcess()) another-host.example\n")
        XCTAssertFalse(FileLock.removeIfStale(path))
    }

    func testALockWhoseFlockIsHeldIsKeptEvenNamingAProcessThatNoLongerRuns() throws {
        let path = try lock("\(try ChildProcess.identifierOfAnEndedProcess()) \(FileLock.hostName)\n")
        let holder = open(path, O_RDONLY)
        defer { close(holder) }
        XCTAssertEqual(flock(holder, LOCK_EX), 0)
        XCTAssertFalse(FileLock.removeIfStale(path))
    }

    func testALockLeftEmptyForMoreThanASecondIsRemovedItsCreatorKilledBeforeWritingItsName() throws {
        let path = try lock("")
        try FileStatus.backdate(path)
        XCTAssertTrue(FileLock.removeIfStale(path))
    }

    func testAnEmptyOrUnreadableLockIsKept() throws {
        for content in ["", "garbage\n", "12 host extra\n"] {
            let path = try lock(content)
            XCTAssertFalse(FileLock.removeIfStale(path), content)
        }
    }

    func testALockTakenRecordsItsHolderAndHoldsItsFlockUntilReleased() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("- [ ] a\n", to: "TODO.md")
        let taken = try FileLock.acquire(for: file, name: file)
        XCTAssertEqual(try folder.text("TODO.md.lock"), "\(getpid()) \(FileLock.hostName)\n")
        let other = open(taken.path, O_RDONLY)
        defer { close(other) }
        XCTAssertNotEqual(flock(other, LOCK_EX | LOCK_NB), 0)
        taken.release()
        XCTAssertFalse(FileManager.default.fileExists(atPath: taken.path))
    }
}
