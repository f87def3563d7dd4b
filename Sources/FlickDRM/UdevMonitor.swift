import FlickDisplay
import CUdev
import Glibc

/// The kernel's reports for one subsystem (`drm`: a connector plugged or unplugged), as a descriptor the run loop
/// polls. Through udevd when it runs; boards without it (busybox mdev) get the kernel's own reports.
final class UdevMonitor {
    private let udev: OpaquePointer
    private let monitor: OpaquePointer
    let fileDescriptor: Int32

    init?(subsystem: String) {
        guard let udev = udev_new() else { return nil }
        let source = access("/run/udev/control", F_OK) == 0 ? "udev" : "kernel"
        guard let monitor = udev_monitor_new_from_netlink(udev, source) else { udev_unref(udev); return nil }
        guard udev_monitor_filter_add_match_subsystem_devtype(monitor, subsystem, nil) == 0,
              udev_monitor_enable_receiving(monitor) == 0 else {
            udev_monitor_unref(monitor); udev_unref(udev)
            return nil
        }
        self.udev = udev; self.monitor = monitor
        fileDescriptor = udev_monitor_get_fd(monitor)
    }

    deinit {
        udev_monitor_unref(monitor)
        udev_unref(udev)
    }

    /// Reads every report waiting (never blocks); true when one of them was a change (a hot-plug reports
    /// HOTPLUG=1; any change is worth a look at the connector, which costs one ioctl).
    func drain() -> Bool {
        var changed = false
        while let device = udev_monitor_receive_device(monitor) {
            if udev_device_get_action(device).map({ String(cString: $0) }) == "change" { changed = true }
            udev_device_unref(device)
        }
        return changed
    }
}
