#if canImport(Glibc)
import Glibc
#endif
import CLoopSimSystem

// One internal shim per C call, as swift-system's: the only place the C
// functions are named, and the place a debug build's MockingDriver takes
// over. Each returns what the C call returns (-1 with errno on failure);
// the wrappers add retryOnInterrupt and SystemError.

func system_close(_ fd: CInt) -> CInt {
    if let r: CInt = mocked("close", [Int(fd)]) { return r }
    return Glibc.close(fd)
}

func system_fcntl(_ fd: CInt, _ command: CInt, _ argument: CInt) -> CInt {
    if let r: CInt = mocked("fcntl", [Int(fd), Int(command), Int(argument)]) { return r }
    return Glibc.fcntl(fd, command, argument)
}

func system_isatty(_ fd: CInt) -> CInt {
    if let r: CInt = mocked("isatty", [Int(fd)]) { return r }
    return Glibc.isatty(fd)
}

func system_read(_ fd: CInt, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    if let r: Int = mocked("read", [Int(fd), count]) { return r }
    return Glibc.read(fd, buffer, count)
}

func system_write(_ fd: CInt, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    if let r: Int = mocked("write", [Int(fd), count]) { return r }
    guard let count = FaultPlan.faultedCount("write", count) else { return -1 }
    return Glibc.write(fd, buffer, count)
}

func system_pread(_ fd: CInt, _ buffer: UnsafeMutableRawPointer?, _ count: Int, _ offset: off_t) -> Int {
    if let r: Int = mocked("pread", [Int(fd), count, Int(offset)]) { return r }
    return Glibc.pread(fd, buffer, count, offset)
}

func system_send(_ fd: CInt, _ buffer: UnsafeRawPointer?, _ count: Int, _ flags: CInt) -> Int {
    if let r: Int = mocked("send", [Int(fd), count, Int(flags)]) { return r }
    guard let count = FaultPlan.faultedCount("send", count) else { return -1 }
    return Glibc.send(fd, buffer, count, flags)
}

func system_sendmsg(_ fd: CInt, _ message: UnsafePointer<msghdr>, _ flags: CInt) -> Int {
    if let r: Int = mocked("sendmsg", [Int(fd), message.pointee.msg_iov?.pointee.iov_len ?? 0, Int(flags)]) { return r }
    return Glibc.sendmsg(fd, message, flags)
}

func system_recvmsg(_ fd: CInt, _ message: UnsafeMutablePointer<msghdr>, _ flags: CInt) -> Int {
    if let r: Int = mocked("recvmsg", [Int(fd), message.pointee.msg_iov?.pointee.iov_len ?? 0, Int(flags)]) {
        if r >= 0 { message.pointee.msg_controllen = 0; message.pointee.msg_flags = 0 }
        return r
    }
    return Glibc.recvmsg(fd, message, flags)
}

func system_poll(_ fds: UnsafeMutablePointer<pollfd>, _ count: Int, _ timeout: CInt) -> CInt {
    if let r: CInt = mocked("poll", [Int(fds.pointee.fd), Int(fds.pointee.events), Int(timeout)]) {
        if r > 0 { fds.pointee.revents = fds.pointee.events }
        return r
    }
    return Glibc.poll(fds, nfds_t(count), timeout)
}

func system_socket(_ domain: CInt, _ type: CInt, _ proto: CInt) -> CInt {
    if let r: CInt = mocked("socket", [Int(domain), Int(type), Int(proto)]) { return r }
    return Glibc.socket(domain, type, proto)
}

func system_socketpair(_ domain: CInt, _ type: CInt, _ proto: CInt, _ ends: UnsafeMutablePointer<CInt>) -> CInt {
    if let r: CInt = mocked("socketpair", [Int(domain), Int(type), Int(proto)]) { return r }
    return Glibc.socketpair(domain, type, proto, ends)
}

func system_bind(_ fd: CInt, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> CInt {
    if let r: CInt = mocked("bind", [Int(fd)]) { return r }
    return Glibc.bind(fd, address, length)
}

func system_listen(_ fd: CInt, _ backlog: CInt) -> CInt {
    if let r: CInt = mocked("listen", [Int(fd), Int(backlog)]) { return r }
    return Glibc.listen(fd, backlog)
}

func system_accept4(_ fd: CInt, _ flags: CInt) -> CInt {
    if let r: CInt = mocked("accept", [Int(fd)]) { return r }
    return cloopsim_accept4(fd, flags)
}

func system_connect(_ fd: CInt, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> CInt {
    if let r: CInt = mocked("connect", [Int(fd)]) { return r }
    return Glibc.connect(fd, address, length)
}

func system_shutdown(_ fd: CInt, _ how: CInt) -> CInt {
    if let r: CInt = mocked("shutdown", [Int(fd), Int(how)]) { return r }
    return Glibc.shutdown(fd, how)
}

func system_peerCredentials(_ fd: CInt, _ pid: inout pid_t, _ uid: inout uid_t, _ gid: inout gid_t) -> CInt {
    if let r: CInt = mocked("getsockopt", [Int(fd)]) { return r }
    return cloopsim_peer_credentials(fd, &pid, &uid, &gid)
}

func system_memfd_create(_ name: UnsafePointer<CChar>, _ flags: CUnsignedInt) -> CInt {
    if let r: CInt = mocked("memfd_create", [Int(flags)]) { return r }
    return cloopsim_memfd_create(name, flags)
}

func system_fstat(_ fd: CInt, _ info: UnsafeMutablePointer<stat>) -> CInt {
    if let r: CInt = mocked("fstat", [Int(fd)]) { return r }
    return Glibc.fstat(fd, info)
}

func system_ftruncate(_ fd: CInt, _ length: off_t) -> CInt {
    if let r: CInt = mocked("ftruncate", [Int(fd), Int(length)]) { return r }
    return Glibc.ftruncate(fd, length)
}

func system_stat(_ path: UnsafePointer<CChar>, _ info: UnsafeMutablePointer<stat>, followLinks: Bool) -> CInt {
    if let r: CInt = mocked(followLinks ? "stat" : "lstat", []) { return r }
    return followLinks ? stat(path, info) : lstat(path, info)
}

func system_open(_ path: UnsafePointer<CChar>, _ flags: CInt, _ mode: mode_t) -> CInt {
    if let r: CInt = mocked("open", [Int(flags), Int(mode)]) { return r }
    return Glibc.open(path, flags, mode)
}

func system_mkdir(_ path: UnsafePointer<CChar>, _ mode: mode_t) -> CInt {
    if let r: CInt = mocked("mkdir", [Int(mode)]) { return r }
    return Glibc.mkdir(path, mode)
}

func system_rmdir(_ path: UnsafePointer<CChar>) -> CInt {
    if let r: CInt = mocked("rmdir", []) { return r }
    return Glibc.rmdir(path)
}

func system_unlink(_ path: UnsafePointer<CChar>) -> CInt {
    if let r: CInt = mocked("unlink", []) { return r }
    return Glibc.unlink(path)
}

func system_symlink(_ destination: UnsafePointer<CChar>, _ path: UnsafePointer<CChar>) -> CInt {
    if let r: CInt = mocked("symlink", []) { return r }
    return Glibc.symlink(destination, path)
}

func system_rename(_ from: UnsafePointer<CChar>, _ to: UnsafePointer<CChar>) -> CInt {
    if let r: CInt = mocked("rename", []) { return r }
    return Glibc.rename(from, to)
}

func system_chmod(_ path: UnsafePointer<CChar>, _ mode: mode_t) -> CInt {
    if let r: CInt = mocked("chmod", [Int(mode)]) { return r }
    return Glibc.chmod(path, mode)
}

/// `realpath(path, NULL)`: the malloc'd canonical path, or `nil` with
/// errno set. A mocked call always fails, with the errno the driver scripts.
func system_realpath(_ path: UnsafePointer<CChar>) -> UnsafeMutablePointer<CChar>? {
    if let _: CInt = mocked("realpath", []) { return nil }
    return Glibc.realpath(path, nil)
}

func system_access(_ path: UnsafePointer<CChar>, _ mode: CInt) -> CInt {
    if let r: CInt = mocked("access", [Int(mode)]) { return r }
    return Glibc.access(path, mode)
}

func system_waitpid(_ pid: pid_t, _ status: UnsafeMutablePointer<CInt>, _ options: CInt) -> pid_t {
    if let r: pid_t = mocked("waitpid", [Int(pid), Int(options)]) { return r }
    return Glibc.waitpid(pid, status, options)
}

func system_kill(_ pid: pid_t, _ signal: CInt) -> CInt {
    if let r: CInt = mocked("kill", [Int(pid), Int(signal)]) { return r }
    return Glibc.kill(pid, signal)
}

func system_writev(_ fd: CInt, _ vectors: UnsafePointer<iovec>, _ count: CInt) -> Int {
    if let r: Int = mocked("writev", [Int(fd)] + (0..<Int(count)).map { vectors[$0].iov_len }) { return r }
    // A file write for the fault plan, as `write` is (frame files go out
    // with one writev): EINTR, ENOSPC on a server, or a short write — the
    // vectors cut to the bytes allowed (docs/internals/reliability.md).
    let total = (0..<Int(count)).reduce(0) { $0 + vectors[$1].iov_len }
    guard let allowed = FaultPlan.faultedCount("write", total) else { return -1 }
    guard allowed < total else { return Glibc.writev(fd, vectors, count) }
    var cut: [iovec] = []
    var left = allowed
    for i in 0..<Int(count) where left > 0 {
        let n = min(left, vectors[i].iov_len)
        cut.append(iovec(iov_base: vectors[i].iov_base, iov_len: n))
        left -= n
    }
    return Glibc.writev(fd, cut, CInt(cut.count))
}

/// `mkdtemp(template)`: the template's `XXXXXX` replaced in place; nil
/// with errno set on failure. A mocked call always fails, with the errno
/// the driver scripts.
func system_mkdtemp(_ template: UnsafeMutablePointer<CChar>) -> UnsafeMutablePointer<CChar>? {
    if let _: CInt = mocked("mkdtemp", []) { return nil }
    return Glibc.mkdtemp(template)
}

/// `write` to standard output or standard error for ``Console``: mockable,
/// but never faulted (a ``FaultPlan`` is for the simulation's files and
/// sockets; the tools' own messages must not move its draws).
func system_console_write(_ fd: CInt, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    if let r: Int = mocked("write", [Int(fd), count]) { return r }
    return Glibc.write(fd, buffer, count)
}
