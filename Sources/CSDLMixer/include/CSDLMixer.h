#ifndef INTERMISSION_CSDLMIXER_H
#define INTERMISSION_CSDLMIXER_H

#include <stddef.h>

/// SDL2_mixer, loaded only when sound is wanted: a program run with --no-audio (and the C API's
/// library, which plays no sound) never maps SDL_mixer and the codec libraries it pulls in.
/// SDL_mixer's own types appear as `void *` (a `Mix_Music *`, `Mix_Chunk *` or `SDL_RWops *`).

/// Loads SDL2_mixer (libSDL2_mixer-2.0.so.0) once. Returns 0, or -1 with the loader's reason in
/// `error` (NUL-terminated, cut to `size`).
int intermission_mixer_load(char *error, size_t size);

int intermission_mix_open_audio(int frequency, unsigned short format, int channels, int chunk_size);
void intermission_mix_close_audio(void);
/// Mix_LoadMUS_RW(rwops, 1): the music takes the RWops over.
void *intermission_mix_load_music(void *rwops);
void intermission_mix_free_music(void *music);
/// Mix_LoadWAV_RW(rwops, 1): the chunk takes the RWops over.
void *intermission_mix_load_wav(void *rwops);
void intermission_mix_free_chunk(void *chunk);
int intermission_mix_play_music(void *music, int loops);
void intermission_mix_pause_music(void);
void intermission_mix_resume_music(void);
int intermission_mix_halt_music(void);
int intermission_mix_playing_music(void);
/// Mix_PlayChannelTimed(channel, chunk, loops, -1).
int intermission_mix_play_channel(int channel, void *chunk, int loops);
void intermission_mix_pause(int channel);
void intermission_mix_resume(int channel);
int intermission_mix_halt_channel(int channel);
int intermission_mix_volume(int channel, int volume);
int intermission_mix_volume_music(int volume);
void intermission_mix_set_post_mix(void (*mix)(void *user, unsigned char *stream, int length), void *user);

/// MIX_MAX_VOLUME, and AUDIO_S16SYS from SDL.
int intermission_mix_max_volume(void);
unsigned short intermission_mix_format_s16sys(void);

#endif
