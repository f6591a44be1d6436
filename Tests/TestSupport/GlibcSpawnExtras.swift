import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34) and `…_addchdir_np` (2.29), which its
/// Swift module map does not export; looked up at run time.
enum GlibcSpawnExtras {
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private typealias ChangeDirectory = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

    static func closeFrom(_ actions: inout posix_spawn_file_actions_t, _ lowest: Int32) {
        // Darwin has no closefrom action (its equivalent is the POSIX_SPAWN_CLOEXEC_DEFAULT
        // attribute): there test sockets may be inherited by a child, which only keeps them open.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return }
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, lowest)
    }

    static func changeDirectory(_ actions: inout posix_spawn_file_actions_t, _ path: String) -> Bool {
        #if canImport(Darwin)
        // Declared by Darwin's spawn.h since macOS 10.15.
        return posix_spawn_file_actions_addchdir_np(&actions, path) == 0
        #else
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np") else { return false }
        return unsafeBitCast(symbol, to: ChangeDirectory.self)(&actions, path) == 0
        #endif
    }
}
