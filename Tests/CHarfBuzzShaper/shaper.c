#include "harfbuzz_shaper.h"

#include <harfbuzz/hb.h>
#include <stddef.h>

/* The font of face `face_index` of the file `path`, or NULL when the file cannot be read. */
static hb_font_t *open_font(const char *path, unsigned face_index)
{
    hb_blob_t *blob = hb_blob_create_from_file_or_fail(path);
    if (!blob) return NULL;
    hb_face_t *face = hb_face_create(blob, face_index);
    hb_blob_destroy(blob);
    if (hb_face_get_glyph_count(face) == 0) {
        hb_face_destroy(face);
        return NULL;
    }
    hb_font_t *font = hb_font_create(face);
    hb_face_destroy(face);
    return font;
}

int harfbuzz_shaper_shape(const char *path, unsigned face_index, const char *utf8, const char *script,
                          const char *language, int right_to_left, uint32_t *glyphs, int capacity)
{
    hb_font_t *font = open_font(path, face_index);
    if (!font) return -1;
    hb_buffer_t *buffer = hb_buffer_create();
    hb_buffer_add_utf8(buffer, utf8, -1, 0, -1);
    hb_buffer_set_direction(buffer, right_to_left ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
    hb_buffer_set_script(buffer, hb_script_from_string(script, -1));
    hb_buffer_set_language(buffer, hb_language_from_string(language, -1));
    hb_shape(font, buffer, NULL, 0);
    unsigned count = 0;
    hb_glyph_info_t *info = hb_buffer_get_glyph_infos(buffer, &count);
    for (unsigned index = 0; index < count && (int)index < capacity; index++) glyphs[index] = info[index].codepoint;
    hb_buffer_destroy(buffer);
    hb_font_destroy(font);
    return (int)count;
}

uint32_t harfbuzz_shaper_nominal_glyph(const char *path, unsigned face_index, uint32_t codepoint)
{
    hb_font_t *font = open_font(path, face_index);
    if (!font) return 0;
    hb_codepoint_t glyph = 0;
    if (!hb_font_get_nominal_glyph(font, codepoint, &glyph)) glyph = 0;
    hb_font_destroy(font);
    return glyph;
}
