#include "CText.h"

#include <fontconfig/fontconfig.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uscript.h>

int intermission_text_bidi_levels(const uint16_t *text, int32_t length, int base, uint8_t *levels) {
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(length, 0, &status);
    if (U_FAILURE(status) || bidi == NULL) return -1;
    UBiDiLevel paragraph = base < 0 ? UBIDI_DEFAULT_LTR : (UBiDiLevel)(base ? 1 : 0);
    ubidi_setPara(bidi, (const UChar *)text, length, paragraph, NULL, &status);
    int result = -1;
    if (U_SUCCESS(status)) {
        const UBiDiLevel *resolved = length > 0 ? ubidi_getLevels(bidi, &status) : NULL;
        if (U_SUCCESS(status)) {
            if (length > 0) memcpy(levels, resolved, (size_t)length);
            result = ubidi_getParaLevel(bidi) & 1;
        }
    }
    ubidi_close(bidi);
    return result;
}

int intermission_text_script(uint32_t scalar, char code[8]) {
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode script = uscript_getScript((UChar32)scalar, &status);
    if (U_FAILURE(status)) return -1;
    const char *name = uscript_getShortName(script);
    if (name == NULL || strlen(name) > 7) return -1;
    strcpy(code, name);
    if (script == USCRIPT_COMMON) return 1;
    if (script == USCRIPT_INHERITED) return 2;
    return 0;
}

int32_t intermission_text_line_breaks(
    const uint16_t *text, int32_t length, const char *locale, int32_t *offsets, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *breaks = ubrk_open(UBRK_LINE, locale, (const UChar *)text, length, &status);
    if (U_FAILURE(status) || breaks == NULL) return -1;
    int32_t count = 0;
    for (int32_t offset = ubrk_following(breaks, 0); offset != UBRK_DONE; offset = ubrk_next(breaks)) {
        if (count == capacity) {
            count = -1;
            break;
        }
        offsets[count++] = offset;
    }
    ubrk_close(breaks);
    return count;
}

struct intermission_fonts {
    FcConfig *config;
};

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
    if (!FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)family)
        || (lang != NULL && lang[0] != '\0' && !FcPatternAddString(pattern, FC_LANG, (const FcChar8 *)lang))) {
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
        if (!FcPatternAddCharSet(pattern, FC_CHARSET, wanted)) {
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
