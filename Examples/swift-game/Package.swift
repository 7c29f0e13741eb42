// swift-tools-version: 6.0
// Two small games that depend on Intermission by path, as any other package would:
// - swift-game: an SDL game with its own loop, embedding the banner and its pause bridge;
// - bounce-game: a game of scenes on Intermission's host, with its own headless test of pause and
//   resume (Tests/BounceGameTests).
import PackageDescription

let package = Package(
  name: "SwiftGame",
  dependencies: [.package(name: "Intermission", path: "../..")],
  targets: [
    .executableTarget(
      name: "swift-game", dependencies: [.product(name: "IntermissionSDL", package: "Intermission")]),
    .target(name: "BounceGame", dependencies: [.product(name: "IntermissionSDL", package: "Intermission")]),
    .executableTarget(
      name: "bounce-game",
      dependencies: ["BounceGame", .product(name: "IntermissionHost", package: "Intermission")]),
    .testTarget(
      name: "BounceGameTests",
      dependencies: ["BounceGame", .product(name: "IntermissionTesting", package: "Intermission")]),
  ],
  swiftLanguageModes: [.v6]
)
