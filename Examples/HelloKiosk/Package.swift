// swift-tools-version: 6.0
import PackageDescription

// An integrator's first kiosk: a package of its own that depends on Flick by path and uses only its public API.
let package = Package(
    name: "HelloKiosk",
    dependencies: [.package(name: "Flick", path: "../..")],
    targets: [
        .target(name: "Hello", dependencies: [
            .product(name: "FlickUI", package: "Flick"),
            .product(name: "FlickGestures", package: "Flick"),
            .product(name: "FlickInput", package: "Flick"),
            .product(name: "FlickMotion", package: "Flick"),
            .product(name: "FlickRaster", package: "Flick"),
        ]),
        .executableTarget(name: "hello-kiosk", dependencies: [
            "Hello",
            .product(name: "FlickBoard", package: "Flick"),
        ]),
        .testTarget(name: "HelloTests", dependencies: ["Hello"]),
    ]
)
