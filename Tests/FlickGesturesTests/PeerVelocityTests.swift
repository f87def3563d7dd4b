import Foundation
import Testing
@testable import FlickGestures

// Android's and Flutter's velocity trackers on their own test vectors (PeerVectors/, copied from the project's
// shared peer-vectors/velocity/ with their note): AOSP's VelocityTracker_test.cpp (recorded Pixel flings and hand-made motions) and Flutter's
// velocity_tracker_test.dart (recorded flings), each motion driven the way its source drives its tracker. Every
// release velocity along the main axis (the larger |expected| of that release; both axes when they tie) of at
// least 100 px/s must read within 5 % of the peer's: 44 checks, 31 against AOSP's LSQ2 (default strategy)
// expectations and 13 against Flutter's. AOSP's IMPULSE expectations (another algorithm) and its expectations of
// no velocity at all (null) are not compared.

/// A decoded JSON object, as JSONSerialization gives it.
private typealias JSON = [String: Any]

/// One release velocity a peer expects and what the tracker reads for the same motion.
private struct PeerCheck {
    var name: String
    var expected: Double
    var actual: Double

    var relativeError: Double { abs(actual - expected) / abs(expected) }
}

private func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }

/// The peers' vectors, next to this file; a failure naming the path when one is missing.
private func peerVectors(_ name: String) throws -> JSON {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("PeerVectors/\(name)")
    let data = try #require(FileManager.default.contents(atPath: url.path), "peer velocity vectors missing: \(url.path)")
    return try #require(try JSONSerialization.jsonObject(with: data) as? JSON, "\(url.path) is not a JSON object")
}

/// An event's time: AOSP's in nanoseconds (some with fractions of a microsecond), Flutter's in whole milliseconds.
private func time(of event: JSON) throws -> Microseconds {
    if let nanoseconds = number(event["t_ns"]) { return Microseconds((nanoseconds / 1000).rounded()) }
    return Microseconds(try #require(number(event["t_ms"]), "an event without a time: \(event)") * 1000)
}

private func position(of point: JSON) -> Point {
    Point(x: number(point["x"]) ?? .nan, y: number(point["y"]) ?? .nan)
}

/// The checks of one release: the main axis (both on a tie), and only velocities a fling could have.
private func mainAxisChecks(_ name: String, expected: [(axis: String, velocity: Double)], actual: Vector) -> [PeerCheck] {
    let largest = expected.map { abs($0.velocity) }.max() ?? 0
    return expected.filter { abs($0.velocity) == largest && largest >= 100 }.map {
        PeerCheck(name: "\(name) \($0.axis)", expected: $0.velocity, actual: $0.axis == "x" ? actual.x : actual.y)
    }
}

/// AOSP's tests: DOWN and CANCEL clear every pointer, POINTER_DOWN and a cancelled POINTER_UP clear theirs, the
/// positions of DOWN, POINTER_DOWN and MOVE are added except resampled ones, those of UP and POINTER_UP are not, and
/// the velocities are read after the last event.
private func androidChecks() throws -> [PeerCheck] {
    let vectors = try peerVectors("aosp-velocitytracker.json")
    let motions = try #require(vectors["single_pointer_cases"] as? [JSON]) + #require(vectors["multi_pointer_cases"] as? [JSON])
    var checks: [PeerCheck] = []
    for motion in motions {
        let name = motion["name"] as? String ?? "?"
        var trackers: [Int: VelocityTracker] = [:]
        var now: Microseconds = 0
        for event in motion["events"] as? [JSON] ?? [] {
            now = try time(of: event)
            let action = event["action"] as? String
            let actionPointer = (event["action_pointer_id"] as? NSNumber)?.intValue
            switch action {
            case "down", "cancel": trackers = [:]
            case "pointer_down": trackers[actionPointer ?? -1] = nil
            case "pointer_up" where (event["flags"] as? [String] ?? []).contains("FLAG_CANCELED"): trackers[actionPointer ?? -1] = nil
            default: break
            }
            guard ["down", "pointer_down", "move"].contains(action) else { continue }
            // A single-pointer event carries its pointer's position itself.
            for pointer in event["pointers"] as? [JSON] ?? [event] where pointer["resampled"] as? Bool != true {
                let id = (pointer["id"] as? NSNumber)?.intValue ?? 0
                trackers[id, default: VelocityTracker()].add(position(of: pointer), at: now)
            }
        }
        let expectations = (motion["expectations"] as? [JSON] ?? []).filter { $0["effective_strategy"] as? String == "lsq2" }
        for id in Set(expectations.compactMap { ($0["pointer_id"] as? NSNumber)?.intValue }).sorted() {
            let expected = expectations.filter { ($0["pointer_id"] as? NSNumber)?.intValue == id }.compactMap { e in
                number(e["expected_px_per_s"]).map { (axis: e["axis"] as? String ?? "?", velocity: $0) }
            }
            let actual = (trackers[id] ?? VelocityTracker()).velocity(at: now)
            checks += mainAxisChecks("AOSP \(name) pointer \(id)", expected: expected, actual: actual)
        }
    }
    return checks
}

/// Flutter's test: one tracker for the whole recorded stream, DOWN and MOVE positions added, the velocity read at
/// each UP; the interrupted motion is a test of its own with a tracker of its own.
private func flutterChecks() throws -> [PeerCheck] {
    let vectors = try peerVectors("flutter-velocitytracker.json")
    var checks: [PeerCheck] = []
    var stream = VelocityTracker()
    for motion in try #require(vectors["cases"] as? [JSON]) {
        let name = motion["name"] as? String ?? "?"
        var own = VelocityTracker()
        let release = try name.hasPrefix("velocityEventData") ? play(motion, into: &stream) : play(motion, into: &own)
        let expected = motion["expected_px_per_s"] as? JSON ?? [:]
        checks += mainAxisChecks("Flutter \(name)", expected: ["x", "y"].compactMap { axis in
            number(expected[axis]).map { (axis: axis, velocity: $0) }
        }, actual: release)
    }
    return checks
}

/// Adds a Flutter motion's DOWN and MOVE positions to `tracker` and reads it at the motion's last event.
private func play(_ motion: JSON, into tracker: inout VelocityTracker) throws -> Vector {
    var now: Microseconds = 0
    for event in motion["events"] as? [JSON] ?? [] {
        now = try time(of: event)
        if ["down", "move"].contains(event["action"] as? String) { tracker.add(position(of: event), at: now) }
    }
    return tracker.velocity(at: now)
}

@Test func readsWhatAndroidAndFlutterReadOnTheirOwnVectors() throws {
    let checks = try androidChecks() + flutterChecks()
    for check in checks {
        #expect(check.relativeError <= 0.05, "\(check.name): \(check.actual) px/s, the peer reads \(check.expected)")
    }
    let worst = try #require(checks.max { $0.relativeError < $1.relativeError })
    print("peer velocity checks: \(checks.count), worst relative error \(worst.relativeError) (\(worst.name))")
    #expect(checks.count > 40)
}

/// The peers' recorded flings (AOSP's Pixel ones and Flutter's): each finger's DOWN and MOVE samples.
private func recordedFlings() throws -> [[(time: Microseconds, position: Point)]] {
    let pixel = try #require(try peerVectors("aosp-velocitytracker.json")["single_pointer_cases"] as? [JSON])
        .filter { ($0["name"] as? String)?.hasPrefix("Sailfish") == true }
    let phone = try #require(try peerVectors("flutter-velocitytracker.json")["cases"] as? [JSON])
        .filter { ($0["name"] as? String)?.hasPrefix("velocityEventData") == true }
    return try (pixel + phone).map { motion in
        try (motion["events"] as? [JSON] ?? []).filter { ["down", "move"].contains($0["action"] as? String) }
            .map { (time: try time(of: $0), position: position(of: $0)) }
    }
}

/// Three samples are all a 25 Hz panel puts in the 100 ms window, and the parabola then passes through each of them.
/// Sampled that way (whole pixels, at 8 phases of the scan), the peers' recorded flings still read close to what
/// the full recording reads at the same moment: the parabola follows the fling rather than swinging off.
@Test func theirFlingsSampledAt25HertzReadCloseToTheFullRecording() throws {
    let scan: Microseconds = 40_000
    var errors: [Double] = []
    for fling in try recordedFlings() {
        /// Where the finger was at `time`, between two recorded samples.
        func position(at time: Microseconds) -> Point {
            let next = fling.firstIndex { $0.time >= time } ?? fling.count - 1
            guard next > 0 else { return fling[0].position }
            let (a, b) = (fling[next - 1], fling[next])
            let f = Double(time - a.time) / Double(b.time - a.time)
            return Point(x: a.position.x + (b.position.x - a.position.x) * f, y: a.position.y + (b.position.y - a.position.y) * f)
        }
        for phase in stride(from: Microseconds(0), to: scan, by: Int(scan / 8)) {
            let scans = Array(stride(from: fling[0].time + phase, through: fling[fling.count - 1].time, by: Int(scan)))
            guard scans.count >= 3, let lift = scans.last else { continue }
            var panel = VelocityTracker(), full = VelocityTracker()
            for t in scans {
                let p = position(at: t)
                panel.add(Point(x: p.x.rounded(), y: p.y.rounded()), at: t)
            }
            for sample in fling where sample.time < lift { full.add(sample.position, at: sample.time) }
            full.add(position(at: lift), at: lift)
            let reference = full.velocity(at: lift)
            guard reference.length >= metrics.pixelsPerSecond(SwipeRecognizer.flickVelocity) else { continue }
            let v = panel.velocity(at: lift)
            errors.append(hypot(v.x - reference.x, v.y - reference.y) / reference.length)
        }
    }
    errors.sort()
    try #require(errors.count >= 50)
    print("25 Hz flings: \(errors.count), median error \(errors[errors.count / 2]), 90th percentile \(errors[errors.count * 9 / 10]), worst \(errors.last!)")
    // A straight line through the same samples: median 43 %, 90th percentile 58 % (it reads 59 % of the speed).
    #expect(errors[errors.count / 2] < 0.1)
    #expect(errors[errors.count * 9 / 10] < 0.25)
}
