import Glibc
import IntermissionApp

// MARK: - Initialization

let exitCode = Launcher.main(arguments: Array(CommandLine.arguments.dropFirst()))

// MARK: - De-initialization

exit(exitCode)
