#ifndef INTERMISSION_CSDL2_SHIM_H
#define INTERMISSION_CSDL2_SHIM_H

#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>
#include <SDL2/SDL_image.h>

// Macros Swift cannot import, exposed as functions and constants.
static inline int intermission_windowpos_centered(void) { return SDL_WINDOWPOS_CENTERED; }
static inline Uint32 intermission_init_video(void) { return SDL_INIT_VIDEO | SDL_INIT_EVENTS; }
static inline int intermission_img_init_png(void) { return IMG_INIT_PNG; }
static inline Uint32 intermission_pixelformat_argb8888(void) { return SDL_PIXELFORMAT_ARGB8888; }
static inline Uint32 intermission_pixelformat_rgba32(void) { return SDL_PIXELFORMAT_RGBA32; }
static inline Uint32 intermission_pixelformat_iyuv(void) { return SDL_PIXELFORMAT_IYUV; }
static inline SDL_AudioFormat intermission_audio_f32(void) { return AUDIO_F32SYS; }
static inline Uint32 intermission_pixelformat_xrgb8888(void) { return SDL_PIXELFORMAT_RGB888; }
static inline int intermission_pixelformat_has_alpha(Uint32 format) { return SDL_ISPIXELFORMAT_ALPHA(format) ? 1 : 0; }
static inline int intermission_pixelformat_is_indexed(Uint32 format) { return SDL_ISPIXELFORMAT_INDEXED(format) ? 1 : 0; }

// Runs `func(object)` as the calling thread ends, before glibc clears the thread's pthread keys (when
// C++'s thread_local destructors run): SDL's thread-local data, kept under such a key, is still
// there then.
extern int __cxa_thread_atexit_impl(void (*func)(void *), void *object, void *dso_symbol);
extern void *__dso_handle;
static inline int intermission_at_thread_exit(void (*func)(void *), void *object) {
  return __cxa_thread_atexit_impl(func, object, &__dso_handle);
}

#endif
