/// Flick's version, one string for everything that says it: `flick --version`, and the health a kiosk in a fleet
/// reports.
public enum FlickVersion {
    /// The version of this build of Flick, `MAJOR.MINOR.PATCH` (semantic versioning; no release yet, so 0.x).
    public static let current = "0.1.0"
}
