/// What a wait reported for one descriptor, the same bits for every backend.
///
/// The values are fixed because the epoll wrapper in CLinuxEvents writes them from C
/// (`cle_epoll_wait`), translating EPOLL* bits there so the loop never sees a backend's own.
enum ReadyFlags {
    /// Bytes (or a connection, or end of stream) to read.
    static let readable: UInt32 = 1
    /// Room in the send buffer.
    static let writable: UInt32 = 2
    /// The peer shut down its side (EPOLLRDHUP/EPOLLHUP): read to the end of the stream.
    static let hangup: UInt32 = 4
    /// An error on the socket: nothing more can be done with it.
    static let error: UInt32 = 8
}
