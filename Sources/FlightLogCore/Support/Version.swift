/// The one version string of flightlog: `flightlog --version`, `flightlogd --version`, the IGC files' firmware
/// header and the Debian package's version (scripts/build-deb.sh asks the built `flightlog`).
package enum FlightLogVersion {
    package static let current = "0.1.0"
}
