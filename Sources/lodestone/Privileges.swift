// The program refuses to run set-user-ID or set-group-ID (issue 8, security). Lodestone reads
// input devices and writes files the user names: installed setuid/setgid it would let anyone
// read every keystroke of /dev/input or overwrite files as the owner. Access to input devices
// is granted by the `input` group, never by the binary's mode bits.
#if canImport(Glibc)
import Glibc
#endif

enum Privileges {
    /// Why the process must not run, or nil when real and effective ids agree.
    static func refusal(uid: uid_t = getuid(), euid: uid_t = geteuid(), gid: gid_t = getgid(), egid: gid_t = getegid()) -> String? {
        if uid != euid {
            return "refusing to run set-user-ID (real uid \(uid), effective uid \(euid)): remove the setuid bit (chmod u-s); for input devices add your user to the `input` group"
        }
        if gid != egid {
            return "refusing to run set-group-ID (real gid \(gid), effective gid \(egid)): remove the setgid bit (chmod g-s); for input devices add your user to the `input` group"
        }
        return nil
    }
}
