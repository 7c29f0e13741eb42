import Glibc
import IntermissionHost
import MenuGame

// MARK: - Initialization

let save = GameSave(path: GameSave.defaultPath())
let launched = Launcher.launch(
  arguments: Array(CommandLine.arguments.dropFirst()), firstScene: { MenuScene(settings: GameSettings(save: save)) })
guard let host = launched.running else { exit(launched.exitCode) }

// MARK: - Loop

while host.isRunning {
  host.runFrame()
}

// MARK: - De-initialization

exit(Launcher.finish(host))
