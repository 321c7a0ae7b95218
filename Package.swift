// swift-tools-version:6.0
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "LoopSim",
    products: [
        .executable(name: "loopsim", targets: ["loopsim"]),
        .library(name: "RunLoopKit", targets: ["RunLoopKit"]),
        .library(name: "Scenario", targets: ["Scenario"]),
    ],
    targets: [
        .target(name: "LoopSimTrace", swiftSettings: strict),
        .target(name: "RunLoopKit", dependencies: ["LoopSimTrace"], swiftSettings: strict),
        .target(name: "Simulation", dependencies: ["RunLoopKit", "LoopSimTrace"], swiftSettings: strict),
        .target(name: "Scenario", dependencies: ["Simulation", "RunLoopKit", "LoopSimTrace"], swiftSettings: strict),
        .executableTarget(name: "loopsim", dependencies: ["Scenario", "Simulation", "RunLoopKit", "LoopSimTrace"], swiftSettings: strict),
        .testTarget(name: "LoopSimTraceTests", dependencies: ["LoopSimTrace"], swiftSettings: strict),
        .testTarget(name: "RunLoopKitTests", dependencies: ["RunLoopKit", "LoopSimTrace"], swiftSettings: strict),
        .testTarget(name: "SimulationTests", dependencies: ["Simulation", "RunLoopKit", "LoopSimTrace"], swiftSettings: strict),
        .testTarget(name: "ScenarioTests", dependencies: ["Scenario", "Simulation", "LoopSimTrace"], swiftSettings: strict),
        .testTarget(name: "LoopSimCLITests", dependencies: ["loopsim"], swiftSettings: strict),
    ]
)
