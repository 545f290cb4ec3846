import Foundation
import XCTest

/// What the end-to-end tests need on the machine. A missing binary always fails (`Todofmt.requireBuilt`: the
/// test command builds it first); a missing tool fails in CI (`CI=true`, where Scripts/install-test-tools
/// installs it) and skips elsewhere, so a developer without zsh can still run the rest.
enum RequiredTool {
    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    /// The error to throw for a missing tool: a failure in CI, a skip elsewhere.
    static func missing(_ tool: String, installHint: String = "Scripts/install-test-tools installs it") -> Error {
        if ProcessInfo.processInfo.environment["CI"] == "true" {
            return Missing(description: "\(tool) is not installed: CI needs it (\(installHint))")
        }
        return XCTSkip("\(tool) is not installed (\(installHint))")
    }

    /// The error to throw for a missing tool that no registry CI installs from carries (neither Debian nor PyPI
    /// packages it), so that it may be missing on a CI machine too: a skip everywhere, saying why. The tests that
    /// need it run wherever it is installed; what they check is also checked without it where it can be (the
    /// vim-lsp edits by a scripted client counting code points, as vim-lsp does).
    static func unpackaged(_ tool: String, installHint: String) -> Error {
        XCTSkip("\(tool) is not installed, and no package carries it (\(installHint))")
    }
}
