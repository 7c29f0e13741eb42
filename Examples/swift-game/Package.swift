// swift-tools-version: 6.0
// A small SDL game with its own loop, embedding Intermission's banner and pause bridge. It depends
// on Intermission by path, as any other package would depend on it.
import PackageDescription

let package = Package(
  name: "SwiftGame",
  dependencies: [.package(name: "Intermission", path: "../..")],
  targets: [
    .executableTarget(
      name: "swift-game", dependencies: [.product(name: "IntermissionSDL", package: "Intermission")])
  ],
  swiftLanguageModes: [.v6]
)
