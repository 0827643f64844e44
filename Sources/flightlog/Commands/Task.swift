import ArgumentParser
import FlightLogConfigFile
import FlightLogTransfer

extension FlightLogCommand {
    struct TaskCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "task",
            abstract: "Declare the task of your next flight, show it or clear it.",
            discussion: """
                The declared task goes into the next flight flightlogd records that takes off after it was \
                declared (GPS time): its IGC file carries it as the declaration (C records, signed with the file). \
                Start and finish are 1 km lines, turnpoints the FAI 90° sector or 500 m cylinder.
                Examples:
                  flightlog task declare --points EDKL,"Bad Neuenahr",EDKL
                  flightlog task declare club-tasks.cup --name "300 km FAI"
                  flightlog task declare 300-fai.tsk
                  flightlog task show
                  flightlog task clear
                """,
            subcommands: [Declare.self, Show.self, Clear.self])
    }
}

extension FlightLogCommand.TaskCommand {
    struct Declare: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Declare a task from a task file (CUP task section, XCSoar .tsk) or from named points.",
            discussion: """
                --points names start, turnpoints and finish as add names places: an airfield's code, its name or \
                a part of its name only it has, from the shipped airfields and your CUP files (flightlog airfields \
                import). An XCSoar .tsk file's zones are kept as XCSoar draws them. The time of the declaration is GPS time from flightlogd when it runs with a fix; else \
                flightlogd adds it when it gets one.
                """)

        @OptionGroup var store: StoreOptions

        @Argument(
            help: ArgumentHelp("A SeeYou CUP file with a task section, or an XCSoar .tsk file.", valueName: "file"))
        var file: String?

        @Option(
            help: ArgumentHelp(
                "The CUP file's task to declare, when it holds several; a .tsk file's task is called so.",
                valueName: "name"))
        var name: String?

        @Option(help: ArgumentHelp("Start, turnpoints and finish, separated by commas.", valueName: "A,B,…"))
        var points: String?

        func validate() throws {
            if (file == nil) == (points == nil) {
                throw ValidationError("Give a task file (.cup, .tsk) or --points, one of them.")
            }
            if name != nil && file == nil { throw ValidationError("--name goes with a task file: give one.") }
        }

        func run() throws {
            print(
                try TaskDeclaration.declare(
                    points: points, file: file, name: name, location: store.location,
                    readFile: { try InputFile.read($0, what: "the task file", maxBytes: $1) }, warn: printError))
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The declared task: its points, legs and distance, and whether it has its GPS time yet.")

        @OptionGroup var store: StoreOptions

        func run() throws {
            print(TaskDeclaration.text(try store.open(.readOnly).pendingTask()))
        }
    }

    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Forget the declared task.")

        @OptionGroup var store: StoreOptions

        func run() throws {
            print(try TaskDeclaration.clear(in: store.open(.readWrite)))
        }
    }
}
