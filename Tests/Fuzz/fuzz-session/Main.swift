/// SwiftPM links an executable's `main` to `fuzz_session_main`; it hands
/// the arguments to libFuzzer's driver with this target's test function.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt

@_cdecl("fuzz_session_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    if argc > 1, let argv, let first = argv[1], String(cString: first) == "--make-seeds" {
        return SeedMaker.run((2..<Int(argc)).map { String(cString: argv[$0]!) })
    }
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzzSession(data, size) }
}
