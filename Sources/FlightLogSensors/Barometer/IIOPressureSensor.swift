internal import CIIO
import FlightLogCore
import Foundation

/// One libiio context and the pressure (and temperature) channel of one device in it. Used by one thread only.
final class IIOPressureSensor {
    let name: String
    private let context: OpaquePointer
    private let pressure: ChannelValue
    private let temperature: ChannelValue?

    /// Exact raw → Pa factors: sysfs prints scales rounded (bmp280's 0.000003906 is 64 ppm low).
    static let exactPascalsPerRaw: [String: Double] = [
        "bmp280": 1 / 256, "bme280": 1 / 256,
        "bmp380": 1 / 100, "bmp388": 1 / 100, "bmp390": 1 / 100, "bmp580": 1 / 100,
        "ms5611": 1, "ms5607": 1,
        "lps22hb": 1 / 40.96, "lps22hh": 1 / 40.96, "lps22df": 1 / 40.96, "lps25h": 1 / 40.96,
        "lps33hw": 1 / 40.96, "lps35hw": 1 / 40.96,
    ]

    /// Opens `uri` and finds `device` (`auto` = the first device with a pressure channel).
    init(uri: String, device wanted: String) throws(SensorError) {
        guard let context = iio_create_context_from_uri(uri) else {
            throw SensorError(.contextUnavailable, errno: errno, "cannot open IIO context '\(uri)'")
        }
        do throws(SensorError) {
            var found: (OpaquePointer, OpaquePointer)?
            for index in 0..<iio_context_get_devices_count(context) {
                guard let device = iio_context_get_device(context, index) else { continue }
                let name = iio_device_get_name(device).map { String(cString: $0) } ?? ""
                let id = String(cString: iio_device_get_id(device))
                guard wanted == "auto" || wanted == name || wanted == id,
                    let channel = Self.findChannel(device, "pressure")
                else { continue }
                found = (device, channel)
                break
            }
            guard let (device, channel) = found else {
                let what =
                    wanted == "auto" ? "no IIO device with a pressure channel" : "no IIO pressure device '\(wanted)'"
                throw SensorError(.deviceNotFound, "\(what) in '\(uri)': check the overlay / new_device, or --device")
            }
            name = iio_device_get_name(device).map { String(cString: $0) } ?? String(cString: iio_device_get_id(device))
            // On the aircraft (local:) the attribute files are read directly, held open (``SysfsAttribute``).
            let sysfs =
                uri.hasPrefix("local:") ? "/sys/bus/iio/devices/" + String(cString: iio_device_get_id(device)) : nil
            pressure = try ChannelValue(channel, kind: .pressure(driver: name), sysfsDevice: sysfs)
            if let channel = Self.findChannel(device, "temp") {
                temperature = try ChannelValue(channel, kind: .temperature, sysfsDevice: sysfs)
            } else {
                temperature = nil
            }
            self.context = context
            iio_context_set_timeout(context, 2000)
        } catch {
            iio_context_destroy(context)
            throw error
        }
    }

    deinit { iio_context_destroy(context) }

    private static func findChannel(_ device: OpaquePointer, _ name: String) -> OpaquePointer? {
        iio_device_find_channel(device, name, false) ?? iio_device_find_channel(device, name + "0", false)
    }

    /// The last temperature read and when (monotonic nanoseconds).
    private var lastTemperature: (celsius: Double?, at: Int64)?

    /// Reads pressure, stamped halfway through the read, then the temperature (a failing one is left out).
    /// The temperature is the sensor die's, only shown in the status: it is read once a second and repeated in
    /// between (on a bmp280 each temperature read is a conversion of its own on the bus).
    func read() throws(SensorError) -> PressureReading {
        let before = Monotonic.nowNanos()
        let pascals = try pressure.read()
        let after = Monotonic.nowNanos()
        let celsius: Double?
        if let lastTemperature, after &- lastTemperature.at < 1_000_000_000 {
            celsius = lastTemperature.celsius
        } else {
            celsius = try? temperature?.read()
            lastTemperature = (celsius, after)
        }
        return PressureReading(
            monotonicNanos: before + (after - before) / 2, pascals: pascals, temperatureCelsius: celsius,
            readNanos: after - before)
    }
}

/// How to turn one channel's attributes into SI-ish units: Pa for pressure, °C for temperature.
private struct ChannelValue {
    enum Kind {
        case pressure(driver: String)
        case temperature
    }

    let channel: OpaquePointer
    /// `input` is already scaled; else `(raw + offset) × factor`.
    let usesInput: Bool
    let offset: Double
    /// Pa (or °C) per raw unit, or per `input` unit (kPa → 1000, m°C → 0.001).
    let factor: Double
    /// The value's sysfs file held open, for a local device.
    let file: SysfsAttribute?

    /// - Parameter sysfsDevice: the device's sysfs folder when the context is local.
    init(_ channel: OpaquePointer, kind: Kind, sysfsDevice: String?) throws(SensorError) {
        self.channel = channel
        let inputUnit: Double
        switch kind {
        case .pressure: inputUnit = 1000  // kPa
        case .temperature: inputUnit = 0.001  // milli-°C
        }
        if iio_channel_find_attr(channel, "input") != nil {
            usesInput = true
            offset = 0
            factor = inputUnit
        } else {
            guard iio_channel_find_attr(channel, "raw") != nil else {
                throw SensorError(.deviceNotFound, "the IIO channel has neither 'input' nor 'raw'")
            }
            usesInput = false
            offset = Self.attribute(channel, "offset") ?? 0
            let sysfsFactor = Self.attribute(channel, "scale").map { $0 * inputUnit }
            if case .pressure(let driver) = kind, let exact = IIOPressureSensor.exactPascalsPerRaw[driver],
                sysfsFactor.map({ abs($0 / exact - 1) < 0.01 }) ?? true
            {
                factor = exact
            } else if let sysfsFactor {
                factor = sysfsFactor
            } else {
                throw SensorError(.deviceNotFound, "the IIO channel has 'raw' but no 'scale'")
            }
        }
        let valueAttribute = usesInput ? "input" : "raw"
        file = sysfsDevice.flatMap { folder in
            iio_channel_attr_get_filename(channel, valueAttribute).flatMap {
                SysfsAttribute(path: folder + "/" + String(cString: $0))
            }
        }
    }

    /// The attribute's exact text as a number (the parsed data-format scale is rounded over the network).
    private static func attribute(_ channel: OpaquePointer, _ name: String) -> Double? {
        guard iio_channel_find_attr(channel, name) != nil else { return nil }
        var buffer = [CChar](repeating: 0, count: 64)
        guard iio_channel_attr_read(channel, name, &buffer, buffer.count) > 0 else { return nil }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return Double(text)
    }

    func read() throws(SensorError) -> Double {
        var attempt = 0
        while true {
            var value = 0.0
            let result: Int32
            if let file {
                switch file.read() {
                case .success(let read): value = read; result = 0
                case .failure(let error): result = -error.code
                }
            } else if usesInput {
                result = iio_channel_attr_read_double(channel, "input", &value)
            } else {
                var raw: Int64 = 0
                result = iio_channel_attr_read_longlong(channel, "raw", &raw)
                value = Double(raw)
            }
            if result == 0 { return (value + offset) * factor }
            let error = -result
            attempt += 1
            // bmp280 forced mode (≈ v6.13+) sometimes answers EBUSY/EIO: retry a few times.
            guard [EBUSY, EIO, ETIMEDOUT, EAGAIN, EINTR].contains(error), attempt < 4 else {
                throw SensorError(
                    .readFailed, errno: error, "cannot read the IIO \(usesInput ? "input" : "raw") attribute")
            }
            usleep(5_000)
        }
    }
}
