// swift-tools-version: 6.0
// Two small games that depend on Intermission by path, as any other package would:
// - swift-game: an SDL game with its own loop (the SquareGame library), embedding the banner and its
//   pause bridge, with its own headless tests of pause and resume (Tests/SquareGameTests, with
//   IntermissionTesting's HeadlessLoop);
// - readme-game: the embedding article's whole own-loop game, as the article shows it
//   (scripts/example-test checks that the two are the same, and runs it);
// - bounce-game: a game of scenes on Intermission's host, with its own headless tests of pause and
//   resume (Tests/BounceGameTests, with IntermissionTesting's HeadlessGame).
// The tests run as Swift Testing runs them by default: in parallel.
import PackageDescription

let package = Package(
  name: "SwiftGame",
  dependencies: [.package(name: "Intermission", path: "../..")],
  targets: [
    .target(name: "SquareGame", dependencies: [.product(name: "Intermission", package: "Intermission")]),
    .executableTarget(
      name: "swift-game",
      dependencies: ["SquareGame", .product(name: "Intermission", package: "Intermission")]),
    .testTarget(
      name: "SquareGameTests",
      dependencies: ["SquareGame", .product(name: "IntermissionTesting", package: "Intermission")]),
    .executableTarget(
      name: "readme-game", dependencies: [.product(name: "Intermission", package: "Intermission")]),
    .target(name: "BounceGame", dependencies: [.product(name: "Intermission", package: "Intermission")]),
    .executableTarget(
      name: "bounce-game",
      dependencies: ["BounceGame", .product(name: "IntermissionHost", package: "Intermission")]),
    .testTarget(
      name: "BounceGameTests",
      dependencies: ["BounceGame", .product(name: "IntermissionTesting", package: "Intermission")]),
  ],
  swiftLanguageModes: [.v6]
)
