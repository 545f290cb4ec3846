/// A line-by-line three-way merge, as `git merge-file` does it: where only one side changed a run of lines
/// that side wins; where both changed it differently, conflict markers hold both.
enum LineMerge {
    /// The merged lines, or nil if any run of lines was changed differently on both sides.
    static func mergeCleanly(base: [Line], ours: [Line], theirs: [Line]) -> [Line]? {
        if let same = FieldMerge.merge(base, ours, theirs) { return same }
        var merged: [Line] = []
        for chunk in Diff3.chunks(base: base, ours: ours, theirs: theirs) {
            switch chunk {
            case .stable(_, let o, _):
                merged += ours[o]
            case .changed(let b, let o, let t):
                guard let lines = FieldMerge.merge(Array(base[b]), Array(ours[o]), Array(theirs[t])) else { return nil }
                merged += lines
            }
        }
        return merged
    }

    /// The merged lines with conflict markers around each run both sides changed differently, and the
    /// 0-based indexes of the `<<<<<<<` lines.
    static func merge(base: [Line], ours: [Line], theirs: [Line], markers: ConflictMarkers) -> (lines: [Line], conflicts: [Int]) {
        var merged: [Line] = []
        var conflicts: [Int] = []
        for chunk in Diff3.chunks(base: base, ours: ours, theirs: theirs) {
            switch chunk {
            case .stable(_, let o, _):
                merged += ours[o]
            case .changed(let b, let o, let t):
                if let lines = FieldMerge.merge(Array(base[b]), Array(ours[o]), Array(theirs[t])) {
                    merged += lines
                } else {
                    conflicts.append(merged.count)
                    merged += markers.wrap(ours: Array(ours[o]), base: Array(base[b]), theirs: Array(theirs[t]))
                }
            }
        }
        return (merged, conflicts)
    }
}

/// How conflicts are marked: git's `<<<<<<<`, `=======` and `>>>>>>>` lines with a label for each side, and
/// in git's `diff3` style (`merge.conflictStyle`) the base's lines too, after `|||||||`.
public struct ConflictMarkers: Sendable, Equatable {
    /// The label after `<<<<<<<`, naming our side.
    public var oursLabel: String
    /// The label after `|||||||`, naming the common ancestor.
    public var baseLabel: String
    /// The label after `>>>>>>>`, naming their side.
    public var theirsLabel: String
    /// The number of marker characters (git's `%L`, 7 by default).
    public var size: Int
    /// Whether the base's lines are shown between the sides' (git's `diff3` and `zdiff3` styles).
    public var showsBase: Bool
    /// The ending of marker lines.
    public var ending: LineEnding

    /// Conflict markers labelled as git labels them, `size` characters long.
    public init(oursLabel: String = "ours", baseLabel: String = "base", theirsLabel: String = "theirs", size: Int = 7,
                showsBase: Bool = false, ending: LineEnding = .lf) {
        self.oursLabel = oursLabel
        self.baseLabel = baseLabel
        self.theirsLabel = theirsLabel
        self.size = size
        self.showsBase = showsBase
        self.ending = ending
    }

    /// Both sides' lines between markers, with the base's when `showsBase`; a last line without an ending
    /// gets one.
    func wrap(ours: [Line], base: [Line], theirs: [Line]) -> [Line] {
        func ended(_ lines: [Line]) -> [Line] {
            lines.map { $0.ending == .none ? Line($0.text, ending: ending) : $0 }
        }
        let baseSection = showsBase ? [Line(String(repeating: "|", count: size) + " " + baseLabel, ending: ending)] + ended(base) : []
        return [Line(String(repeating: "<", count: size) + " " + oursLabel, ending: ending)] + ended(ours) + baseSection
            + [Line(String(repeating: "=", count: size), ending: ending)] + ended(theirs)
            + [Line(String(repeating: ">", count: size) + " " + theirsLabel, ending: ending)]
    }
}
