#include <dlfcn.h>
#include <stddef.h>
#include <avahi-client/client.h>
#include <avahi-client/publish.h>
#include <avahi-common/thread-watch.h>
#include <avahi-common/error.h>
#include <avahi-common/alternative.h>
#include <avahi-common/malloc.h>

// Avahi's client library is opened at run time, when a server first announces itself
// (SharedLibrary in Swift), not linked: linking it would load it and D-Bus into every process.
// Each function's type comes from Avahi's headers; the avahi-common functions are found through
// libavahi-client, which depends on it.
#define CAVAHI_FIELD(name) __typeof__(&name) _Nonnull name;
#define CAVAHI_EACH_FUNCTION(X) \
    X(avahi_threaded_poll_new) \
    X(avahi_threaded_poll_get) \
    X(avahi_threaded_poll_start) \
    X(avahi_threaded_poll_stop) \
    X(avahi_threaded_poll_free) \
    X(avahi_client_new) \
    X(avahi_client_free) \
    X(avahi_client_errno) \
    X(avahi_entry_group_new) \
    X(avahi_entry_group_reset) \
    X(avahi_entry_group_get_client) \
    X(avahi_entry_group_is_empty) \
    X(avahi_entry_group_add_service_strlst) \
    X(avahi_entry_group_commit) \
    X(avahi_strerror) \
    X(avahi_alternative_service_name) \
    X(avahi_free)

/// The Avahi functions susi-listen calls.
/// Plain function pointers, so Swift may share the table between threads.
struct __attribute__((swift_attr("@Sendable"))) cavahi_functions {
    CAVAHI_EACH_FUNCTION(CAVAHI_FIELD)
};

/// Fills the table from an opened libavahi-client; sets `missing` to the first function it lacks.
static inline struct cavahi_functions cavahi_resolve(void *_Nonnull handle, const char *_Nullable *_Nonnull missing) {
    struct cavahi_functions functions;
#define CAVAHI_RESOLVE(name) \
    if (!(functions.name = (__typeof__(functions.name))dlsym(handle, #name)) && !*missing) *missing = #name;
    *missing = NULL;
    CAVAHI_EACH_FUNCTION(CAVAHI_RESOLVE)
#undef CAVAHI_RESOLVE
    return functions;
}
