import LoopSimSystem

/// The rule for a folder the server puts files in (the `--listen` socket's
/// folder, a frames folder): it is a folder, it belongs to the server's
/// user, and neither its group nor others may write to it. Otherwise
/// another user could delete or replace what the server writes there.
public enum PrivateFolder {
    /// Checks `folder` against the rule.
    /// - Parameters:
    ///   - call: names the operation in the error (`listen`, `frames`).
    ///   - owner: the uid the folder must belong to (this process's).
    /// - Throws: ``LoopSimSystem/SystemError`` from `stat`, or with a note:
    ///   `ENOTDIR` for something else, `EPERM` for another owner or a
    ///   folder others can write to.
    public static func check(_ folder: String, call: String, owner: UInt32 = CurrentProcess.userID) throws(SystemError) {
        let info = try FileSystem.status(folder)
        guard info.kind == .directory else {
            throw SystemError(call, .notDirectory, subject: folder, note: "'\(folder)' is \(info.kind), not a folder")
        }
        guard info.ownerID == owner else {
            throw SystemError(call, .notPermitted, subject: folder, note: "the folder '\(folder)' belongs to uid \(info.ownerID), not to this server's uid \(owner); use a folder of your own (mode 0700)")
        }
        guard info.permissions & 0o022 == 0 else {
            throw SystemError(call, .notPermitted, subject: folder, note: "the folder '\(folder)' can be written by others (mode \(String(info.permissions & 0o777, radix: 8))); use a private folder (mode 0700)")
        }
    }
}
