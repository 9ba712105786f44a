import HotwordDetection
import JSONText
import Pipeline
import TextFormatting

/// All rows of a benchmark run, with the operating point per keyword.
package struct BenchmarkResult: Sendable {
    /// One row per keyword and sensitivity, sorted by keyword, then sensitivity.
    package var rows: [BenchmarkRow]
    /// The false-alarm rate an operating point must meet.
    package var targetFalseAlarmsPerHour: Double
    /// The process's peak resident memory; nil where the system does not say.
    package var peakResidentBytes: Int?
    /// How many runs (keyword and sensitivity) went on at once, each with a detector of its
    /// own: the peak memory holds them all.
    package var concurrentRuns = 1
    /// Wall-clock seconds of the whole run.
    package var wallSeconds: Double
    /// How detections were decided, which says which parts of the calibration were used; nil
    /// for detections made elsewhere.
    package var decision: KeywordDecision? = .twoStage
    /// The second stage's vocabulary; nil when detection has no second stage.
    package var recogniserVocabulary: RecogniserVocabulary? = .standard

    /// Per keyword, the row with the fewest misses among those at or below the target
    /// false-alarm rate (the highest sensitivity, or the last file of detections, on a tie); nil
    /// when none meets it or the rate is unknown.
    package func operatingPoint(for keyword: String) -> BenchmarkRow? {
        operatingPoint(for: keyword, among: rows)
    }

    /// The operating point of `keyword` among `rows`, by the rule of `operatingPoint(for:)`.
    private func operatingPoint(for keyword: String, among rows: [BenchmarkRow]) -> BenchmarkRow? {
        rows.filter { $0.keyword == keyword && ($0.falseAlarmsPerHour ?? .infinity) <= targetFalseAlarmsPerHour }
            .max { ($0.score.hits, $0.setting) < ($1.score.hits, $1.setting) }
    }

    /// With halves (`bench --halves`), per keyword: the operating point chosen on the first
    /// half, and the second half's figures at its sensitivity, which were not looked at in
    /// choosing it. Nil when the rows have no halves or the first half has no operating point.
    package func heldOutPoint(for keyword: String) -> (chosen: BenchmarkRow, reported: BenchmarkRow)? {
        let halves = rows.filter { $0.keyword == keyword && $0.halves.count == 2 }
        guard let chosen = operatingPoint(for: keyword, among: halves.map { $0.halves[0] }),
              let reported = halves.first(where: { $0.setting == chosen.setting })?.halves[1] else { return nil }
        return (chosen, reported)
    }

    /// " (no negatives: false-alarm rate unknown)" when `keyword` was measured without negatives.
    private func unknownRate(_ keyword: String) -> String {
        rows.contains { $0.keyword == keyword && $0.falseAlarmsPerHour == nil } ? " (no negatives: false-alarm rate unknown)" : ""
    }

    /// Whether the rows are the detector's own, so that the process's CPU and memory are its.
    private var measuredTheDetector: Bool { rows.contains { $0.sensitivity != nil } }

    /// "no sensitivity" or "no file of detections", for sentences saying none meets the target.
    private var noSetting: String { measuredTheDetector ? "no sensitivity" : "no file of detections" }

    /// Whether the rows carry their halves.
    private var hasHalves: Bool { rows.contains { !$0.halves.isEmpty } }

    /// Keywords in the order they appear in the rows.
    package var keywords: [String] {
        var seen = Set<String>()
        return rows.map(\.keyword).filter { seen.insert($0).inserted }
    }

    /// A table for a terminal.
    package var table: String {
        // The keyword column is as wide as the longest keyphrase (11 at least), so that
        // "smart mirror" is not cut to "smart mirro".
        let keywordWidth = max(11, rows.map(\.keyword.count).max() ?? 0)
        func keywordColumn(_ text: String) -> String {
            text + String(repeating: " ", count: max(0, keywordWidth - text.count))
        }
        let header = keywordColumn("keyword") + "  S     hits     miss    miss 95 %    FA neg   FA/h     FA/h 95 %   FA pos  lat p50  lat p95  lat max  RTF"
        func line(_ row: BenchmarkRow) -> String {
            let score = row.score
            return [
                keywordColumn(row.keyword),
                row.setting.column,
                "\(score.hits)/\(score.labels)".leftPadded(8),
                score.missRate.map { String(printf: "%6.1f %%", $0 * 100) } ?? "     -  ",
                (score.missRateInterval.map { String(printf: "%.1f–%.1f", $0.lower * 100, $0.upper * 100) } ?? "-").leftPadded(11),
                (row.negativeFalseAlarms.map(String.init) ?? "-").leftPadded(7),
                (row.falseAlarmsPerHour.map { String(printf: "%.2f", $0) } ?? "unknown").leftPadded(8),
                (row.falseAlarmsPerHourInterval.map { String(printf: "%.2f–%.2f", $0.lower, $0.upper) } ?? "-").leftPadded(11),
                "\(score.falseAlarmsInPositives)".leftPadded(7),
                Self.seconds(score.latency(quantile: 0.5)),
                Self.seconds(score.latency(quantile: 0.95)),
                Self.seconds(score.latencies.last),
                row.realTimeFactor.map { String(printf: "%.4f", $0) } ?? "-",
            ].joined(separator: "  ")
        }
        var lines = [header] + rows.map(line)
        for case .detections(let file, let index) in Set(rows.map(\.setting)).sorted() {
            lines.append("#\(index): detections read from \(file)")
        }
        lines.append("")
        for keyword in keywords {
            if let point = operatingPoint(for: keyword) {
                lines.append("\(keyword): at ≤ \(Self.rate(targetFalseAlarmsPerHour)) FA/h use \(point.setting.name): \(Self.figures(of: point))")
            } else {
                lines.append("\(keyword): \(noSetting)\(measuredTheDetector ? " measured" : "") meets ≤ \(Self.rate(targetFalseAlarmsPerHour)) FA/h\(unknownRate(keyword))")
            }
        }
        if hasHalves {
            lines.append("")
            lines.append("first half (the first half of each keyword's labels and of each negative file)")
            lines.append(header)
            lines += rows.compactMap(\.halves.first).map(line)
            lines.append("")
            lines.append("second half (the rest)")
            lines.append(header)
            lines += rows.compactMap(\.halves.last).map(line)
            lines.append("")
            for keyword in keywords {
                if let point = heldOutPoint(for: keyword) {
                    lines.append("\(keyword): \(point.chosen.setting.name), chosen on the first half (\(Self.figures(of: point.chosen))), gives on the second half \(Self.figures(of: point.reported))")
                } else {
                    lines.append("\(keyword): \(noSetting) meets ≤ \(Self.rate(targetFalseAlarmsPerHour)) FA/h on the first half\(unknownRate(keyword))")
                }
            }
        }
        let explained = rows.compactMap { row in row.causes.map { (row: row, causes: $0) } }
        if !explained.isEmpty {
            lines.append("")
            lines.append("misses and false alarms by cause (docs/detection.md, The verdict; detect --candidates shows each)")
            for (row, causes) in explained {
                lines.append(keywordColumn(row.keyword) + "  " + row.setting.column + "  " + causes.summary)
            }
        }
        let calibrated = rows.compactMap { row in row.calibration.map { (row: row, threshold: $0) } }
        if !calibrated.isEmpty {
            let usesCandidates = decision != .spotting
            lines.append("")
            lines.append("calibration (docs/detection.md, Sensitivity): keyphrase phones, log10 thresholds" + (usesCandidates ? ", phone edits allowed" : ""))
            lines.append(keywordColumn("keyword") + "  S     phones  threshold" + (usesCandidates ? "  candidates  inexact  edits  edits slow" : ""))
            for (row, threshold) in calibrated {
                lines.append([
                    keywordColumn(row.keyword),
                    row.setting.column,
                    "\(threshold.phoneCount)".leftPadded(6),
                    String(printf: "%.1f", threshold.log10Threshold).leftPadded(9),
                ].joined(separator: "  ") + (usesCandidates ? "  " + [
                    String(printf: "%.1f", threshold.log10CandidateThreshold).leftPadded(10),
                    String(printf: "%.1f", threshold.log10InexactFloor).leftPadded(7),
                    "\(threshold.phoneEditsAllowed)".leftPadded(5),
                    "\(threshold.slowPhoneEditsAllowed)".leftPadded(10),
                ].joined(separator: "  ") : ""))
            }
            lines.append("")
        }
        guard measuredTheDetector else {
            lines.append("detections made elsewhere, scored: no CPU or memory measured; wall time \(String(printf: "%.1f", wallSeconds)) s")
            return lines.joined(separator: "\n")
        }
        let together = concurrentRuns > 1 ? " (the whole process, \(concurrentRuns) runs at once)" : ""
        lines.append("peak RSS \(peakResidentBytes.map { String(printf: "%.1f MB", Double($0) / 1_048_576) } ?? "unknown")\(together), "
                     + "wall time \(String(printf: "%.1f", wallSeconds)) s")
        return lines.joined(separator: "\n")
    }

    /// The result as one JSON object.
    package var json: JSONValue {
        .object([
            ("type", .string("bench")),
            ("target_fa_per_hour", .number(targetFalseAlarmsPerHour)),
            ("peak_rss_bytes", peakResidentBytes.map(JSONValue.integer) ?? .null),
            ("concurrent_runs", .integer(concurrentRuns)),
            ("wall_s", .number(wallSeconds)),
            ("decision", decision.map { .string($0.rawValue) } ?? .null),
            ("recogniser_vocabulary", recogniserVocabulary.map { .string($0.rawValue) } ?? .null),
            ("rows", .array(rows.map(json(of:)))),
            ("operating_points", .array(keywords.map { keyword in
                let point = operatingPoint(for: keyword)
                return .object([("keyword", .string(keyword))] + Self.settingMembers(point?.setting) + [
                    ("miss_rate", point?.score.missRate.map(JSONValue.number) ?? .null),
                    ("fa_per_hour", point?.falseAlarmsPerHour.map(JSONValue.number) ?? .null),
                ])
            })),
        ] + (hasHalves ? [
            ("held_out_points", .array(keywords.map { keyword in
                let point = heldOutPoint(for: keyword)
                return .object([("keyword", .string(keyword))] + Self.settingMembers(point?.chosen.setting) + [
                    ("first_half_miss_rate", point?.chosen.score.missRate.map(JSONValue.number) ?? .null),
                    ("first_half_fa_per_hour", point?.chosen.falseAlarmsPerHour.map(JSONValue.number) ?? .null),
                    ("miss_rate", point?.reported.score.missRate.map(JSONValue.number) ?? .null),
                    ("fa_per_hour", point?.reported.falseAlarmsPerHour.map(JSONValue.number) ?? .null),
                ])
            })),
        ] : []))
    }

    /// "miss rate M %, F FA/h" of `row`, for the sentences under the table.
    private static func figures(of row: BenchmarkRow) -> String {
        "miss rate \(row.score.missRate.map { String(printf: "%.1f %%", $0 * 100) } ?? "unknown (no positives)"), \(row.falseAlarmsPerHour.map { String(printf: "%.2f", $0) } ?? "?") FA/h"
    }

    /// One row as a JSON object.
    private func json(of row: BenchmarkRow) -> JSONValue {
        let members: [(key: String, value: JSONValue)] = [("keyword", .string(row.keyword))] + Self.settingMembers(row.setting) + [
            ("hits", .integer(row.score.hits)),
            ("labels", .integer(row.score.labels)),
            ("misses", .integer(row.score.misses)),
            ("miss_rate", row.score.missRate.map(JSONValue.number) ?? .null),
            ("miss_rate_ci95", Self.json(row.score.missRateInterval)),
            ("false_alarms", row.negativeFalseAlarms.map(JSONValue.integer) ?? .null),
            ("negative_hours", row.negativeHours.map(JSONValue.number) ?? .null),
            ("fa_per_hour", row.falseAlarmsPerHour.map(JSONValue.number) ?? .null),
            ("fa_per_hour_ci95", Self.json(row.falseAlarmsPerHourInterval)),
            ("false_alarms_in_positives", .integer(row.score.falseAlarmsInPositives)),
            ("latency_p50_s", row.score.latency(quantile: 0.5).map(JSONValue.number) ?? .null),
            ("latency_p95_s", row.score.latency(quantile: 0.95).map(JSONValue.number) ?? .null),
            ("latency_max_s", row.score.latencies.last.map(JSONValue.number) ?? .null),
            ("rtf", row.realTimeFactor.map(JSONValue.number) ?? .null),
            ("calibration", decision.flatMap { row.calibration?.json(decision: $0) } ?? .null),
            ("causes", row.causes?.json ?? .null),
        ]
        return .object(members + (row.halves.isEmpty ? [] : [("halves", .array(row.halves.map(json(of:))))]))
    }

    /// `sensitivity` (null for detections made elsewhere, and for none), and `detections`, the
    /// file they were read from, for detections made elsewhere.
    private static func settingMembers(_ setting: BenchmarkSetting?) -> [(key: String, value: JSONValue)] {
        switch setting {
        case .sensitivity(let value)?: [("sensitivity", .number(value))]
        case .detections(let file, _)?: [("sensitivity", .null), ("detections", .string(file))]
        case nil: [("sensitivity", .null)]
        }
    }

    /// `[lower, upper]`, or null.
    private static func json(_ interval: ConfidenceInterval?) -> JSONValue {
        interval.map { .array([.number($0.lower), .number($0.upper)]) } ?? .null
    }

    private static func seconds(_ value: Double?) -> String {
        (value.map { String(printf: "%.3f", $0) } ?? "-").leftPadded(7)
    }

    private static func rate(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

extension String {
    /// The string right-aligned in `width` columns.
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
