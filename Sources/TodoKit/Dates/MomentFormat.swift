/// A date written with a moment.js format string, as Obsidian names daily notes (`YYYY-MM-DD`,
/// `YYYY/MM/YYYY-MM-DD ddd`) and fills `{{date:FORMAT}}` in templates; English names, as moment's default locale.
///
/// Tokens: `YYYY` `YY` (year), `Q` (quarter), `M` `MM` `Mo` `MMM` `MMMM` (month), `D` `DD` `Do` (day), `DDD`
/// `DDDD` (day of the year), `d` `do` `dd` `ddd` `dddd` (weekday, Sunday 0), `E` (ISO weekday, Monday 1), `W`
/// `WW` `Wo` and `GGGG` `GG` (ISO week and its year), `w` `ww` `wo` and `gggg` `gg` (the week and its year as
/// moment's English locale counts them: weeks start on Sunday, the first holds 1 January), `H` `HH` `h` `hh`
/// `m` `mm` `A` `a` (time of day), and `[text]` written as it is. Any other character is itself.
package enum MomentFormat {
    package static func format(_ date: CalendarDate, time: TimeOfDay? = nil, as pattern: String) -> String {
        let tokens = ["YYYY", "GGGG", "gggg", "MMMM", "dddd", "DDDD", "MMM", "ddd", "DDD", "YY", "GG", "gg", "MM", "Mo",
                      "DD", "Do", "dd", "do", "WW", "Wo", "ww", "wo", "HH", "hh", "mm", "Q", "M", "D", "d", "E", "W", "w",
                      "H", "h", "m", "A", "a"]
        var out = ""
        var rest = Substring(pattern)
        while let first = rest.first {
            if first == "[", let close = rest.firstIndex(of: "]") {
                out += rest[rest.index(after: rest.startIndex)..<close]
                rest = rest[rest.index(after: close)...]
                continue
            }
            if let token = tokens.first(where: { rest.hasPrefix($0) }) {
                out += value(of: token, date, time ?? TimeOfDay(minutes: 0)!)
                rest = rest.dropFirst(token.count)
            } else {
                out.append(first)
                rest = rest.dropFirst()
            }
        }
        return out
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                             "October", "November", "December"]
    static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    private static func value(of token: String, _ date: CalendarDate, _ time: TimeOfDay) -> String {
        func pad(_ n: Int, _ width: Int) -> String {
            let digits = String(n)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        // moment counts weekdays from Sunday (0); CalendarDate from Monday (1).
        let sundayBased = date.weekday % 7
        let dayOfYear = date.dayNumber - CalendarDate(year: date.year, month: 1, day: 1)!.dayNumber + 1
        let iso = week(of: date, firstWeekday: 1, dayInFirstWeek: 4)
        let local = week(of: date, firstWeekday: 0, dayInFirstWeek: 1)
        let hour12 = time.hour % 12 == 0 ? 12 : time.hour % 12
        switch token {
        case "YYYY": return pad(date.year, 4)
        case "YY": return pad(date.year % 100, 2)
        case "Q": return String((date.month - 1) / 3 + 1)
        case "M": return String(date.month)
        case "MM": return pad(date.month, 2)
        case "Mo": return ordinal(date.month)
        case "MMM": return String(monthNames[date.month - 1].prefix(3))
        case "MMMM": return monthNames[date.month - 1]
        case "D": return String(date.day)
        case "DD": return pad(date.day, 2)
        case "Do": return ordinal(date.day)
        case "DDD": return String(dayOfYear)
        case "DDDD": return pad(dayOfYear, 3)
        case "d": return String(sundayBased)
        case "do": return ordinal(sundayBased)
        case "dd": return String(weekdayNames[sundayBased].prefix(2))
        case "ddd": return String(weekdayNames[sundayBased].prefix(3))
        case "dddd": return weekdayNames[sundayBased]
        case "E": return String(date.weekday)
        case "W": return String(iso.week)
        case "WW": return pad(iso.week, 2)
        case "Wo": return ordinal(iso.week)
        case "GGGG": return pad(iso.year, 4)
        case "GG": return pad(iso.year % 100, 2)
        case "w": return String(local.week)
        case "ww": return pad(local.week, 2)
        case "wo": return ordinal(local.week)
        case "gggg": return pad(local.year, 4)
        case "gg": return pad(local.year % 100, 2)
        case "H": return String(time.hour)
        case "HH": return pad(time.hour, 2)
        case "h": return String(hour12)
        case "hh": return pad(hour12, 2)
        case "m": return String(time.minute)
        case "mm": return pad(time.minute, 2)
        case "A": return time.hour < 12 ? "AM" : "PM"
        default: return time.hour < 12 ? "am" : "pm"
        }
    }

    /// `1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`, as moment's English locale writes them.
    static func ordinal(_ n: Int) -> String {
        let tens = n % 100, ones = n % 10
        let suffix = (11...13).contains(tens) ? "th" : ones == 1 ? "st" : ones == 2 ? "nd" : ones == 3 ? "rd" : "th"
        return "\(n)\(suffix)"
    }

    /// The week of the year `date` falls in and that week's year, for weeks starting on `firstWeekday` (Sunday
    /// 0, Monday 1) whose first one holds day `dayInFirstWeek` of January (ISO: Monday, the 4th).
    static func week(of date: CalendarDate, firstWeekday: Int, dayInFirstWeek: Int) -> (week: Int, year: Int) {
        func start(ofFirstWeekOf year: Int) -> Int {
            let anchor = CalendarDate(year: year, month: 1, day: dayInFirstWeek)!
            let back = (anchor.weekday % 7 - firstWeekday + 7) % 7
            return anchor.dayNumber - back
        }
        var year = date.year
        if date.dayNumber >= start(ofFirstWeekOf: year + 1) { year += 1 } else if date.dayNumber < start(ofFirstWeekOf: year) { year -= 1 }
        return ((date.dayNumber - start(ofFirstWeekOf: year)) / 7 + 1, year)
    }
}
