import FlickJSON

extension KioskConfig {
    /// One entry of the config's `sources`: a value that changes while the kiosk runs, named once and bound by
    /// name (a panel's `value`, `gauge` or `image` widget).
    ///
    /// ```json
    /// "sources": {
    ///   "temperature": {"mqtt": "factory/line1/temp", "path": "celsius", "freshness": 30},
    ///   "parts":       {"file": "/run/line1/count", "freshness": 10},
    ///   "now":         {"clock": "second"}
    /// }
    /// ```
    public struct DataSource: Sendable, Equatable {
        /// The key in `sources`: 1 to 64 letters, digits, `-` or `_`.
        public var name: String
        /// Where the value comes from.
        public var origin: Origin
        /// `freshness`: seconds a value counts as live after it arrived (0.1 to a week); past it the widgets bound to
        /// it show it stale. nil: a value never goes stale (a clock, a file only a person edits).
        public var freshness: Double?

        /// Where a source's value comes from.
        public enum Origin: Sendable, Equatable {
            /// `{"mqtt": topic, "path": …}`: each message on the topic (a filter: `+` and `#` allowed) through the
            /// config's `mqtt` broker. The payload is read as JSON when it is JSON (`21.5`, `"on"`, `{"celsius": 21.5}`),
            /// else as text; `path` (``ValuePath``) picks the value inside a JSON payload.
            case mqtt(topic: String, path: ValuePath?)
            /// `{"file": path, "path": …, "interval": s}`: the file's contents, read again whenever it changes
            /// (inotify), and every `interval` seconds where no change is reported (sysfs values, which inotify does
            /// not see). Read as an MQTT payload is; at most 64 KiB.
            case file(String, path: ValuePath?, interval: Double?)
            /// `{"clock": "second" | "minute"}`: the local time, as seconds since 1970, ticking each second or minute.
            case clock(ClockTick)
        }

        /// How often a `clock` source ticks.
        public enum ClockTick: String, Sendable, Equatable, CaseIterable {
            /// Every second, on the second.
            case second
            /// Every minute, on the minute.
            case minute

            /// The tick's length in seconds.
            public var seconds: Double { self == .second ? 1 : 60 }
        }
    }

    /// The config's `mqtt`: the one broker every MQTT source and `publish` action goes through.
    ///
    /// ```json
    /// "mqtt": {"broker": "mqtts://broker.local:8883", "username": "kiosk", "passwordFile": "/etc/flick/mqtt-password"}
    /// ```
    public struct MQTT: Sendable, Equatable {
        /// `broker`: `mqtt://host[:port]` (default port 1883) or `mqtts://host[:port]` (TLS, default 8883).
        public var broker: String
        /// `username`: nil: none.
        public var username: String?
        /// `passwordFile`: absolute path of a file whose first line is the password (relative to the config's
        /// directory in the JSON), read at each connection, so the password is never in the config; nil: none.
        public var passwordFile: String?
        /// `caFile`: the certificate authority that signed an `mqtts` broker's certificate (PEM), absolute; nil: the
        /// system's (/etc/ssl/certs).
        public var caFile: String?

        /// The broker at `broker`, logged in to as `username` with the password in `passwordFile`.
        public init(broker: String, username: String? = nil, passwordFile: String? = nil, caFile: String? = nil) {
            self.broker = broker; self.username = username; self.passwordFile = passwordFile; self.caFile = caFile
        }
    }
}
