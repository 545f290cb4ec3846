/// The classic three-way comparison: splits three versions of a sequence into stable runs, where all
/// three agree, and changed runs, where at least one side differs from the base.
///
/// A run is stable when its base elements are matched, one for one and in order, both in ours and in
/// theirs by the longest common subsequences base–ours and base–theirs. What lies between two stable runs
/// is one changed chunk; the caller decides what a chunk that both sides changed becomes.
struct Diff3 {
    enum Chunk: Equatable {
        case stable(base: Range<Int>, ours: Range<Int>, theirs: Range<Int>)
        case changed(base: Range<Int>, ours: Range<Int>, theirs: Range<Int>)
    }

    static func chunks<Element: Hashable>(base: [Element], ours: [Element], theirs: [Element]) -> [Chunk] {
        var interner = Interner<Element>()
        let b = base.map { interner.id($0) }, o = ours.map { interner.id($0) }, t = theirs.map { interner.id($0) }
        var toOurs = [Int?](repeating: nil, count: b.count)
        var toTheirs = [Int?](repeating: nil, count: b.count)
        for (i, j) in SequenceMatching.matches(ids: b, o) { toOurs[i] = j }
        for (i, j) in SequenceMatching.matches(ids: b, t) { toTheirs[i] = j }

        var chunks: [Chunk] = []
        var i = 0, j = 0, k = 0
        func append(_ chunk: Chunk) {
            if case .stable(let cb, let co, let ct) = chunk, case .stable(let pb, let po, let pt)? = chunks.last {
                chunks[chunks.count - 1] = .stable(base: pb.lowerBound..<cb.upperBound, ours: po.lowerBound..<co.upperBound,
                                                   theirs: pt.lowerBound..<ct.upperBound)
            } else {
                chunks.append(chunk)
            }
        }
        while i < b.count || j < o.count || k < t.count {
            if i < b.count, toOurs[i] == j, toTheirs[i] == k {
                append(.stable(base: i..<(i + 1), ours: j..<(j + 1), theirs: k..<(k + 1)))
                i += 1; j += 1; k += 1
                continue
            }
            // The next base element matched on both sides ends the changed chunk.
            var next = i
            while next < b.count, !(toOurs[next].map { $0 >= j } ?? false && toTheirs[next].map { $0 >= k } ?? false) {
                next += 1
            }
            let oursEnd = next < b.count ? toOurs[next]! : o.count
            let theirsEnd = next < b.count ? toTheirs[next]! : t.count
            append(.changed(base: i..<next, ours: j..<oursEnd, theirs: k..<theirsEnd))
            i = next; j = oursEnd; k = theirsEnd
        }
        return chunks
    }
}
