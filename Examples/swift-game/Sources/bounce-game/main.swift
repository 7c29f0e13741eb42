// The bounce game on Intermission's host: one call gives it the whole command line
// (--headless --fixed-step --script --trace --screenshot and the rest), the banner and the pause
// bridge, and P to pause.
import BounceGame
import Glibc
import IntermissionHost

exit(Launcher.main(arguments: Array(CommandLine.arguments.dropFirst()), firstScene: { BounceScene() }))
