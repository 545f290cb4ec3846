import Foundation
import XCTest

/// The Python programs the calendar tests drive, todoman, vdirsyncer and Radicale, run for real in one
/// long-lived Python process: each `todo …` or `vdirsyncer …` call runs the program's own command-line
/// entry point (its click command) with those arguments, as the shell command would, without paying
/// Python's start-up for every call. Radicale runs as its own server process, started by this one on
/// 127.0.0.1 at a free port and stopped with it.
final class PythonTools {
    struct Result {
        var status: Int
        var output: String
    }

    private var process: ChildProcess!
    let scratch: TemporaryFolder

    static let driver = #"""
        import contextlib, io, json, os, socket, subprocess, sys, threading, traceback
        import click
        servers = []
        def run_click(command, args, stdin_text):
            out = io.StringIO()
            code = 0
            saved_stdin = sys.stdin
            sys.stdin = io.StringIO(stdin_text or "")
            try:
                with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
                    try:
                        value = command.main(args=args, prog_name="tool", standalone_mode=False)
                        code = value if isinstance(value, int) else 0
                    except SystemExit as exit:
                        code = exit.code if isinstance(exit.code, int) else (0 if exit.code is None else 1)
                    except click.exceptions.ClickException as error:
                        error.show(file=out)
                        code = error.exit_code
                    except click.exceptions.Abort:
                        code = 1
                    except Exception:
                        traceback.print_exc(file=out)
                        code = 1
            finally:
                sys.stdin = saved_stdin
            return code, out.getvalue()
        def radicale(folder):
            with socket.socket() as probe:
                probe.bind(("127.0.0.1", 0))
                port = probe.getsockname()[1]
            log = open(os.path.join(folder, "radicale.log"), "w")
            server = subprocess.Popen([sys.executable, "-m", "radicale", "--server-hosts", f"127.0.0.1:{port}",
                                       "--storage-filesystem-folder", os.path.join(folder, "collections"),
                                       "--auth-type", "none", "--rights-type", "authenticated", "--logging-level", "info"],
                                      stdout=log, stderr=subprocess.PIPE, text=True)
            servers.append(server)
            # Ready when it says so, once it listens; what it logs after goes on to the log file.
            for line in server.stderr:
                log.write(line)
                log.flush()
                if "Radicale server ready" in line:
                    threading.Thread(target=lambda: log.writelines(server.stderr), daemon=True).start()
                    return 0, str(port)
            return 1, open(os.path.join(folder, "radicale.log")).read()
        try:
            for line in sys.stdin:
                request = json.loads(line)
                tool = request["tool"]
                if tool == "todo":
                    from todoman.cli import cli
                    code, text = run_click(cli, request["args"], request.get("stdin"))
                elif tool == "vdirsyncer":
                    from vdirsyncer.cli import app
                    code, text = run_click(app, request["args"], request.get("stdin"))
                elif tool == "radicale":
                    code, text = radicale(request["args"][0])
                else:
                    out = io.StringIO()
                    code = 0
                    with contextlib.redirect_stdout(out):
                        try:
                            exec(request["args"][0], {"args": request["args"][1:]})
                        except Exception:
                            traceback.print_exc(file=out)
                            code = 1
                    text = out.getvalue()
                print(json.dumps({"status": code, "output": text}), flush=True)
        finally:
            for server in servers:
                server.terminate()
                server.wait()
        """#

    /// Starts the Python process; a missing Python or module fails in CI and skips elsewhere.
    init(modules: [String]) throws {
        scratch = try TemporaryFolder()
        let check = try ChildProcess.run("python3", ["-c", "import " + (["click"] + modules).joined(separator: ", ")],
                                         stdout: .discarded, stderr: .discarded)
        guard check.status != 127 else { throw RequiredTool.missing("python3") }
        guard check.status == 0 else { throw RequiredTool.missing("Python's " + modules.joined(separator: ", ")) }
        var environment = ProcessInfo.processInfo.environment
        environment["TZ"] = "UTC"
        environment["HOME"] = scratch.url.path
        let log = scratch.path("python.log")
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let logHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        defer { try? logHandle.close() }
        process = try ChildProcess("python3", ["-u", "-c", PythonTools.driver], environment: environment,
                                   stdin: .pipe, stdout: .pipe, stderr: .handle(logHandle))
    }

    deinit {
        process?.closeInput()
        _ = try? process?.wait()
    }

    /// Runs one tool call and waits for its answer.
    @discardableResult
    func call(_ tool: String, _ arguments: [String], stdin: String? = nil) throws -> Result {
        var request: [String: Any] = ["tool": tool, "args": arguments]
        if let stdin { request["stdin"] = stdin }
        var line = try JSONSerialization.data(withJSONObject: request)
        line.append(0x0A)
        try process.write(line)
        guard let answer = try process.line() else {
            let log = (try? String(contentsOfFile: scratch.path("python.log"), encoding: .utf8)) ?? ""
            throw RequiredTool.Missing(description: "the Python tools process ended: \(log)")
        }
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])
        return Result(status: object["status"] as? Int ?? -1, output: object["output"] as? String ?? "")
    }

    /// `todo --config CONFIG ARGS…` (todoman), which must succeed.
    @discardableResult
    func todo(_ config: String, _ arguments: String..., stdin: String? = nil) throws -> String {
        let result = try call("todo", ["--config", config] + arguments, stdin: stdin)
        XCTAssertEqual(result.status, 0, "todo \(arguments.joined(separator: " ")): \(result.output)")
        return result.output
    }

    /// `vdirsyncer -c CONFIG ARGS…`, which must succeed.
    @discardableResult
    func vdirsyncer(_ config: String, _ arguments: String...) throws -> String {
        let result = try call("vdirsyncer", ["-c", config] + arguments, stdin: String(repeating: "y\n", count: 8))
        XCTAssertEqual(result.status, 0, "vdirsyncer \(arguments.joined(separator: " ")): \(result.output)")
        return result.output
    }

    /// Runs Python code (with `args`), returning what it prints.
    func python(_ code: String, _ arguments: [String] = []) throws -> String {
        let result = try call("python", [code] + arguments)
        XCTAssertEqual(result.status, 0, result.output)
        return result.output
    }

    /// Starts Radicale (no authentication, its collections in `folder`) and returns its port.
    func startRadicale(in folder: String) throws -> Int {
        let result = try call("radicale", [folder])
        guard result.status == 0, let port = Int(result.output) else { throw RequiredTool.Missing(description: "Radicale did not start: \(result.output)") }
        return port
    }
}

/// The local day (`YYYY-MM-DD`) of a moment given in seconds since the epoch, as todofmt reads a calendar's
/// COMPLETED time: a client completes a task at the real time, whatever day the test's `--today` names.
func localDay(ofTimestamp seconds: Int) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone.current
    formatter.dateFormat = "yyyy-MM-dd"
    return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
}
