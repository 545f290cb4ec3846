import XCTest
@testable import todofmt

final class BackgroundWorkTests: XCTestCase {
    func testTheWorkGivesItsResult() {
        let work = BackgroundWork { (1...100).reduce(0, +) }
        XCTAssertEqual(work.result(), 5050)
        XCTAssertEqual(work.result(), 5050, "asked again, the result is kept")
    }

    #if os(Linux)
    /// The thread may run on every CPU the starting thread may, but the one the starting thread was on: so it
    /// starts beside it, not behind it.
    func testTheWorkRunsOffTheStartingThreadsCPU() throws {
        let allowed = try XCTUnwrap(CPUSet.allowed())
        let cpus = (0..<1024).filter(allowed.contains)
        XCTAssertEqual(cpus.count, allowed.count)
        let threads = try XCTUnwrap(BackgroundWork { CPUSet.allowed() }.result())
        guard allowed.count > 1 else {
            XCTAssertEqual(threads, allowed, "with one CPU, the thread runs where the process may")
            return
        }
        XCTAssertEqual(threads.count, allowed.count - 1)
        XCTAssertTrue(cpus.filter(threads.contains).count == threads.count, "only CPUs the process may run on")
    }

    func testEveryCPUButTheCurrentOne() throws {
        let allowed = try XCTUnwrap(CPUSet.allowed())
        guard let others = CPUSet.allowedExceptCurrent() else {
            XCTAssertEqual(allowed.count, 1, "none left only where the process has one CPU")
            return
        }
        XCTAssertEqual(others.count, allowed.count - 1)
        XCTAssertFalse(others == allowed)
    }
    #endif
}
