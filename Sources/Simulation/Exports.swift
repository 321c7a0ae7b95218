@_exported import RunLoopKit
