// libFuzzer target: `flightlog verify FILE` on any file (IGCSignature.verify), and our own signed file built from
// the input's lines. Built and run by scripts/fuzz.sh; the pipeline is VerifyFuzzPipeline in
// Tests/FlightLogSecurityTests.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    if let violation = VerifyFuzzPipeline.run(Array(UnsafeBufferPointer(start: data, count: size))) {
        fatalError(violation)
    }
    return 0
}
