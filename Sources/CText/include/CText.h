#ifndef INTERMISSION_CTEXT_H
#define INTERMISSION_CTEXT_H

#include <stddef.h>
#include <stdint.h>

/// The Unicode algorithms of text layout, from ICU (libicuuc), and font discovery, from
/// fontconfig: the few calls Intermission makes, with plain C types.

// MARK: - ICU

/// Loads ICU, once, with dlopen: the libicuuc of the headers' major version, else another (newest
/// first), its functions found under that version's suffix (`ubidi_open_72`). Each function below
/// loads it at its first call, so that a run that never needs it never maps it.
/// - Returns: 0, or -1 with the reason in `error` (`size` bytes; NULL for none).
int intermission_text_icu_available(char *error, size_t size);

/// Resolves the embedding level of each UTF-16 unit of one paragraph by the Unicode Bidirectional
/// Algorithm (UAX #9, `ubidi_setPara`).
/// - Parameters:
///   - text: the paragraph, `length` UTF-16 units.
///   - base: the paragraph's direction: -1 from its first strong character (rules P2 and P3),
///     0 left to right, 1 right to left.
///   - levels: `length` bytes, filled with each unit's level (odd is right to left).
/// - Returns: the paragraph's level (0 or 1), or -1 when ICU fails or cannot be loaded.
int intermission_text_bidi_levels(const uint16_t *text, int32_t length, int base, uint8_t *levels);

/// The script of `scalar` (its Script property, `uscript_getScript`) as its ISO 15924 code,
/// written to `code` with its NUL ("Latn", "Arab", "Zyyy" for Common, "Zinh" for Inherited).
/// - Returns: 0 for a script of its own, 1 for Common, 2 for Inherited, -1 when ICU fails or cannot
///   be loaded.
int intermission_text_script(uint32_t scalar, char code[8]);

/// The places where a line may break in `text` by UAX #14, with ICU's dictionaries for Thai, Lao,
/// Khmer, Burmese and CJK (`ubrk_open(UBRK_LINE)`), for the language `locale` ("ja", "th", "").
/// - Parameters:
///   - offsets: filled with the UTF-16 offsets at which a new line may start, in order, never 0;
///     the last is `length`.
///   - capacity: the room in `offsets`.
/// - Returns: the number written, or -1 when ICU fails or cannot be loaded, or the offsets do not fit.
int32_t intermission_text_line_breaks(
    const uint16_t *text, int32_t length, const char *locale, int32_t *offsets, int32_t capacity);

// MARK: - fontconfig

/// A fontconfig configuration with its fonts: the system's, or one read from a file.
typedef struct intermission_fonts intermission_fonts;

/// Loads a configuration: the system's (`FcInitLoadConfigAndFonts`) when `config_file` is NULL, else
/// only what the file at `config_file` says (its `<dir>`s).
/// - Returns: the configuration, or NULL when it cannot be loaded.
intermission_fonts *intermission_fonts_open(const char *config_file);

/// Frees a configuration. NULL does nothing.
void intermission_fonts_close(intermission_fonts *fonts);

/// The face fontconfig picks for `family` ("sans-serif") in the language `lang` (fontconfig's
/// name: "ja", "zh-cn"; "" for none), optionally covering `scalar` (0 for any): with a scalar,
/// the first face in `FcFontSort`'s order for a pattern of the family, the language and a
/// character set of that scalar whose own character set has it.
/// - Parameters:
///   - path: receives the face's file, NUL-terminated, in `capacity` bytes.
///   - index: receives the face's index in its file (a `.ttc` collection holds several).
/// - Returns: 1 when a face was found, 0 when none has the scalar, -1 on failure (or a path that
///   does not fit).
int intermission_fonts_find(
    intermission_fonts *fonts, const char *family, const char *lang, uint32_t scalar, char *path, size_t capacity,
    int *index);

/// Test seam: makes every `FcPatternAddString` and `FcPatternAddCharSet` of `fonts`' lookups fail
/// (without calling them) while `refuses` is non-zero, as they do when fontconfig runs out of
/// memory. Nothing a text holds sets it. NULL is ignored.
void intermission_fonts_simulate_add_failures(intermission_fonts *fonts, int refuses);

#endif
