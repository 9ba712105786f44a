import FoundationEssentials
import Glibc

/// The time zone whose offset from UTC at the time of each query tells the SUSI server what
/// "today" and "at 7" mean: the system's, or one at a fixed offset.
///
/// The system's is the `TZ` environment variable when set (a tz database name such as
/// `Europe/Berlin`, or a POSIX rule such as `CET-1CEST,M3.5.0,M10.5.0/3`), else
/// `/etc/localtime`, as C's `localtime_r` reads them, daylight saving time included.
package struct LocalTimeZone: Sendable, Equatable {
    /// How the zone is named in logs: `TZ`, else the zone `/etc/localtime` links to, else its
    /// abbreviation now ("UTC", "CET").
    package let name: String
    /// Seconds east of UTC at every moment; nil for the system's zone.
    private let fixedSecondsFromUTC: Int?

    /// The system's zone, its name read once, when first used; its offset is read at each query.
    package static let system = LocalTimeZone()

    /// A zone `secondsFromUTC` east of UTC all year (UTC+1 is 3600), named `name`.
    package init(name: String, fixedSecondsFromUTC secondsFromUTC: Int) {
        self.name = name
        fixedSecondsFromUTC = secondsFromUTC
    }

    private init() {
        fixedSecondsFromUTC = nil
        tzset()
        if let variable = getenv("TZ").map({ String(cString: $0) }), !variable.isEmpty {
            name = variable.hasPrefix(":") ? String(variable.dropFirst()) : variable
        } else if let link = Self.zoneLinkedFromLocaltime() {
            name = link
        } else {
            var now = time(nil), fields = tm()
            localtime_r(&now, &fields)
            name = fields.tm_zone.map { String(cString: $0) } ?? "UTC"
        }
    }

    /// Seconds east of UTC at `date` (UTC+1 is 3600), daylight saving time included.
    package func secondsFromUTC(at date: Date) -> Int {
        if let fixedSecondsFromUTC { return fixedSecondsFromUTC }
        var moment = time_t(date.timeIntervalSince1970.rounded(.down)), fields = tm()
        guard localtime_r(&moment, &fields) != nil else { return 0 }
        return fields.tm_gmtoff
    }

    /// `Europe/Berlin` when `/etc/localtime` links into the tz database, as Debian sets it.
    private static func zoneLinkedFromLocaltime() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        let length = readlink("/etc/localtime", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let target = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let range = target.firstRange(of: "zoneinfo/") else { return nil }
        return String(target[range.upperBound...])
    }
}
