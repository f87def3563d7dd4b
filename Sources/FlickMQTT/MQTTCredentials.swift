import CMosquitto
import FlickFiles
import Glibc

extension MQTTConnection {
    /// The password (read again at every connect) and the TLS trust, or what is wrong with their files.
    func setCredentials() throws(MQTTError) {
        if let username = settings.username {
            let password = try settings.passwordFile.map { path throws(MQTTError) in try Self.readPassword(path) }
            let rc = password.map { $0.withUnsafeBufferPointer { mosquitto_username_pw_set(client, username, $0.baseAddress) } }
                ?? mosquitto_username_pw_set(client, username, nil)
            guard rc == MOSQ_ERR_SUCCESS.rawValue else { throw MQTTError("the username was refused: \(failure(rc, errno: errno))") }
        }
        if settings.broker.isTLS {
            if let caFile = settings.caFile {
                do throws(FileError) { try InputFile.check(caFile, as: .certificate) } catch {
                    throw MQTTError("caFile \(error)")
                }
            }
            let rc = mosquitto_tls_set(client, settings.caFile, settings.caFile == nil ? "/etc/ssl/certs" : nil, nil, nil, nil)
            guard rc == MOSQ_ERR_SUCCESS.rawValue else {
                let trust = settings.caFile.map { "caFile \($0)" } ?? "the system's certificates"
                throw MQTTError("TLS could not be set up with \(trust): \(failure(rc, errno: errno))")
            }
        }
    }

    /// The first line of the password file, without its line ending, NUL-terminated.
    static func readPassword(_ path: String) throws(MQTTError) -> [CChar] {
        let bytes: [UInt8]
        do throws(FileError) { bytes = try InputFile.read(path, as: .password) } catch { throw MQTTError("passwordFile \(error)") }
        var line = bytes.prefix { $0 != UInt8(ascii: "\n") }
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        guard !line.isEmpty else { throw MQTTError("passwordFile \(path): the first line is empty: put the password there") }
        guard !line.contains(0) else { throw MQTTError("passwordFile \(path): the password holds a NUL byte") }
        return line.map { CChar(bitPattern: $0) } + [0]
    }
}
