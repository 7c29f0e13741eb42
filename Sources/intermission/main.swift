import Glibc
import IntermissionHost
import MenuGame

// MARK: - Initialization

let settings = GameSettings(
  save: GameSave(path: GameSave.defaultPath()), earnings: DemoEarnings(path: DemoEarnings.defaultPath()))
let launched = Launcher.launch(
  arguments: Array(CommandLine.arguments.dropFirst()), firstScene: { MenuScene(settings: settings) })
guard let host = launched.running else { exit(launched.exitCode) }

// MARK: - Loop

while host.isRunning {
  host.runFrame()
}

// MARK: - De-initialization

exit(Launcher.finish(host))
