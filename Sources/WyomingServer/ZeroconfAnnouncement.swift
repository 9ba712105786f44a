import CAvahi
import Glibc
import Logging
import SharedLibraries

/// Announces the server on the local network as a `_wyoming._tcp` service through the Avahi
/// daemon, for as long as it lives, so Home Assistant finds it by itself.
///
/// Owns the Avahi client and the thread that runs its event loop, freed in deinit. With no
/// Avahi daemon (or no system bus), it logs that the server is not announced and serving goes
/// on; a daemon that is not running yet but whose bus is there is waited for, and the
/// announcement made once it starts.
final class ZeroconfAnnouncement {
    private let avahi: cavahi_functions
    private let loop: OpaquePointer
    private let client: OpaquePointer
    /// What the callbacks change, on Avahi's thread; lives until that thread has ended.
    private let state: Unmanaged<AnnouncedService>

    /// The Wyoming service type Home Assistant browses for.
    static let serviceType = "_wyoming._tcp"

    /// Starts announcing `name` on `port`; nil when Avahi cannot be reached (logged).
    init?(name: String, port: Int, logger: Logger) {
        let avahi: cavahi_functions
        do {
            avahi = try SharedLibrary.load("libavahi-client.so.3", debianPackage: "libavahi-client3", resolve: cavahi_resolve)
        } catch {
            logger.warning("zeroconf: \(error); not announced, serving goes on")
            return nil
        }
        guard let loop = avahi.avahi_threaded_poll_new() else {
            logger.warning("zeroconf: cannot start Avahi's event loop; not announced, serving goes on")
            return nil
        }
        let state = Unmanaged.passRetained(AnnouncedService(avahi: avahi, name: name, port: UInt16(port), logger: logger))
        var error: Int32 = 0
        guard let client = avahi.avahi_client_new(avahi.avahi_threaded_poll_get(loop), AVAHI_CLIENT_NO_FAIL, { client, change, context in
            guard let client, let context else { return }
            Unmanaged<AnnouncedService>.fromOpaque(context).takeUnretainedValue().clientChanged(client, change)
        }, state.toOpaque(), &error) else {
            logger.notice("zeroconf: no Avahi daemon runs (\(avahi.explanation(of: error))): not announced, serving goes on; start avahi-daemon to be found by Home Assistant")
            avahi.avahi_threaded_poll_free(loop)
            state.release()
            return nil
        }
        self.avahi = avahi
        self.loop = loop
        self.client = client
        self.state = state
        _ = avahi.avahi_threaded_poll_start(loop)
    }

    deinit {
        // The loop's thread ends first, so no callback runs while the client goes.
        _ = avahi.avahi_threaded_poll_stop(loop)
        avahi.avahi_client_free(client)
        avahi.avahi_threaded_poll_free(loop)
        state.release()
    }
}

/// The service being announced, changed by Avahi's callbacks on its thread alone.
private final class AnnouncedService {
    private let avahi: cavahi_functions
    private var name: String
    private let port: UInt16
    private let logger: Logger
    private var group: OpaquePointer?

    init(avahi: cavahi_functions, name: String, port: UInt16, logger: Logger) {
        self.avahi = avahi
        self.name = name
        self.port = port
        self.logger = logger
    }

    func clientChanged(_ client: OpaquePointer, _ change: AvahiClientState) {
        switch change {
        case AVAHI_CLIENT_S_RUNNING:
            announce(on: client)
        case AVAHI_CLIENT_S_COLLISION, AVAHI_CLIENT_S_REGISTERING:
            // The host's name is being settled: announce again once it runs.
            if let group { _ = avahi.avahi_entry_group_reset(group) }
        case AVAHI_CLIENT_CONNECTING:
            logger.notice("zeroconf: no Avahi daemon runs yet: not announced until avahi-daemon starts; serving goes on")
        case AVAHI_CLIENT_FAILURE:
            logger.warning("zeroconf: Avahi failed (\(avahi.explanation(of: avahi.avahi_client_errno(client)))): no longer announced; serving goes on")
        default:
            break
        }
    }

    private func groupChanged(_ group: OpaquePointer, _ change: AvahiEntryGroupState) {
        switch change {
        case AVAHI_ENTRY_GROUP_ESTABLISHED:
            logger.info("zeroconf: announced as \"\(name)\" (\(ZeroconfAnnouncement.serviceType), port \(port))")
        case AVAHI_ENTRY_GROUP_COLLISION:
            rename()
            announce(on: avahi.avahi_entry_group_get_client(group))
        case AVAHI_ENTRY_GROUP_FAILURE:
            let reason = avahi.explanation(of: avahi.avahi_client_errno(avahi.avahi_entry_group_get_client(group)))
            logger.warning("zeroconf: \"\(name)\" could not be announced (\(reason)); serving goes on")
        default:
            break
        }
    }

    /// Adds the service to the entry group (made on first use) and commits it.
    private func announce(on client: OpaquePointer?) {
        guard let client else { return }
        if group == nil {
            group = avahi.avahi_entry_group_new(client, { group, change, context in
                guard let group, let context else { return }
                Unmanaged<AnnouncedService>.fromOpaque(context).takeUnretainedValue().groupChanged(group, change)
            }, Unmanaged.passUnretained(self).toOpaque())
        }
        guard let group, avahi.avahi_entry_group_is_empty(group) != 0 else { return }
        var added = avahi.avahi_entry_group_add_service_strlst(group, AvahiIfIndex(AVAHI_IF_UNSPEC), AvahiProtocol(AVAHI_PROTO_UNSPEC),
                                                               AvahiPublishFlags(0), name, ZeroconfAnnouncement.serviceType, nil, nil, port, nil)
        if added == AVAHI_ERR_COLLISION {
            rename()
            added = avahi.avahi_entry_group_add_service_strlst(group, AvahiIfIndex(AVAHI_IF_UNSPEC), AvahiProtocol(AVAHI_PROTO_UNSPEC),
                                                               AvahiPublishFlags(0), name, ZeroconfAnnouncement.serviceType, nil, nil, port, nil)
        }
        if added < 0 || avahi.avahi_entry_group_commit(group) < 0 {
            logger.warning("zeroconf: \"\(name)\" could not be announced (\(avahi.explanation(of: added < 0 ? added : avahi.avahi_client_errno(client)))); serving goes on")
        }
    }

    /// Takes Avahi's next name after `name` ("name #2"): another service on the network has it.
    private func rename() {
        guard let alternative = avahi.avahi_alternative_service_name(name) else { return }
        logger.notice("zeroconf: the name \"\(name)\" is taken on the network; announcing as \"\(String(cString: alternative))\"")
        name = String(cString: alternative)
        avahi.avahi_free(alternative)
    }
}

private extension cavahi_functions {
    /// Avahi's explanation of the error code `error`.
    func explanation(of error: Int32) -> String {
        avahi_strerror(error).map { String(cString: $0) } ?? "Avahi error \(error)"
    }
}
