/// A standalone SVG bar chart of tasks completed and created per day (or per week, or month, when days do
/// not fit), with axes, labels and a legend.
package enum ActivityChart {
    static let completedColor = "#2e7d32"
    static let createdColor = "#1565c0"

    /// The widest plot, and the narrowest a bar's slot gets: more days than fit are drawn a week (or a
    /// month) a bar.
    static let plotLimit = 760.0
    static let minimumSlot = 10.0

    /// How many days one bar covers.
    enum Bucket: String {
        case day, week, month
    }

    /// The chart of `activity` (one entry per day, oldest first). A day a bar when that fits, else a week
    /// (Monday to Sunday) or a month a bar; labels under the axis never overlap; the title is never cut;
    /// a range without completions says so.
    package static func svg(_ activity: [Statistics.DayActivity], title: String? = nil) -> String {
        let (bucket, bars) = buckets(activity)
        let left = 56.0, right = 24.0, top = 48.0, bottom = 72.0
        let slot = max(minimumSlot, min(28.0, plotLimit / Double(max(1, bars.count))))
        let plotWidth = slot * Double(bars.count)
        let plotHeight = 240.0
        let heading = title ?? (activity.first.map { "Tasks completed and created per \(bucket.rawValue), \($0.date) to \(activity.last!.date)" }
            ?? "Tasks per day")
        // Bold 16px Helvetica averages under 9.5px a character: the chart is made wide enough for its title.
        let width = max(left + plotWidth + right, left + Double(heading.count) * 9.5 + right)
        let height = top + plotHeight + bottom
        let peak = bars.map { max($0.completed, $0.created) }.max() ?? 0
        let (step, axisMax) = niceScale(max(peak, 4))
        func y(_ value: Int) -> Double { top + plotHeight - plotHeight * Double(value) / Double(axisMax) }

        var svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(format(width))" height="\(format(height))" \
            viewBox="0 0 \(format(width)) \(format(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">

            """
        svg += "  <rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        svg += "  <text x=\"\(format(left))\" y=\"26\" font-size=\"16\" font-weight=\"bold\" fill=\"#222\">\(escape(heading))</text>\n"
        if !activity.contains(where: { $0.completed > 0 }) {
            svg += "  <text x=\"\(format(left))\" y=\"42\" fill=\"#666\">no completions in this range</text>\n"
        }

        svg += "  <g stroke=\"#e0e0e0\" stroke-width=\"1\">\n"
        for value in stride(from: 0, through: axisMax, by: step) {
            svg += "    <line x1=\"\(format(left))\" y1=\"\(format(y(value)))\" x2=\"\(format(left + plotWidth))\" y2=\"\(format(y(value)))\"/>\n"
        }
        svg += "  </g>\n  <g fill=\"#444\" text-anchor=\"end\">\n"
        for value in stride(from: 0, through: axisMax, by: step) {
            svg += "    <text x=\"\(format(left - 8))\" y=\"\(format(y(value) + 4))\">\(value)</text>\n"
        }
        svg += "  </g>\n"
        svg += "  <text transform=\"translate(16 \(format(top + plotHeight / 2))) rotate(-90)\" text-anchor=\"middle\" fill=\"#444\">tasks</text>\n"

        let barWidth = slot * 0.38
        svg += "  <g>\n"
        for (index, bar) in bars.enumerated() {
            let x = left + slot * Double(index) + slot * 0.1
            let when = bucket == .day ? bar.date.description : "\(bar.first) to \(bar.last)"
            if bar.completed > 0 {
                svg += "    <rect x=\"\(format(x))\" y=\"\(format(y(bar.completed)))\" width=\"\(format(barWidth))\" height=\"\(format(y(0) - y(bar.completed)))\" fill=\"\(completedColor)\"><title>\(when): \(bar.completed) completed</title></rect>\n"
            }
            if bar.created > 0 {
                svg += "    <rect x=\"\(format(x + barWidth))\" y=\"\(format(y(bar.created)))\" width=\"\(format(barWidth))\" height=\"\(format(y(0) - y(bar.created)))\" fill=\"\(createdColor)\"><title>\(when): \(bar.created) created</title></rect>\n"
            }
        }
        svg += "  </g>\n"

        svg += "  <g stroke=\"#444\" stroke-width=\"1\">\n"
        svg += "    <line x1=\"\(format(left))\" y1=\"\(format(top))\" x2=\"\(format(left))\" y2=\"\(format(y(0)))\"/>\n"
        svg += "    <line x1=\"\(format(left))\" y1=\"\(format(y(0)))\" x2=\"\(format(left + plotWidth))\" y2=\"\(format(y(0)))\"/>\n"
        let labels = self.labels(bars.map(\.first), bucket: bucket, slot: slot)
        for (index, _) in labels {
            let x = left + slot * Double(index)
            svg += "    <line x1=\"\(format(x))\" y1=\"\(format(y(0)))\" x2=\"\(format(x))\" y2=\"\(format(y(0) + 5))\"/>\n"
        }
        svg += "  </g>\n  <g fill=\"#444\" text-anchor=\"start\">\n"
        for (index, text) in labels {
            svg += "    <text x=\"\(format(left + slot * Double(index)))\" y=\"\(format(y(0) + 18))\">\(text)</text>\n"
        }
        svg += "  </g>\n"

        let legendY = y(0) + 44
        svg += "  <g>\n"
        svg += "    <rect x=\"\(format(left))\" y=\"\(format(legendY - 10))\" width=\"12\" height=\"12\" fill=\"\(completedColor)\"/>\n"
        svg += "    <text x=\"\(format(left + 18))\" y=\"\(format(legendY))\" fill=\"#222\">completed</text>\n"
        svg += "    <rect x=\"\(format(left + 110))\" y=\"\(format(legendY - 10))\" width=\"12\" height=\"12\" fill=\"\(createdColor)\"/>\n"
        svg += "    <text x=\"\(format(left + 128))\" y=\"\(format(legendY))\" fill=\"#222\">created</text>\n"
        svg += "  </g>\n</svg>\n"
        return svg
    }

    /// One bar: the days from `first` to `last` (of the week or month that starts on `date`), and what was
    /// completed and created on them.
    struct Bar {
        var date: CalendarDate
        var first: CalendarDate
        var last: CalendarDate
        var completed = 0
        var created = 0
    }

    /// The days grouped into the fewest bars that fit: each day, each week (from Monday), or each month.
    static func buckets(_ activity: [Statistics.DayActivity]) -> (Bucket, [Bar]) {
        let fits = Int(plotLimit / minimumSlot)
        var result: (Bucket, [Bar]) = (.day, [])
        for bucket in [Bucket.day, .week, .month] {
            var bars: [Bar] = []
            for day in activity {
                let start: CalendarDate
                switch bucket {
                case .day: start = day.date
                case .week: start = day.date.adding(days: -(day.date.weekday - 1))
                case .month: start = CalendarDate(year: day.date.year, month: day.date.month, day: 1)!
                }
                if bars.last?.date != start { bars.append(Bar(date: start, first: day.date, last: day.date)) }
                bars[bars.count - 1].last = day.date
                bars[bars.count - 1].completed += day.completed
                bars[bars.count - 1].created += day.created
            }
            result = (bucket, bars)
            if bars.count <= fits { break }
        }
        return result
    }

    /// The labels under the axis, as bar indexes with their text: a day's bars are labelled on Mondays, a
    /// week's on the first week of each month, a month's by month, and the first bar too when its label
    /// fits before the next; a label that would overlap the one before it (12px text is under 7px a
    /// character) is left out.
    static func labels(_ starts: [CalendarDate], bucket: Bucket, slot: Double) -> [(Int, String)] {
        func text(_ index: Int) -> String {
            let date = starts[index]
            return bucket == .month ? "\(monthNames[date.month - 1]) \(date.year)" : "\(monthNames[date.month - 1]) \(date.day)"
        }
        func width(_ index: Int) -> Double { Double(text(index).count) * 7 + 8 }
        var result: [(Int, String)] = []
        var end = -Double.infinity
        for index in starts.indices.dropFirst() {
            let wanted: Bool
            switch bucket {
            case .day: wanted = starts[index].weekday == 1
            case .week: wanted = starts[index].month != starts[index - 1].month
            case .month: wanted = true
            }
            guard wanted, slot * Double(index) >= end else { continue }
            result.append((index, text(index)))
            end = slot * Double(index) + width(index)
        }
        if !starts.isEmpty, width(0) <= (result.first.map { slot * Double($0.0) } ?? .infinity) {
            result.insert((0, text(0)), at: 0)
        }
        return result
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// A tick step of 1, 2 or 5 times a power of ten giving at most 5 steps, and the axis maximum.
    static func niceScale(_ peak: Int) -> (step: Int, max: Int) {
        guard peak > 0 else { return (1, 1) }
        var magnitude = 1
        while true {
            for factor in [1, 2, 5] {
                let step = factor * magnitude
                if (peak + step - 1) / step <= 5 { return (step, (peak + step - 1) / step * step) }
            }
            magnitude *= 10
        }
    }

    /// A coordinate with at most one decimal, without a trailing `.0`.
    static func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(abs(tenths % 10))"
    }

    static func escape(_ text: String) -> String { text.markupEscaped }
}
