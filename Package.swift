// swift-tools-version:6.2
import PackageDescription

// The release executable is linked fully statically (Swift runtime and C library): a pre-commit hook starts it
// once per commit, and the dynamic loader alone would more than double its start-up time (see BENCHMARKS.md).
// It is stripped of its symbol tables and debug information, which halves its size; a crash report then names
// addresses rather than functions (a debug build names them).
// It is linked with the toolchain's lld: gold printed, on every build, glibc's link-time warning about the
// dlopen libswiftCore refers to (to load a library of prespecialised generics, a path a static executable
// never takes); lld has no such per-symbol warnings, and prints its other warnings as gold does.
// Release builds only: the setting carries over to the tests that import the executable's module
// (`@testable import todofmt`), and XCTest has no static library to link against.
let staticExecutable: [LinkerSetting] = [
    .unsafeFlags(["-static-executable", "-use-ld=lld", "-Xlinker", "--strip-all"], .when(platforms: [.linux], configuration: .release)),
]

let package = Package(
    name: "todofmt",
    // TodoKit reads text through `Span` (Swift 6.2), whose string views Apple's systems have from their 26 releases.
    platforms: [.macOS(.v26), .iOS(.v26), .tvOS(.v26), .watchOS(.v26), .visionOS(.v26)],
    products: [
        .library(name: "TodoKit", targets: ["TodoKit"]),
        .executable(name: "todofmt", targets: ["todofmt"]),
    ],
    targets: [
        .target(name: "TodoKit"),
        // The file system and the one way to write a file (`TodoFile`, `OutputFile` over `GuardedFile`), a module of
        // its own so that the commands cannot reach the unchecked write beneath (see UncheckedWriteTests).
        .target(name: "TodoIO", dependencies: ["TodoKit"]),
        .executableTarget(name: "todofmt", dependencies: ["TodoKit", "TodoIO", "BuildCommit"], linkerSettings: staticExecutable),
        // `todofmt --version` names the commit a build was made from (see BuildCommit and the CommitStamp plugin).
        .target(name: "BuildCommit", plugins: ["CommitStamp"]),
        .plugin(name: "CommitStamp", capability: .buildTool()),
        .testTarget(name: "TodoKitTests", dependencies: ["TodoKit"], exclude: ["Fixtures"]),
        .testTarget(name: "todofmtTests", dependencies: ["TodoKit", "TodoIO", "todofmt"], exclude: ["Design/TodoKit.api"]),
    ]
)
