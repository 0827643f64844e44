// libFuzzer target: any bytes as a value the club's server keeps beside a flight (the competition class, the
// declared task's JSON, the analysis' JSON): ClubKept's readers, and the task scored as the club's page does.
// Built and run by scripts/fuzz.sh; the pipeline is ClubKeptFuzzPipeline in Tests/FlightLogSyncTests.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    if let violation = ClubKeptFuzzPipeline.run(Array(UnsafeBufferPointer(start: data, count: size))) {
        fatalError(violation)
    }
    return 0
}
