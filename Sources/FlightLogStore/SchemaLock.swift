import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An advisory lock (`flock`) on the database's folder, held while a process sets up, upgrades or checks the schema.
///
/// Without it, processes opening a new logbook at once each saw no migration applied and ran them again ("table
/// recording already exists"): GRDB reads the applied migrations before it begins each migration's transaction.
/// Writers take it exclusively, so the migrations run once, whoever comes first; readers take it shared, so they
/// never see a half-made schema. The folder rather than a file beside the database: no extra file in the folder,
/// and closing it cannot drop SQLite's own POSIX locks on the database file (closing any descriptor of a file drops
/// all of a process's `fcntl` locks on it). Best effort: a folder this process cannot open is not locked.
struct SchemaLock: ~Copyable {
    private let descriptor: Int32

    init(directoryOf path: String, exclusive: Bool) {
        let directory = (path as NSString).deletingLastPathComponent
        descriptor = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        while flock(descriptor, exclusive ? LOCK_EX : LOCK_SH) != 0 && errno == EINTR {}
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }
}
