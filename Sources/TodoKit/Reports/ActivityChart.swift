/// A standalone SVG bar chart of tasks completed and created per day, with axes, labels and a legend.
public enum ActivityChart {
    static let completedColor = "#2e7d32"
    static let createdColor = "#1565c0"

    public static func svg(_ activity: [Statistics.DayActivity], title: String? = nil) -> String {
        let left = 56.0, right = 24.0, top = 48.0, bottom = 72.0
        let slot = max(10.0, min(28.0, 760.0 / Double(max(1, activity.count))))
        let plotWidth = slot * Double(activity.count)
        let plotHeight = 240.0
        let width = left + plotWidth + right, height = top + plotHeight + bottom
        let peak = activity.map { max($0.completed, $0.created) }.max() ?? 0
        let (step, axisMax) = niceScale(max(peak, 4))
        func y(_ value: Int) -> Double { top + plotHeight - plotHeight * Double(value) / Double(axisMax) }

        var svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(format(width))" height="\(format(height))" \
            viewBox="0 0 \(format(width)) \(format(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">

            """
        svg += "  <rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        let heading = title ?? (activity.first.map { "Tasks completed and created per day, \($0.date) to \(activity.last!.date)" } ?? "Tasks per day")
        svg += "  <text x=\"\(format(left))\" y=\"26\" font-size=\"16\" font-weight=\"bold\" fill=\"#222\">\(escape(heading))</text>\n"

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
        for (index, day) in activity.enumerated() {
            let x = left + slot * Double(index) + slot * 0.1
            if day.completed > 0 {
                svg += "    <rect x=\"\(format(x))\" y=\"\(format(y(day.completed)))\" width=\"\(format(barWidth))\" height=\"\(format(y(0) - y(day.completed)))\" fill=\"\(completedColor)\"><title>\(day.date): \(day.completed) completed</title></rect>\n"
            }
            if day.created > 0 {
                svg += "    <rect x=\"\(format(x + barWidth))\" y=\"\(format(y(day.created)))\" width=\"\(format(barWidth))\" height=\"\(format(y(0) - y(day.created)))\" fill=\"\(createdColor)\"><title>\(day.date): \(day.created) created</title></rect>\n"
            }
        }
        svg += "  </g>\n"

        svg += "  <g stroke=\"#444\" stroke-width=\"1\">\n"
        svg += "    <line x1=\"\(format(left))\" y1=\"\(format(top))\" x2=\"\(format(left))\" y2=\"\(format(y(0)))\"/>\n"
        svg += "    <line x1=\"\(format(left))\" y1=\"\(format(y(0)))\" x2=\"\(format(left + plotWidth))\" y2=\"\(format(y(0)))\"/>\n"
        let labelled = labelledDays(activity)
        for index in labelled {
            let x = left + slot * Double(index)
            svg += "    <line x1=\"\(format(x))\" y1=\"\(format(y(0)))\" x2=\"\(format(x))\" y2=\"\(format(y(0) + 5))\"/>\n"
        }
        svg += "  </g>\n  <g fill=\"#444\" text-anchor=\"start\">\n"
        for index in labelled {
            let day = activity[index]
            let x = left + slot * Double(index)
            svg += "    <text x=\"\(format(x))\" y=\"\(format(y(0) + 18))\">\(monthNames[day.date.month - 1]) \(day.date.day)</text>\n"
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

    /// Mondays, and the first day when the first Monday is far enough away for both labels to fit.
    static func labelledDays(_ activity: [Statistics.DayActivity]) -> [Int] {
        let mondays = activity.indices.filter { activity[$0].date.weekday == 1 }
        if let first = mondays.first, first < 3 { return mondays }
        return activity.isEmpty ? [] : [0] + mondays
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

    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
