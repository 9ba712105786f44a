#include <dlfcn.h>
#include <stddef.h>
#include <espeak-ng/speak_lib.h>

// espeak-ng is opened at run time, when the first answer is spoken (SharedLibrary in Swift), not
// linked: linking it would load it, PulseAudio and X11 into every process. Each function's type
// comes from speak_lib.h.
#define CESPEAK_FIELD(name) __typeof__(&name) _Nonnull name;
#define CESPEAK_EACH_FUNCTION(X) \
    X(espeak_Initialize) \
    X(espeak_SetSynthCallback) \
    X(espeak_SetVoiceByName) \
    X(espeak_SetVoiceByProperties) \
    X(espeak_Synth) \
    X(espeak_TextToPhonemes)

/// The espeak-ng functions susi-listen calls.
/// Plain function pointers, so Swift may share the table between threads.
struct __attribute__((swift_attr("@Sendable"))) cespeak_functions {
    CESPEAK_EACH_FUNCTION(CESPEAK_FIELD)
};

/// Fills the table from an opened espeak-ng; sets `missing` to the first function it lacks.
static inline struct cespeak_functions cespeak_resolve(void *_Nonnull handle, const char *_Nullable *_Nonnull missing) {
    struct cespeak_functions functions;
#define CESPEAK_RESOLVE(name) \
    if (!(functions.name = (__typeof__(functions.name))dlsym(handle, #name)) && !*missing) *missing = #name;
    *missing = NULL;
    CESPEAK_EACH_FUNCTION(CESPEAK_RESOLVE)
#undef CESPEAK_RESOLVE
    return functions;
}
