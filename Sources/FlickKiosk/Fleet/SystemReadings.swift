import FlickFiles
import Glibc

/// What the kernel says about the kiosk's process and board, for its health: memory, CPU temperature, uptime. Each
/// reading is nil where the file is missing or unreadable (a container, another kernel): a health report says
/// "unknown" rather than a wrong number.
enum SystemReadings {
    /// Resident memory in bytes: the second field of /proc/self/statm, in pages.
    static func residentBytes() -> Int? {
        guard let fields = text("/proc/self/statm")?.split(separator: " "), fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Seconds the process has run: the system's uptime (/proc/uptime) less the process's start after boot (field 22
    /// of /proc/self/stat, in clock ticks).
    static func processUptime() -> Double? {
        guard let uptime = text("/proc/uptime")?.split(separator: " ").first.flatMap({ Double($0) }),
              let stat = text("/proc/self/stat"), let close = stat.lastIndex(of: ")") else { return nil }
        // The command name in parentheses may hold spaces: fields count from after its closing parenthesis (field 3).
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        return max(0, uptime - ticks / Double(sysconf(Int32(_SC_CLK_TCK))))
    }

    /// The zone types that are the CPU's own, best first: a Raspberry Pi's `cpu-thermal`, an SoC's `soc-thermal`,
    /// Intel's package sensor.
    static let cpuZoneTypes = ["cpu", "soc", "x86_pkg_temp"]

    /// The CPU's temperature in °C: the first thermal zone (`/sys/class/thermal/thermal_zone*`) whose type names the
    /// CPU or SoC, else the first zone that reads at all; nil when none does.
    static func cpuTemperature(zones directory: String = "/sys/class/thermal") -> Double? {
        var zones: [(type: String, celsius: Double)] = []
        for index in 0..<64 {
            let zone = "\(directory)/thermal_zone\(index)"
            guard let type = text(zone + "/type") else {
                if access(zone, F_OK) != 0 { break }
                continue
            }
            // Millidegrees; a zone that is switched off reads an error or nonsense.
            guard let milli = text(zone + "/temp").flatMap({ Double($0) }), (-60_000...200_000).contains(milli) else { continue }
            zones.append((type.lowercased(), milli / 1000))
        }
        for wanted in cpuZoneTypes {
            if let zone = zones.first(where: { $0.type.contains(wanted) }) { return zone.celsius }
        }
        return zones.first?.celsius
    }

    /// The file's text with white space around it trimmed; nil when it cannot be read.
    private static func text(_ path: String) -> String? {
        guard let bytes = try? InputFile.read(path, as: .dataSource) else { return nil }
        return String(decoding: bytes, as: UTF8.self).trimmingWhiteSpace()
    }
}
