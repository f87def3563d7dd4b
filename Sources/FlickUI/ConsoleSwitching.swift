/// The text console a board's loop shares with the others: another one may take the screen (Ctrl-Alt-Fn, `chvt`).
/// The loop's waiter delivers the two signals; on the first the loop lets the display go and allows the switch, on
/// the second it acknowledges and takes the display back. FlickBoard's `VirtualTerminal` is the one on a board.
public protocol ConsoleSwitching: AnyObject {
    /// The signal that asks the loop to let the screen go.
    var releaseSignal: Int32 { get }
    /// The signal that gives it back.
    var acquireSignal: Int32 { get }
    /// Lets the pending switch away happen (after the display was released).
    func allowRelease()
    /// Acknowledges that the console is back.
    func acknowledgeAcquire()
}
