// libFuzzer target: declared and competition tasks (IGC C records, LCU::C and LSEEYOU lines; the CUP task section).
// Built and run by scripts/fuzz.sh (make fuzz); the pipeline is TaskFuzzPipeline in Tests/FlightLogCoreTests.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let outcome = TaskFuzzPipeline.run(Array(UnsafeBufferPointer(start: data, count: size)))
    if let violation = outcome.violation { fatalError(violation) }
    return 0
}
