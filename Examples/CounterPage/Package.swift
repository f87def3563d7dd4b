// swift-tools-version: 6.0
import PackageDescription

// A kind of page of an integrator's own, registered from outside and used in a JSON kiosk beside the built-in ones.
let package = Package(
    name: "CounterPage",
    dependencies: [.package(name: "Flick", path: "../..")],
    targets: [
        .target(name: "Counter", dependencies: [
            .product(name: "FlickKiosk", package: "Flick"),
            .product(name: "FlickUI", package: "Flick"),
            .product(name: "FlickGestures", package: "Flick"),
            .product(name: "FlickRaster", package: "Flick"),
            .product(name: "FlickText", package: "Flick"),
        ]),
        .executableTarget(name: "counter-kiosk", dependencies: [
            "Counter",
            .product(name: "FlickBoard", package: "Flick"),
        ]),
        .testTarget(name: "CounterTests", dependencies: ["Counter"]),
    ]
)
