#ifndef HARFBUZZ_SHAPER_H
#define HARFBUZZ_SHAPER_H

/* Test-only: HarfBuzz's own answer for a text in a font file, to compare the project's drawing with. */

#include <stdint.h>

/* Shapes `utf8` with face `face_index` of the font file `path`, as `script` (ISO 15924, such as "Arab")
   in `language` (BCP 47), right to left when `right_to_left`: writes up to `capacity` glyph ids in
   visual order (HarfBuzz's output order) to `glyphs`. Returns how many glyphs the shaping gave (more
   than `capacity` means some were not written), or -1 when the font file cannot be read. */
int harfbuzz_shaper_shape(const char *path, unsigned face_index, const char *utf8, const char *script,
                          const char *language, int right_to_left, uint32_t *glyphs, int capacity);

/* The glyph id the font's character map gives `codepoint` (in face `face_index` of the font file
   `path`), or 0 when it has none or the file cannot be read. */
uint32_t harfbuzz_shaper_nominal_glyph(const char *path, unsigned face_index, uint32_t codepoint);

#endif
