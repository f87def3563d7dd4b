extension MosquittoBroker {
    /// The certificate authority ``makeTLSCertificates()`` makes, which clients trust.
    public var caFile: String { directory + "/ca.pem" }

    /// Makes, with openssl in the scratch directory, a certificate authority (``caFile``) and a certificate for
    /// 127.0.0.1 that it signed; returns the listener options that serve TLS with them, for ``start(_:)``.
    public func makeTLSCertificates() throws -> [String] {
        let d = directory
        let commands = [
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=Flick test CA",
             "-keyout", "\(d)/ca.key", "-out", caFile],
            ["openssl", "req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1", "-keyout", "\(d)/server.key", "-out", "\(d)/server.csr"],
            ["openssl", "x509", "-req", "-in", "\(d)/server.csr", "-CA", caFile, "-CAkey", "\(d)/ca.key", "-CAcreateserial",
             "-days", "2", "-extfile", write("san.cnf", "subjectAltName = IP:127.0.0.1\n"), "-out", "\(d)/server.pem"],
        ]
        for command in commands where run(command) != 0 {
            throw FixtureError("\(command.joined(separator: " ")) failed: \(read("commands.log"))")
        }
        return ["cafile \(caFile)", "certfile \(d)/server.pem", "keyfile \(d)/server.key"]
    }

    /// Makes, with mosquitto_passwd, a password file letting in `user` with `password`; returns the listener
    /// options that let in only the users it names, for ``start(_:)``.
    public func makePasswordFile(user: String, password: String) throws -> [String] {
        let passwords = directory + "/passwords"
        guard run(["mosquitto_passwd", "-b", "-c", passwords, user, password]) == 0 else {
            throw FixtureError("mosquitto_passwd failed: \(read("commands.log"))")
        }
        return ["allow_anonymous false", "password_file \(passwords)"]
    }
}
