import CMosquitto

/// libmosquitto's one-time setup, made by the first connection (Swift runs a global's initialiser once, safely
/// from any thread). libmosquitto also sets SIGPIPE to be ignored when it makes a client, so writing to a socket
/// the broker has reset fails with EPIPE instead of ending the kiosk.
enum MosquittoLibrary {
    static func ready() { _ = initialised }

    private static let initialised: Bool = {
        mosquitto_lib_init()
        return true
    }()
}
