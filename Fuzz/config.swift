// libFuzzer target: the config file (flightlog.toml): toml++ through TOMLKit, the key lines, the settings.
// Built and run by scripts/fuzz.sh (make fuzz); the pipeline is ConfigFuzzPipeline in Tests/FlightLogConfigFileTests.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let outcome = ConfigFuzzPipeline.run(Array(UnsafeBufferPointer(start: data, count: size)))
    if let violation = outcome.violation { fatalError(violation) }
    return 0
}
