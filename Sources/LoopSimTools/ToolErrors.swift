/// A usage error: printed as `Error: …`, then the command's usage and a
/// pointer to its help; exit status 64.
package struct UsageError: Error {
    package var message: String
    package init(message: String) { self.message = message }
}

/// An input file or folder named on the command line does not exist:
/// printed as `Error: …` (no usage, no caret); exit status 66.
package struct NoInputError: Error {
    package var message: String
    package init(message: String) { self.message = message }
}

/// Exit statuses of the CLI.
package enum ExitStatus {
    package static let success: Int32 = 0
    package static let failure: Int32 = 1
    package static let scenarioError: Int32 = 2
    package static let usage: Int32 = 64
    /// EX_NOINPUT (sysexits.h): an input file or folder does not exist.
    package static let noInput: Int32 = 66
}
