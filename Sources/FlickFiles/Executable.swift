import FoundationEssentials

/// The program running now.
package enum Executable {
    /// Its file, symbolic links resolved (`/proc/self/exe`): where an installed tree or a checkout is found from.
    package static var path: String? { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") }
}
