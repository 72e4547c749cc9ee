#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A day of the Gregorian calendar, as a date field holds it
/// (`2008-11-29`): no time, no time zone.
///
/// Date classes that depend on the day they are judged on ("18 or
/// over", "not in the future") are declared with ``DateBound``s and
/// resolved against one of these: the variant's reference date.
public struct CalendarDate: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The year (`2008`).
    public let year: Int
    /// The month, 1 to 12.
    public let month: Int
    /// The day of the month, from 1.
    public let day: Int

    /// The date `year`-`month`-`day`; `nil` when there is no such day
    /// (`2027-02-29`) or the year is outside 0 to 9999 (as a date field reads them).
    public init?(year: Int, month: Int, day: Int) {
        guard (0...9999).contains(year), (1...12).contains(month),
            (1...Self.days(inMonth: month, of: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date written `YYYY-MM-DD` (`2008-11-29`); `nil` for any other
    /// text or a day that does not exist.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The device's date today, in its time zone.
    public static func today() -> CalendarDate {
        var seconds = time_t(WallClock.now.components.seconds)
        var parts = tm()
        _ = localtime_r(&seconds, &parts)
        return CalendarDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
            ?? CalendarDate(dayNumber: Int(seconds) / 86_400)
    }

    /// `2008-11-29`.
    public var description: String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// This date moved by `years` and `months` (a day the target month
    /// lacks becomes its last: 29 February less a year is 28 February),
    /// then by `days`; kept within years 0 to 9999.
    public func adding(years: Int = 0, months: Int = 0, days: Int = 0) -> CalendarDate {
        let monthIndex = (year + years) * 12 + (month - 1) + months
        let targetYear = min(9999, max(0, monthIndex >= 0 ? monthIndex / 12 : (monthIndex - 11) / 12))
        let targetMonth = monthIndex - (monthIndex >= 0 ? monthIndex / 12 : (monthIndex - 11) / 12) * 12 + 1
        let moved = CalendarDate(
            year: targetYear, month: targetMonth, day: min(day, Self.days(inMonth: targetMonth, of: targetYear)))!
        guard days != 0 else { return moved }
        let number = moved.dayNumber + days
        return CalendarDate(dayNumber: min(max(number, Self.first.dayNumber), Self.last.dayNumber))
    }

    /// The first and last days a date field holds.
    static let first = CalendarDate(year: 0, month: 1, day: 1)!
    static let last = CalendarDate(year: 9999, month: 12, day: 31)!

    static func days(inMonth month: Int, of year: Int) -> Int {
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    }

    /// Days since 1970-01-01 (negative before it): Howard Hinnant's
    /// `days_from_civil`.
    var dayNumber: Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `number` days after 1970-01-01: `civil_from_days`.
    init(dayNumber number: Int) {
        let shifted = number + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        self.year = year
        self.month = month
        self.day = day
    }
}

/// One end of a date class: a fixed day, or a distance from the day the
/// class is judged on (the variant's reference date, see
/// ``ValueRule/dates(from:through:)``).
///
/// ```swift
/// .dates(through: .yearsAgo(18))                 // 18 or over
/// .dates(after: .yearsAgo(16), through: .today)  // under 16, not in the future
/// ```
public enum DateBound: Hashable, Sendable, CustomStringConvertible {
    /// This day, whatever the day the class is judged on.
    case on(CalendarDate)
    /// The day the class is judged on moved by `years` and `months`, then
    /// by `days` (negative: before it).
    case fromReference(years: Int, months: Int, days: Int)

    /// The day the class is judged on.
    public static let today = DateBound.fromReference(years: 0, months: 0, days: 0)

    /// The same day `count` years before the day judged on (28 February
    /// for 29 February in a year that has none).
    public static func yearsAgo(_ count: Int) -> DateBound { .fromReference(years: -count, months: 0, days: 0) }

    /// `count` days before the day judged on.
    public static func daysAgo(_ count: Int) -> DateBound { .fromReference(years: 0, months: 0, days: -count) }

    /// `count` days after the day judged on.
    public static func daysAhead(_ count: Int) -> DateBound { .fromReference(years: 0, months: 0, days: count) }

    /// The day this bound is when judged on `reference`.
    public func date(on reference: CalendarDate) -> CalendarDate {
        switch self {
        case .on(let date): date
        case .fromReference(let years, let months, let days): reference.adding(years: years, months: months, days: days)
        }
    }

    /// The day after this bound.
    var dayAfter: DateBound {
        switch self {
        case .on(let date): .on(date.adding(days: 1))
        case .fromReference(let years, let months, let days):
            .fromReference(years: years, months: months, days: days + 1)
        }
    }

    /// Whether it moves with the day judged on.
    var isRelative: Bool { if case .fromReference = self { true } else { false } }

    /// `2008-11-29`, `18 years before the day judged on`.
    public var description: String {
        switch self {
        case .on(let date):
            return date.description
        case .fromReference(let years, let months, let days):
            func part(_ count: Int, _ unit: String) -> String? {
                count == 0
                    ? nil : "\(abs(count)) \(unit)\(abs(count) == 1 ? "" : "s") \(count < 0 ? "before" : "after")"
            }
            let parts = [part(years, "year"), part(months, "month"), part(days, "day")].compactMap { $0 }
            return parts.isEmpty ? "the day judged on" : parts.joined(separator: ", ") + " the day judged on"
        }
    }
}
