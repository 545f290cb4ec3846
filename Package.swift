// swift-tools-version:6.0
import PackageDescription

// The executable links the Swift runtime statically: a pre-commit hook starts it once per commit,
// and a dynamically linked binary spends about twice as long in the loader (see BENCHMARKS.md).
let staticStdlib: [LinkerSetting] = [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux]))]

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
        .testTarget(name: "todofmtTests", dependencies: ["TodoKit"]),
    ]
)
