import Foundation
import Testing

extension VirtualMachine {
    /// deploy/flick.service as it is, under a real systemd (PID 1 in the guest): Flick is `active` only once it says
    /// READY with its first frame, systemd hears its watchdog's pings, and a stopped frame loop (SIGSTOP) is killed
    /// for the watchdog and started again, with `flick note-exit` keeping why in /var/lib/flick/last-exit.json.
    @Test(.timeLimit(.minutes(6)))
    func systemdRestartsAKioskWhoseFrameLoopStopsAndKeepsWhy() throws {
        let flick = try #require(GuestVM.flickBinary, "build flick first (scripts/test does)")
        let guest = try GuestVM(command: Self.watchdogGuest, width: 1280, height: 800, flickBinary: flick,
                                systemdUnit: "flick-watchdog.target")
        defer { guest.shutDown() }

        try guest.waitForLog("check: flick active: running: first frame on screen", timeout: 240)
        try guest.waitForLog("check: pings heard: 2, restarts 0", timeout: 60)
        try guest.waitForLog("check: restarted: 1", timeout: 120)
        try guest.waitForLog("check: journal end", timeout: 30)
        let log = guest.log
        #expect(log.contains(#"check: last-exit {"at": "#))
        #expect(log.contains(#""reason": "watchdog", "detail": "#), "\(log)")
        #expect(log.contains("flick.service: Watchdog timeout (limit 10s)!"))
        #expect(log.contains("flick.service: Failed with result 'watchdog'."))
        // Flick's own log is in the journal, not on the tty it draws over; and each start is over (systemd's
        // "Started") only once Flick has said its first frame is on screen.
        let journal = log.split(separator: "\n").filter { $0.hasPrefix("check: journal: ") }
        let firstFrames = journal.indices.filter { journal[$0].hasSuffix("notice flick: first frame on screen") }
        let started = journal.indices.filter { journal[$0] == "check: journal: Started flick.service - Flick kiosk." }
        #expect(firstFrames.count == 2 && started.count == 2, "\(journal)")
        #expect(zip(firstFrames, started).allSatisfy { $0 < $1 }, "\(journal)")
    }

    /// What the guest does before systemd boots it: the unit's user, tmpfs where the unit writes (the host's root is
    /// read-only), the checkout's flick as /usr/local/bin/flick, the unit copied unchanged, and a check that runs once
    /// Flick is up (ordered after a `Type=notify` unit, it starts at READY=1) and prints to the serial log.
    private static let watchdogGuest = #"""
        set -e
        mount -t tmpfs tmpfs /var/lib
        mount -t tmpfs tmpfs /var/log
        mount -t tmpfs tmpfs /usr/local/bin
        ln -s "$FLICK" /usr/local/bin/flick
        cp /etc/passwd /etc/group /run/
        echo 'flick:x:990:990::/var/lib/flick:/usr/sbin/nologin' >> /run/passwd
        sed -i -e '/^\(video\|input\|tty\):/s/$/,flick/' -e 's/:,flick$/:flick/' /run/group
        echo 'flick:x:990:' >> /run/group
        mount --bind /run/passwd /etc/passwd
        mount --bind /run/group /etc/group
        mkdir -p /run/systemd/system /run/systemd/system.conf.d
        # The check's lines on the serial console, without systemd's progress drawn through them.
        printf '%s\n' '[Manager]' 'ShowStatus=no' > /run/systemd/system.conf.d/quiet.conf
        cp deploy/flick.service /run/systemd/system/
        # Nothing for it to set up on a read-only root, where it takes minutes over 9p.
        ln -s /dev/null /run/systemd/system/systemd-tmpfiles-setup.service
        printf '%s\n' '[Unit]' 'Requires=basic.target flick-watchdog-check.service' 'After=basic.target' \
            > /run/systemd/system/flick-watchdog.target
        printf '%s\n' '[Unit]' 'Wants=flick.service' 'After=flick.service' '[Service]' 'Type=oneshot' \
            'ExecStart=/bin/sh /run/flick-watchdog-check' 'StandardOutput=file:/dev/ttyS0' 'StandardError=file:/dev/ttyS0' \
            > /run/systemd/system/flick-watchdog-check.service
        cat > /run/flick-watchdog-check <<'CHECK'
        say() { echo "check: $*"; }
        show() { systemctl show -p "$1" --value flick; }
        say "flick $(systemctl is-active flick): $(show StatusText)"
        # systemd hears the pings: its watchdog timestamp moves on, twice (5 s apart), and nothing restarts.
        last=$(show WatchdogTimestampMonotonic); heard=0
        for i in $(seq 60); do
            now=$(show WatchdogTimestampMonotonic)
            if [ "$now" != "$last" ]; then heard=$((heard + 1)); last=$now; fi
            [ $heard -ge 2 ] && break
            sleep 1
        done
        say "pings heard: $heard, restarts $(show NRestarts)"
        pid=$(show MainPID)
        kill -STOP "$pid"
        for i in $(seq 120); do
            [ "$(show NRestarts)" != 0 ] && [ "$(systemctl is-active flick)" = active ] && break
            sleep 1
        done
        say "restarted: $(show NRestarts), pid $(show MainPID) (was $pid)"
        say "last-exit $(cat /var/lib/flick/last-exit.json)"
        journalctl -u flick --no-pager -o cat | sed 's/^/check: journal: /'
        say "journal end"
        systemctl poweroff
        CHECK
        """#
}
