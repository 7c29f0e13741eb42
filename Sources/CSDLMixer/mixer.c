// SDL2_mixer through dlopen: the functions Intermission uses, looked up once, called through the
// table. Until intermission_mixer_load succeeds, nothing here may be called.
#include <stdio.h>

#include <SDL2/SDL_mixer.h>

#include "CSDLMixer.h"
#include "CIntermissionSupport.h"

static struct {
    int loaded;
    __typeof__(&Mix_OpenAudio) open_audio;
    __typeof__(&Mix_CloseAudio) close_audio;
    __typeof__(&Mix_LoadMUS_RW) load_music;
    __typeof__(&Mix_FreeMusic) free_music;
    __typeof__(&Mix_LoadWAV_RW) load_wav;
    __typeof__(&Mix_FreeChunk) free_chunk;
    __typeof__(&Mix_PlayMusic) play_music;
    __typeof__(&Mix_PauseMusic) pause_music;
    __typeof__(&Mix_ResumeMusic) resume_music;
    __typeof__(&Mix_HaltMusic) halt_music;
    __typeof__(&Mix_PlayingMusic) playing_music;
    __typeof__(&Mix_PlayChannelTimed) play_channel;
    __typeof__(&Mix_Pause) pause;
    __typeof__(&Mix_Resume) resume;
    __typeof__(&Mix_HaltChannel) halt_channel;
    __typeof__(&Mix_Volume) volume;
    __typeof__(&Mix_VolumeMusic) volume_music;
    __typeof__(&Mix_SetPostMix) set_post_mix;
} mixer;

int intermission_mixer_load(char *error, size_t size)
{
    if (mixer.loaded) return 0;
    const struct intermission_symbol symbols[] = {
        {"Mix_OpenAudio", (void **)&mixer.open_audio},
        {"Mix_CloseAudio", (void **)&mixer.close_audio},
        {"Mix_LoadMUS_RW", (void **)&mixer.load_music},
        {"Mix_FreeMusic", (void **)&mixer.free_music},
        {"Mix_LoadWAV_RW", (void **)&mixer.load_wav},
        {"Mix_FreeChunk", (void **)&mixer.free_chunk},
        {"Mix_PlayMusic", (void **)&mixer.play_music},
        {"Mix_PauseMusic", (void **)&mixer.pause_music},
        {"Mix_ResumeMusic", (void **)&mixer.resume_music},
        {"Mix_HaltMusic", (void **)&mixer.halt_music},
        {"Mix_PlayingMusic", (void **)&mixer.playing_music},
        {"Mix_PlayChannelTimed", (void **)&mixer.play_channel},
        {"Mix_Pause", (void **)&mixer.pause},
        {"Mix_Resume", (void **)&mixer.resume},
        {"Mix_HaltChannel", (void **)&mixer.halt_channel},
        {"Mix_Volume", (void **)&mixer.volume},
        {"Mix_VolumeMusic", (void **)&mixer.volume_music},
        {"Mix_SetPostMix", (void **)&mixer.set_post_mix},
    };
    if (intermission_load_library("libSDL2_mixer-2.0.so.0", symbols, sizeof symbols / sizeof *symbols, error, size) != 0)
        return -1;
    // Never closed: SDL_mixer stays mapped for the life of the process, as a linked library would.
    mixer.loaded = 1;
    return 0;
}

int intermission_mix_open_audio(int frequency, unsigned short format, int channels, int chunk_size)
{
    return mixer.open_audio(frequency, format, channels, chunk_size);
}
void intermission_mix_close_audio(void) { mixer.close_audio(); }
void *intermission_mix_load_music(void *rwops) { return mixer.load_music(rwops, 1); }
void intermission_mix_free_music(void *music) { mixer.free_music(music); }
void *intermission_mix_load_wav(void *rwops) { return mixer.load_wav(rwops, 1); }
void intermission_mix_free_chunk(void *chunk) { mixer.free_chunk(chunk); }
int intermission_mix_play_music(void *music, int loops) { return mixer.play_music(music, loops); }
void intermission_mix_pause_music(void) { mixer.pause_music(); }
void intermission_mix_resume_music(void) { mixer.resume_music(); }
int intermission_mix_halt_music(void) { return mixer.halt_music(); }
int intermission_mix_playing_music(void) { return mixer.playing_music(); }
int intermission_mix_play_channel(int channel, void *chunk, int loops)
{
    return mixer.play_channel(channel, chunk, loops, -1);
}
void intermission_mix_pause(int channel) { mixer.pause(channel); }
void intermission_mix_resume(int channel) { mixer.resume(channel); }
int intermission_mix_halt_channel(int channel) { return mixer.halt_channel(channel); }
int intermission_mix_volume(int channel, int volume) { return mixer.volume(channel, volume); }
int intermission_mix_volume_music(int volume) { return mixer.volume_music(volume); }
void intermission_mix_set_post_mix(void (*mix)(void *user, unsigned char *stream, int length), void *user)
{
    mixer.set_post_mix(mix, user);
}
int intermission_mix_max_volume(void) { return MIX_MAX_VOLUME; }
unsigned short intermission_mix_format_s16sys(void) { return AUDIO_S16SYS; }
