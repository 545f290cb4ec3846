import TodoKit
import XCTest

/// The plugin's default order (`status.type`, `urgency`, `due`, `priority`, `path`, then the order read), as its
/// own visualisation approves it: obsidian-tasks-group/obsidian-tasks, tests/Query/Sort/
/// Sort.test.Sort_visualise_date_impact_on_default_sort_order.approved.txt, 343 tasks of every combination of
/// start, scheduled and due dates (long ago, yesterday, today, tomorrow, far future, none, invalid) in the Tasks
/// dialect, on 2022-01-15.
final class QueryDefaultOrderTests: XCTestCase {
    /// The test's dates by code: L long ago, Y yesterday, T today, M tomorrow, F far future, - none, I invalid.
    static let dates: [(code: Character, date: String?)] = [
        ("L", "2022-01-01"), ("Y", "2022-01-14"), ("T", "2022-01-15"), ("M", "2022-01-16"), ("F", "2022-01-31"),
        ("-", nil), ("I", "2022-13-33"),
    ]

    func testEveryCombinationOfDatesSortsAndScoresAsThePluginApproves() throws {
        var lines: [String] = []
        for start in Self.dates {
            for scheduled in Self.dates {
                for due in Self.dates {
                    var line = "- [ ] \(start.code)\(scheduled.code)\(due.code)"
                    for (emoji, date) in [("🛫", start.date), ("⏳", scheduled.date), ("📅", due.date)] {
                        if let date { line += " \(emoji) \(date)" }
                    }
                    lines.append(line)
                }
            }
        }
        let tasks = QueryTask.tasks(of: Document(parsing: lines.joined(separator: "\n") + "\n"), path: "Sort.md")
        let query = TasksQuery(QuerySource(instructions: ["show urgency", "hide backlink", "hide task count", "short mode"]),
                               file: nil, today: CalendarDate(year: 2022, month: 1, day: 15)!)
        // `- [ ] LYT 🛫 ⏳ 📅 18.95`: the task's code, and its urgency as `show urgency` shows it.
        let listed = try XCTUnwrap(query.run(on: tasks)).rendered().split(separator: "\n").map { $0.split(separator: " ") }
        XCTAssertEqual(listed.map { String($0[3]) }, Self.approved.map { String($0.prefix(3)) })
        for (words, approved) in zip(listed, Self.approved) {
            XCTAssertEqual(Double(words.last!)!, Double(approved.dropFirst(4))!, accuracy: 0.0006, approved)
        }
    }

    /// Start, scheduled and due of each task, in the approved order, and its urgency.
    static let approved: [String] = [
            "LLL 18.95000", "LYL 18.95000", "LTL 18.95000", "YLL 18.95000", "YYL 18.95000", "YTL 18.95000",
            "TLL 18.95000", "TYL 18.95000", "TTL 18.95000", "-LL 18.95000", "-YL 18.95000", "-TL 18.95000",
            "ILL 18.95000", "IYL 18.95000", "ITL 18.95000", "LLY 16.20714", "LYY 16.20714", "LTY 16.20714",
            "YLY 16.20714", "YYY 16.20714", "YTY 16.20714", "TLY 16.20714", "TYY 16.20714", "TTY 16.20714",
            "-LY 16.20714", "-YY 16.20714", "-TY 16.20714", "ILY 16.20714", "IYY 16.20714", "ITY 16.20714",
            "MLL 15.95000", "MYL 15.95000", "MTL 15.95000", "FLL 15.95000", "FYL 15.95000", "FTL 15.95000",
            "LLT 15.75000", "LYT 15.75000", "LTT 15.75000", "YLT 15.75000", "YYT 15.75000", "YTT 15.75000",
            "TLT 15.75000", "TYT 15.75000", "TTT 15.75000", "-LT 15.75000", "-YT 15.75000", "-TT 15.75000",
            "ILT 15.75000", "IYT 15.75000", "ITT 15.75000", "LLM 15.29286", "LYM 15.29286", "LTM 15.29286",
            "YLM 15.29286", "YYM 15.29286", "YTM 15.29286", "TLM 15.29286", "TYM 15.29286", "TTM 15.29286",
            "-LM 15.29286", "-YM 15.29286", "-TM 15.29286", "ILM 15.29286", "IYM 15.29286", "ITM 15.29286",
            "LML 13.95000", "LFL 13.95000", "L-L 13.95000", "LIL 13.95000", "YML 13.95000", "YFL 13.95000",
            "Y-L 13.95000", "YIL 13.95000", "TML 13.95000", "TFL 13.95000", "T-L 13.95000", "TIL 13.95000",
            "-ML 13.95000", "-FL 13.95000", "--L 13.95000", "-IL 13.95000", "IML 13.95000", "IFL 13.95000",
            "I-L 13.95000", "IIL 13.95000", "MLY 13.20714", "MYY 13.20714", "MTY 13.20714", "FLY 13.20714",
            "FYY 13.20714", "FTY 13.20714", "MLT 12.75000", "MYT 12.75000", "MTT 12.75000", "FLT 12.75000",
            "FYT 12.75000", "FTT 12.75000", "MLM 12.29286", "MYM 12.29286", "MTM 12.29286", "FLM 12.29286",
            "FYM 12.29286", "FTM 12.29286", "LMY 11.20714", "LFY 11.20714", "L-Y 11.20714", "LIY 11.20714",
            "YMY 11.20714", "YFY 11.20714", "Y-Y 11.20714", "YIY 11.20714", "TMY 11.20714", "TFY 11.20714",
            "T-Y 11.20714", "TIY 11.20714", "-MY 11.20714", "-FY 11.20714", "--Y 11.20714", "-IY 11.20714",
            "IMY 11.20714", "IFY 11.20714", "I-Y 11.20714", "IIY 11.20714", "MML 10.95000", "MFL 10.95000",
            "M-L 10.95000", "MIL 10.95000", "FML 10.95000", "FFL 10.95000", "F-L 10.95000", "FIL 10.95000",
            "LMT 10.75000", "LFT 10.75000", "L-T 10.75000", "LIT 10.75000", "YMT 10.75000", "YFT 10.75000",
            "Y-T 10.75000", "YIT 10.75000", "TMT 10.75000", "TFT 10.75000", "T-T 10.75000", "TIT 10.75000",
            "-MT 10.75000", "-FT 10.75000", "--T 10.75000", "-IT 10.75000", "IMT 10.75000", "IFT 10.75000",
            "I-T 10.75000", "IIT 10.75000", "LMM 10.29286", "LFM 10.29286", "L-M 10.29286", "LIM 10.29286",
            "YMM 10.29286", "YFM 10.29286", "Y-M 10.29286", "YIM 10.29286", "TMM 10.29286", "TFM 10.29286",
            "T-M 10.29286", "TIM 10.29286", "-MM 10.29286", "-FM 10.29286", "--M 10.29286", "-IM 10.29286",
            "IMM 10.29286", "IFM 10.29286", "I-M 10.29286", "IIM 10.29286", "LLF 9.35000", "LYF 9.35000",
            "LTF 9.35000", "YLF 9.35000", "YYF 9.35000", "YTF 9.35000", "TLF 9.35000", "TYF 9.35000",
            "TTF 9.35000", "-LF 9.35000", "-YF 9.35000", "-TF 9.35000", "ILF 9.35000", "IYF 9.35000",
            "ITF 9.35000", "MMY 8.20714", "MFY 8.20714", "M-Y 8.20714", "MIY 8.20714", "FMY 8.20714",
            "FFY 8.20714", "F-Y 8.20714", "FIY 8.20714", "MMT 7.75000", "MFT 7.75000", "M-T 7.75000",
            "MIT 7.75000", "FMT 7.75000", "FFT 7.75000", "F-T 7.75000", "FIT 7.75000", "MMM 7.29286",
            "MFM 7.29286", "M-M 7.29286", "MIM 7.29286", "FMM 7.29286", "FFM 7.29286", "F-M 7.29286",
            "FIM 7.29286", "LLI 6.95000", "LYI 6.95000", "LTI 6.95000", "YLI 6.95000", "YYI 6.95000",
            "YTI 6.95000", "TLI 6.95000", "TYI 6.95000", "TTI 6.95000", "-LI 6.95000", "-YI 6.95000",
            "-TI 6.95000", "ILI 6.95000", "IYI 6.95000", "ITI 6.95000", "LL- 6.95000", "LY- 6.95000",
            "LT- 6.95000", "YL- 6.95000", "YY- 6.95000", "YT- 6.95000", "TL- 6.95000", "TY- 6.95000",
            "TT- 6.95000", "-L- 6.95000", "-Y- 6.95000", "-T- 6.95000", "IL- 6.95000", "IY- 6.95000",
            "IT- 6.95000", "MLF 6.35000", "MYF 6.35000", "MTF 6.35000", "FLF 6.35000", "FYF 6.35000",
            "FTF 6.35000", "LMF 4.35000", "LFF 4.35000", "L-F 4.35000", "LIF 4.35000", "YMF 4.35000",
            "YFF 4.35000", "Y-F 4.35000", "YIF 4.35000", "TMF 4.35000", "TFF 4.35000", "T-F 4.35000",
            "TIF 4.35000", "-MF 4.35000", "-FF 4.35000", "--F 4.35000", "-IF 4.35000", "IMF 4.35000",
            "IFF 4.35000", "I-F 4.35000", "IIF 4.35000", "MLI 3.95000", "MYI 3.95000", "MTI 3.95000",
            "FLI 3.95000", "FYI 3.95000", "FTI 3.95000", "ML- 3.95000", "MY- 3.95000", "MT- 3.95000",
            "FL- 3.95000", "FY- 3.95000", "FT- 3.95000", "LMI 1.95000", "LFI 1.95000", "L-I 1.95000",
            "LII 1.95000", "YMI 1.95000", "YFI 1.95000", "Y-I 1.95000", "YII 1.95000", "TMI 1.95000",
            "TFI 1.95000", "T-I 1.95000", "TII 1.95000", "-MI 1.95000", "-FI 1.95000", "--I 1.95000",
            "-II 1.95000", "IMI 1.95000", "IFI 1.95000", "I-I 1.95000", "III 1.95000", "LM- 1.95000",
            "LF- 1.95000", "L-- 1.95000", "LI- 1.95000", "YM- 1.95000", "YF- 1.95000", "Y-- 1.95000",
            "YI- 1.95000", "TM- 1.95000", "TF- 1.95000", "T-- 1.95000", "TI- 1.95000", "-M- 1.95000",
            "-F- 1.95000", "--- 1.95000", "-I- 1.95000", "IM- 1.95000", "IF- 1.95000", "I-- 1.95000",
            "II- 1.95000", "MMF 1.35000", "MFF 1.35000", "M-F 1.35000", "MIF 1.35000", "FMF 1.35000",
            "FFF 1.35000", "F-F 1.35000", "FIF 1.35000", "MMI -1.05000", "MFI -1.05000", "M-I -1.05000",
            "MII -1.05000", "FMI -1.05000", "FFI -1.05000", "F-I -1.05000", "FII -1.05000", "MM- -1.05000",
            "MF- -1.05000", "M-- -1.05000", "MI- -1.05000", "FM- -1.05000", "FF- -1.05000", "F-- -1.05000",
            "FI- -1.05000",
    ]
}
