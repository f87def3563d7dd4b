/// What is wrong with an MQTT setting, a topic or a publish, in one line without the config file or field (the
/// config's reader puts those in front): `'http://hub': use mqtt:// or mqtts://, like mqtt://192.168.1.10:1883`.
package struct MQTTError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The problem and what a right value looks like; control characters from the input already escaped.
    package let message: String

    package init(_ message: String) { self.message = message }

    package var description: String { message }
}
