import FlickFiles

/// A system call the board's plumbing made failed (`poll`, `signalfd`): which one, and its `Errno`. It is FlickFiles'
/// — the one retry on interrupt lives there, under every module that makes system calls — named here because
/// `Board.run` throws it and FlickFiles is not a product.
public typealias SystemCallError = FlickFiles.SystemCallError
