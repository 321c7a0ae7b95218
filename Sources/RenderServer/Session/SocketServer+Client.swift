import LoopSimSystem

extension SocketServer {
    /// Serves one client on `fd` as the `loopsim-render` process does: a
    /// session that writes its frames to the folder the client's hello
    /// names, under this process's id. What an in-process server (the
    /// `thread` transport) runs. Does not close `fd`.
    public static func serveClient(on fd: FileDescriptor) -> Outcome {
        let session = ServerSession(pid: UInt32(CurrentProcess.id)) { try FolderFrameOutput(folder: $0.outputFolder) }
        return serve(fd: fd, session: session)
    }
}
