// swift-tools-version:6.0
import PackageDescription

// The executable links the Swift runtime statically: a pre-commit hook starts it once per commit,
// and a dynamically linked binary spends about twice as long in the loader (see BENCHMARKS.md).
// Release builds only: the linker setting carries over to the tests that import the executable's module
// (`@testable import todofmt`), and XCTest has no static library to link against.
let staticStdlib: [LinkerSetting] = [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))]

let package = Package(
    name: "todofmt",
    products: [
        .library(name: "TodoKit", targets: ["TodoKit"]),
        .executable(name: "todofmt", targets: ["todofmt"]),
    ],
    targets: [
        .target(name: "TodoKit"),
        .executableTarget(name: "todofmt", dependencies: ["TodoKit"], linkerSettings: staticStdlib),
        .testTarget(name: "TodoKitTests", dependencies: ["TodoKit"], exclude: ["Fixtures"]),
        .testTarget(name: "todofmtTests", dependencies: ["TodoKit", "todofmt"]),
    ]
)
