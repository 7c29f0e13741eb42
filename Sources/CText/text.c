// ICU through dlopen, loaded at the first text that needs it (right-to-left or mixed text, a
// script other than Latin, line breaks by dictionary), so that a run whose texts need none of it
// never maps libicuuc and its 30 MB libicudata; and fontconfig, linked.
#include "CText.h"

#include <dlfcn.h>
#include <fontconfig/fontconfig.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uscript.h>
#include <unicode/uvernum.h>

#include "CIntermissionSupport.h"

#define STRINGIFY_(x) #x
#define STRINGIFY(x) STRINGIFY_(x)

/* ICU's C API is stable across versions, but each version renames its functions with its major
   number (ubidi_open_72): the loader finds the library and its suffix, and looks the names up with it. */
static struct {
    __typeof__(&ubidi_openSized) bidi_open;
    __typeof__(&ubidi_setPara) bidi_set_para;
    __typeof__(&ubidi_getLevels) bidi_levels;
    __typeof__(&ubidi_getParaLevel) bidi_paragraph_level;
    __typeof__(&ubidi_close) bidi_close;
    __typeof__(&uscript_getScript) script;
    __typeof__(&uscript_getShortName) script_name;
    __typeof__(&ubrk_open) break_open;
    __typeof__(&ubrk_following) break_following;
    __typeof__(&ubrk_next) break_next;
    __typeof__(&ubrk_close) break_close;
} icu;

static pthread_once_t icu_once = PTHREAD_ONCE_INIT;
static int icu_status = -1;
static char icu_failure[512] = "ICU was not loaded";

/// The oldest and newest ICU major versions tried after the one the headers name.
enum { ICU_OLDEST = 50, ICU_NEWEST = 99 };

/// The suffix of `library`'s function names ("_72", or "" for a build without renaming), found by
/// looking up u_getVersion under each; 0, or -1 when it has none.
static int icu_suffix(void *library, int preferred, char *suffix, size_t size) {
    char name[32];
    for (int major = ICU_NEWEST + 1; major >= ICU_OLDEST; major--) {
        int version = major == ICU_NEWEST + 1 ? preferred : major;
        snprintf(name, sizeof name, "u_getVersion_%d", version);
        if (dlsym(library, name)) {
            snprintf(suffix, size, "_%d", version);
            return 0;
        }
    }
    if (dlsym(library, "u_getVersion")) {
        snprintf(suffix, size, "%s", "");
        return 0;
    }
    return -1;
}

static void icu_load(void) {
    static const char *const bases[] = {
        "ubidi_openSized", "ubidi_setPara", "ubidi_getLevels", "ubidi_getParaLevel", "ubidi_close",
        "uscript_getScript", "uscript_getShortName", "ubrk_open", "ubrk_following", "ubrk_next", "ubrk_close",
    };
    void **slots[] = {
        (void **)&icu.bidi_open, (void **)&icu.bidi_set_para, (void **)&icu.bidi_levels,
        (void **)&icu.bidi_paragraph_level, (void **)&icu.bidi_close, (void **)&icu.script,
        (void **)&icu.script_name, (void **)&icu.break_open, (void **)&icu.break_following,
        (void **)&icu.break_next, (void **)&icu.break_close,
    };
    enum { COUNT = sizeof bases / sizeof *bases };
    char first_failure[256] = "";
    /* The version the headers name first, then any other, newest first, then the unversioned name. */
    for (int attempt = 0; attempt <= ICU_NEWEST - ICU_OLDEST + 2; attempt++) {
        int major = attempt == 0 ? U_ICU_VERSION_MAJOR_NUM : ICU_NEWEST + 1 - attempt;
        if (attempt > 0 && major == U_ICU_VERSION_MAJOR_NUM) continue;
        char library[32];
        if (major >= ICU_OLDEST) {
            snprintf(library, sizeof library, "libicuuc.so.%d", major);
        } else {
            snprintf(library, sizeof library, "%s", "libicuuc.so");
        }
        void *probe = dlopen(library, RTLD_NOW | RTLD_LOCAL);
        if (!probe) {
            if (attempt == 0) snprintf(first_failure, sizeof first_failure, "%s", dlerror());
            continue;
        }
        char suffix[16];
        if (icu_suffix(probe, major, suffix, sizeof suffix) != 0) {
            snprintf(icu_failure, sizeof icu_failure, "ICU could not be loaded: %s has no u_getVersion", library);
            dlclose(probe);
            return;
        }
        char names[COUNT][48];
        struct intermission_symbol symbols[COUNT];
        for (size_t index = 0; index < COUNT; index++) {
            snprintf(names[index], sizeof names[index], "%s%s", bases[index], suffix);
            symbols[index] = (struct intermission_symbol){names[index], slots[index]};
        }
        char reason[256];
        int loaded = intermission_load_library(library, symbols, COUNT, reason, sizeof reason);
        dlclose(probe); /* the loader's own handle keeps it loaded */
        if (loaded != 0) {
            snprintf(icu_failure, sizeof icu_failure, "ICU could not be loaded: %s", reason);
            return;
        }
        icu_status = 0;
        return;
    }
    snprintf(icu_failure, sizeof icu_failure,
             "ICU could not be loaded (%s; nor libicuuc.so.%d to .%d, nor libicuuc.so): install ICU (libicu%d)",
             first_failure, ICU_OLDEST, ICU_NEWEST, U_ICU_VERSION_MAJOR_NUM);
}

int intermission_text_icu_available(char *error, size_t size) {
    pthread_once(&icu_once, icu_load);
    if (icu_status != 0 && error && size) snprintf(error, size, "%s", icu_failure);
    return icu_status;
}

/// Whether ICU is loaded (loading it at the first call): 1, or 0 when it cannot be.
static int icu_ready(void) {
    return intermission_text_icu_available(NULL, 0) == 0;
}

int intermission_text_bidi_levels(const uint16_t *text, int32_t length, int base, uint8_t *levels) {
    if (!icu_ready()) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = icu.bidi_open(length, 0, &status);
    if (U_FAILURE(status) || bidi == NULL) return -1;
    UBiDiLevel paragraph = base < 0 ? UBIDI_DEFAULT_LTR : (UBiDiLevel)(base ? 1 : 0);
    icu.bidi_set_para(bidi, (const UChar *)text, length, paragraph, NULL, &status);
    int result = -1;
    if (U_SUCCESS(status)) {
        const UBiDiLevel *resolved = length > 0 ? icu.bidi_levels(bidi, &status) : NULL;
        if (U_SUCCESS(status)) {
            if (length > 0) memcpy(levels, resolved, (size_t)length);
            result = icu.bidi_paragraph_level(bidi) & 1;
        }
    }
    icu.bidi_close(bidi);
    return result;
}

int intermission_text_script(uint32_t scalar, char code[8]) {
    if (!icu_ready()) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode script = icu.script((UChar32)scalar, &status);
    if (U_FAILURE(status)) return -1;
    const char *name = icu.script_name(script);
    if (name == NULL || strlen(name) > 7) return -1;
    strcpy(code, name);
    if (script == USCRIPT_COMMON) return 1;
    if (script == USCRIPT_INHERITED) return 2;
    return 0;
}

int32_t intermission_text_line_breaks(
    const uint16_t *text, int32_t length, const char *locale, int32_t *offsets, int32_t capacity) {
    if (!icu_ready()) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *breaks = icu.break_open(UBRK_LINE, locale, (const UChar *)text, length, &status);
    if (U_FAILURE(status) || breaks == NULL) return -1;
    int32_t count = 0;
    for (int32_t offset = icu.break_following(breaks, 0); offset != UBRK_DONE; offset = icu.break_next(breaks)) {
        if (count == capacity) {
            count = -1;
            break;
        }
        offsets[count++] = offset;
    }
    icu.break_close(breaks);
    return count;
}

struct intermission_fonts {
    FcConfig *config;
    int refuses_pattern_adds; /* a test's simulated failure (intermission_fonts_simulate_add_failures) */
};

/// `FcPatternAddString`, failing without a call when a test asked for it.
static FcBool add_string(const intermission_fonts *fonts, FcPattern *pattern, const char *object, const char *value) {
    return !fonts->refuses_pattern_adds && FcPatternAddString(pattern, object, (const FcChar8 *)value);
}

/// `FcPatternAddCharSet`, failing without a call when a test asked for it.
static FcBool add_charset(const intermission_fonts *fonts, FcPattern *pattern, const char *object, FcCharSet *set) {
    return !fonts->refuses_pattern_adds && FcPatternAddCharSet(pattern, object, set);
}

void intermission_fonts_simulate_add_failures(intermission_fonts *fonts, int refuses) {
    if (fonts != NULL) fonts->refuses_pattern_adds = refuses;
}

intermission_fonts *intermission_fonts_open(const char *config_file) {
    FcConfig *config = NULL;
    if (config_file == NULL) {
        config = FcInitLoadConfigAndFonts();
    } else {
        config = FcConfigCreate();
        if (config != NULL &&
            (!FcConfigParseAndLoad(config, (const FcChar8 *)config_file, FcTrue) || !FcConfigBuildFonts(config))) {
            FcConfigDestroy(config);
            config = NULL;
        }
    }
    if (config == NULL) return NULL;
    intermission_fonts *fonts = malloc(sizeof *fonts);
    if (fonts == NULL) {
        FcConfigDestroy(config);
        return NULL;
    }
    fonts->config = config;
    fonts->refuses_pattern_adds = 0;
    return fonts;
}

void intermission_fonts_close(intermission_fonts *fonts) {
    if (fonts == NULL) return;
    FcConfigDestroy(fonts->config);
    free(fonts);
}

/// Copies `font`'s file and index out; 1, or -1 when it has none or the path does not fit.
static int copy_face(FcPattern *font, char *path, size_t capacity, int *index) {
    FcChar8 *file = NULL;
    int face = 0;
    if (FcPatternGetString(font, FC_FILE, 0, &file) != FcResultMatch || file == NULL) return -1;
    if (FcPatternGetInteger(font, FC_INDEX, 0, &face) != FcResultMatch) face = 0;
    size_t length = strlen((const char *)file);
    if (length + 1 > capacity) return -1;
    memcpy(path, file, length + 1);
    *index = face;
    return 1;
}

int intermission_fonts_find(
    intermission_fonts *fonts, const char *family, const char *lang, uint32_t scalar, char *path, size_t capacity,
    int *index) {
    FcPattern *pattern = FcPatternCreate();
    if (pattern == NULL) return -1;
    if (!add_string(fonts, pattern, FC_FAMILY, family)
        || (lang != NULL && lang[0] != '\0' && !add_string(fonts, pattern, FC_LANG, lang))) {
        FcPatternDestroy(pattern);
        return -1;
    }
    FcCharSet *wanted = NULL;
    if (scalar != 0) {
        wanted = FcCharSetCreate();
        if (wanted == NULL || !FcCharSetAddChar(wanted, scalar)) {
            FcCharSetDestroy(wanted);
            FcPatternDestroy(pattern);
            return -1;
        }
        if (!add_charset(fonts, pattern, FC_CHARSET, wanted)) {
            FcCharSetDestroy(wanted);
            FcPatternDestroy(pattern);
            return -1;
        }
    }
    if (!FcConfigSubstitute(fonts->config, pattern, FcMatchPattern)) {
        if (wanted != NULL) FcCharSetDestroy(wanted);
        FcPatternDestroy(pattern);
        return -1;
    }
    FcDefaultSubstitute(pattern);
    int result = 0;
    FcResult status = FcResultNoMatch;
    if (scalar == 0) {
        FcPattern *match = FcFontMatch(fonts->config, pattern, &status);
        if (match != NULL) {
            result = copy_face(match, path, capacity, index);
            FcPatternDestroy(match);
        }
    } else {
        FcFontSet *sorted = FcFontSort(fonts->config, pattern, FcFalse, NULL, &status);
        for (int i = 0; sorted != NULL && i < sorted->nfont && result == 0; i++) {
            FcCharSet *covered = NULL;
            if (FcPatternGetCharSet(sorted->fonts[i], FC_CHARSET, 0, &covered) == FcResultMatch &&
                FcCharSetHasChar(covered, scalar)) {
                result = copy_face(sorted->fonts[i], path, capacity, index);
            }
        }
        if (sorted != NULL) FcFontSetDestroy(sorted);
    }
    if (wanted != NULL) FcCharSetDestroy(wanted);
    FcPatternDestroy(pattern);
    return result;
}
