import FlightLogTestSupport
import Foundation
import Testing

@testable import FlightLogConfigFile
@testable import FlightLogCore

/// The config file as flightlogd and flightlog both read it (real files): a file that cannot be read is told apart
/// from one whose content is wrong, each in one line naming the file.
@Suite struct ConfigReadTests {
    @Test func aFileThatCannotBeReadIsUnreadable() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("missing.toml").path
        guard case .unreadable(let message) = error(missing) else { Issue.record("\(missing)"); return }
        #expect(message == "cannot read the config file \(missing): check that it exists and is readable")
        guard case .unreadable(let directory) = error(folder.path) else { Issue.record("a directory"); return }
        #expect(directory.contains("is a directory, not a file"), "\(directory)")
        let large = folder.appendingPathComponent("large.toml")
        try Data(repeating: UInt8(ascii: "#"), count: TOMLDocument.maxBytes + 1).write(to: large)
        guard case .unreadable = error(large.path) else { Issue.record("a file over the bound"); return }
    }

    @Test func aFileWithAWrongValueIsInvalidWithItsLine() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("flightlog.toml")
        try Data("pilot = \"Anna\"\n[server]\nport = \"abc\"\n".utf8).write(to: file)
        guard case .invalid(let message) = error(file.path) else { Issue.record("read"); return }
        #expect(message.hasPrefix("\(file.path) line 3: "), "\(message)")
        try Data("pilot = \"Anna\"\n".utf8).write(to: file)
        #expect(try FlightLogConfig.read(path: file.path).pilot == "Anna")
    }

    /// What `flightlog` says for each: what went wrong, then what to do.
    @Test func theCommandLineSaysWhatToDo() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("missing.toml").path
        #expect(
            error(missing)?.commandLineMessage(path: missing)
                == "cannot read the config file \(missing): check that it exists and is readable (or pass --config)")
        let file = folder.appendingPathComponent("flightlog.toml")
        try Data("[server]\nport = \"abc\"\n".utf8).write(to: file)
        let invalid = try #require(error(file.path)?.commandLineMessage(path: file.path))
        #expect(invalid.hasPrefix("\(file.path) line 2: ") && invalid.hasSuffix(" — fix the file or pass --config"))
        // The system file unreadable to this user (as it is to a pilot when it holds a WeGlide login): the two ways.
        if access(ConfigLocation.systemPath, R_OK) != 0 {
            let system = ConfigFileError.unreadable("cannot read").commandLineMessage(path: ConfigLocation.systemPath)
            #expect(system.hasPrefix("/etc/flightlog/flightlog.toml is readable by the flightlog user only"))
            #expect(
                system.contains("sudo -u flightlog flightlog …")
                    && system.hasSuffix("~/.config/flightlog/flightlog.toml"))
        }
    }

    private func error(_ path: String) -> ConfigFileError? {
        do {
            _ = try FlightLogConfig.read(path: path)
            return nil
        } catch {
            return error
        }
    }
}
