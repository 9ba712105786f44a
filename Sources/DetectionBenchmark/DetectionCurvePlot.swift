import TextFormatting

/// An SVG plot of miss rate against false alarms per hour across sensitivities, one curve per
/// keyword, each point marked with its sensitivity and crossed by its 95 % intervals (miss rate
/// upright, false alarms per hour across; an interval reaching past the axes is cut at them).
package struct DetectionCurvePlot {
    /// The rows to plot.
    package let result: BenchmarkResult

    /// The plot of `result`.
    package init(result: BenchmarkResult) { self.result = result }

    private let width = 640.0, height = 420.0
    private let left = 70.0, right = 150.0, top = 40.0, bottom = 60.0
    private let colours = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"]

    /// The plot as an SVG document. Rows with an unknown false-alarm rate or miss rate are left out.
    package var svg: String {
        let plotted = result.rows.compactMap { row in
            row.falseAlarmsPerHour.flatMap { rate in row.score.missRate.map { (row: row, falseAlarmsPerHour: rate, missPercent: $0 * 100) } }
        }
        // At least 1 an hour: with no false alarm and a target of 0 the axis would have no length.
        let maxRate = max(plotted.map(\.falseAlarmsPerHour).max() ?? 0, result.targetFalseAlarmsPerHour, 1) * 1.1
        let maxMiss = min(100, max(10, (plotted.map(\.missPercent).max() ?? 10) * 1.1))
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        func x(_ rate: Double) -> Double { left + rate / maxRate * plotWidth }
        func y(_ miss: Double) -> Double { top + plotHeight - miss / maxMiss * plotHeight }

        var parts: [String] = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" font-family=\"sans-serif\" font-size=\"12\">",
            "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>",
            "<text x=\"\(left)\" y=\"22\" font-size=\"15\">Miss rate against false alarms per hour</text>",
            line(x(0), y(0), x(maxRate), y(0), "black"),
            line(x(0), y(0), x(0), y(maxMiss), "black"),
            "<text x=\"\(left + plotWidth / 2)\" y=\"\(height - 15)\" text-anchor=\"middle\">false alarms per hour</text>",
            "<text transform=\"translate(18 \(top + plotHeight / 2)) rotate(-90)\" text-anchor=\"middle\">miss rate (%)</text>",
        ]
        for step in 0...5 {
            let rate = maxRate * Double(step) / 5, miss = maxMiss * Double(step) / 5
            parts.append("<text x=\"\(format(x(rate)))\" y=\"\(format(y(0) + 18))\" text-anchor=\"middle\">\(String(printf: "%.1f", rate))</text>")
            parts.append("<text x=\"\(format(left - 8))\" y=\"\(format(y(miss) + 4))\" text-anchor=\"end\">\(String(printf: "%.0f", miss))</text>")
            parts.append(line(x(0), y(miss), x(maxRate), y(miss), "#e5e5e5"))
        }
        parts.append(line(x(result.targetFalseAlarmsPerHour), y(0), x(result.targetFalseAlarmsPerHour), y(maxMiss), "#999999", dashed: true))
        for (index, keyword) in result.keywords.enumerated() {
            let colour = colours[index % colours.count]
            let points = plotted.filter { $0.row.keyword == keyword }.sorted { $0.row.setting < $1.row.setting }
            let path = points.map { "\(format(x($0.falseAlarmsPerHour))),\(format(y($0.missPercent)))" }.joined(separator: " ")
            parts.append("<polyline fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\" points=\"\(path)\"/>")
            for point in points {
                let px = x(point.falseAlarmsPerHour), py = y(point.missPercent)
                if let miss = point.row.score.missRateInterval {
                    parts.append(line(px, y(miss.lower * 100), px, y(min(miss.upper * 100, maxMiss)), colour, interval: true))
                }
                if let rate = point.row.falseAlarmsPerHourInterval {
                    parts.append(line(x(rate.lower), py, x(min(rate.upper, maxRate)), py, colour, interval: true))
                }
                parts.append("<circle cx=\"\(format(px))\" cy=\"\(format(py))\" r=\"3.5\" fill=\"\(colour)\"/>")
                parts.append("<text x=\"\(format(px + 5))\" y=\"\(format(py - 5))\" font-size=\"10\" fill=\"\(colour)\">\(point.row.setting.label)</text>")
            }
            let legendY = top + 20 * Double(index)
            parts.append(line(width - right + 15, legendY, width - right + 40, legendY, colour))
            parts.append("<text x=\"\(format(width - right + 46))\" y=\"\(format(legendY + 4))\">\(escaped(keyword))</text>")
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n") + "\n"
    }

    /// A line; an `interval` (a point's 95 % interval) is marked with its class and drawn faint.
    private func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ colour: String,
                      dashed: Bool = false, interval: Bool = false) -> String {
        "<line\(interval ? " class=\"interval\"" : "") x1=\"\(format(x1))\" y1=\"\(format(y1))\" x2=\"\(format(x2))\" y2=\"\(format(y2))\" stroke=\"\(colour)\"\(dashed ? " stroke-dasharray=\"4 3\"" : "")\(interval ? " stroke-opacity=\"0.4\"" : "")/>"
    }

    private func format(_ value: Double) -> String { String(printf: "%.1f", value) }

    private func escaped(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;")
    }
}
