#include <curl/curl.h>
#include <dlfcn.h>
#include <stddef.h>

// libcurl is opened at run time, on the first request (SharedLibrary in Swift), not linked:
// linking it would load it and its thirty dependencies into every process. Each function's
// type comes from curl.h.
#define CCURL_FIELD(name) __typeof__(&name) _Nonnull name;
#define CCURL_EACH_FUNCTION(X) \
    X(curl_global_init) \
    X(curl_easy_init) \
    X(curl_easy_cleanup) \
    X(curl_easy_strerror) \
    X(curl_multi_init) \
    X(curl_multi_cleanup) \
    X(curl_multi_add_handle) \
    X(curl_multi_remove_handle) \
    X(curl_multi_perform) \
    X(curl_multi_poll) \
    X(curl_multi_wakeup) \
    X(curl_multi_info_read) \
    X(curl_multi_strerror) \
    X(curl_slist_append) \
    X(curl_slist_free_all) \
    X(curl_easy_setopt) \
    X(curl_easy_getinfo)

/// The libcurl functions susi-listen calls.
/// Plain function pointers, so Swift may share the table between threads.
struct __attribute__((swift_attr("@Sendable"))) ccurl_functions {
    CCURL_EACH_FUNCTION(CCURL_FIELD)
};

/// Fills the table from an opened libcurl; sets `missing` to the first function it lacks.
static inline struct ccurl_functions ccurl_resolve(void *_Nonnull handle, const char *_Nullable *_Nonnull missing) {
    struct ccurl_functions functions;
#define CCURL_RESOLVE(name) \
    if (!(functions.name = (__typeof__(functions.name))dlsym(handle, #name)) && !*missing) *missing = #name;
    *missing = NULL;
    CCURL_EACH_FUNCTION(CCURL_RESOLVE)
#undef CCURL_RESOLVE
    return functions;
}

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed
// wrapper per kind of argument.
static inline CURLcode ccurl_setopt_long(struct ccurl_functions curl, CURL *handle, CURLoption option, long value) {
    return curl.curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_setopt_off_t(struct ccurl_functions curl, CURL *handle, CURLoption option, curl_off_t value) {
    return curl.curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_setopt_pointer(struct ccurl_functions curl, CURL *handle, CURLoption option, void *value) {
    return curl.curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_setopt_string(struct ccurl_functions curl, CURL *handle, CURLoption option, const char *value) {
    return curl.curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_setopt_slist(struct ccurl_functions curl, CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl.curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_setopt_write_function(struct ccurl_functions curl, CURL *handle, CURLoption option, curl_write_callback value) {
    return curl.curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_getinfo_long(struct ccurl_functions curl, CURL *handle, CURLINFO info, long *value) {
    return curl.curl_easy_getinfo(handle, info, value);
}
static inline CURLcode ccurl_getinfo_string(struct ccurl_functions curl, CURL *handle, CURLINFO info, char **value) {
    return curl.curl_easy_getinfo(handle, info, value);
}
