// swift-tools-version:6.0
import PackageDescription

// The executable is linked fully statically (Swift runtime and C library): a pre-commit hook starts it once
// per commit, and the dynamic loader alone would more than double its start-up time (see BENCHMARKS.md).
// The linker's warning about dlopen in libswiftCore is harmless: that code path is never taken.
let staticExecutable: [LinkerSetting] = [.unsafeFlags(["-static-executable"], .when(platforms: [.linux]))]

let package = Package(
    name: "todofmt",
    products: [
        .library(name: "TodoKit", targets: ["TodoKit"]),
        .executable(name: "todofmt", targets: ["todofmt"]),
    ],
    targets: [
        .target(name: "TodoKit"),
        .executableTarget(name: "todofmt", dependencies: ["TodoKit"], linkerSettings: staticExecutable),
        .testTarget(name: "TodoKitTests", dependencies: ["TodoKit"], exclude: ["Fixtures"]),
        .testTarget(name: "todofmtTests", dependencies: ["TodoKit"]),
    ]
)
