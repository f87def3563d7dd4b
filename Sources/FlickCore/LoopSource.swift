/// Something besides the display and the input devices that the frame loop waits on: a network connection, a
/// watched file, a timer. The loop polls its descriptor with the rest (one poll, one thread: a source's work runs
/// on the loop's thread, between frames) and wakes it at its deadline; headless, on a virtual clock, only the
/// deadlines count.
///
/// A source hands what it learned to the code that made it (a data value, a changed file) from ``service(readable:writable:now:)``;
/// it never draws.
public protocol LoopSource: AnyObject {
    /// Polled for reading, and for writing when ``wantsWrite``; -1 while there is nothing to poll (disconnected).
    var fileDescriptor: Int32 { get }
    /// Data waits to be written: the loop polls the descriptor for writing too.
    var wantsWrite: Bool { get }
    /// When the source must run without its descriptor becoming ready (a reconnect, a keep-alive, a timer), in
    /// seconds on the loop's clock; nil: only when the descriptor is ready. Servicing the source at it must move it
    /// on or clear it, or the loop would wake again at once.
    var nextDeadline: Double? { get }
    /// Does the source's work: its descriptor is readable or writable, or its deadline came (both flags false).
    /// `now` is the loop's clock. Never blocks.
    func service(readable: Bool, writable: Bool, now: Double)
}
