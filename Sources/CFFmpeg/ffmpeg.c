// FFmpeg through dlopen: a file demuxed and decoded with the send/receive API, video converted to
// I420 with libswscale and audio to interleaved float with libswresample. Compiled against the
// installed headers, it loads the libraries of that same major version (their ABI).
#define _GNU_SOURCE
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/channel_layout.h>
#include <libavutil/imgutils.h>
#include <libswresample/swresample.h>
#include <libswscale/swscale.h>
#include <dlfcn.h>
#include <malloc.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "CFFmpeg.h"
#include "CIntermissionSupport.h"

#define STRINGIFY_(x) #x
#define STRINGIFY(x) STRINGIFY_(x)

static struct {
    __typeof__(&avformat_open_input) open_input;
    __typeof__(&avformat_find_stream_info) find_stream_info;
    __typeof__(&av_find_best_stream) find_best_stream;
    __typeof__(&av_read_frame) read_frame;
    __typeof__(&avformat_close_input) close_input;
    __typeof__(&avcodec_find_decoder) find_decoder;
    __typeof__(&avcodec_find_decoder_by_name) find_decoder_by_name;
    __typeof__(&avcodec_alloc_context3) alloc_context;
    __typeof__(&avcodec_parameters_to_context) parameters_to_context;
    __typeof__(&avcodec_open2) open_codec;
    __typeof__(&avcodec_send_packet) send_packet;
    __typeof__(&avcodec_receive_frame) receive_frame;
    __typeof__(&avcodec_free_context) free_context;
    __typeof__(&avcodec_get_name) codec_name;
    __typeof__(&av_packet_alloc) packet_alloc;
    __typeof__(&av_packet_free) packet_free;
    __typeof__(&av_packet_unref) packet_unref;
    __typeof__(&av_frame_alloc) frame_alloc;
    __typeof__(&av_frame_free) frame_free;
    __typeof__(&av_frame_unref) frame_unref;
    __typeof__(&av_strerror) strerror;
    __typeof__(&av_dict_set) dict_set;
    __typeof__(&av_dict_free) dict_free;
    __typeof__(&av_image_alloc) image_alloc;
    __typeof__(&av_freep) freep;
    __typeof__(&av_log_set_level) log_set_level;
    __typeof__(&av_channel_layout_default) layout_default;
    __typeof__(&av_channel_layout_uninit) layout_uninit;
    __typeof__(&sws_getCachedContext) sws_context;
    __typeof__(&sws_scale) sws_scale;
    __typeof__(&sws_freeContext) sws_free;
    __typeof__(&swr_alloc_set_opts2) swr_alloc;
    __typeof__(&swr_init) swr_init;
    __typeof__(&swr_convert) swr_convert;
    __typeof__(&swr_get_out_samples) swr_out_samples;
    __typeof__(&swr_free) swr_free;
} ff;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int status = -1;
static char load_failure[256] = "FFmpeg was not loaded";

static void load(void)
{
    const struct intermission_symbol util[] = {
        {"av_frame_alloc", (void **)&ff.frame_alloc}, {"av_frame_free", (void **)&ff.frame_free},
        {"av_frame_unref", (void **)&ff.frame_unref}, {"av_strerror", (void **)&ff.strerror},
        {"av_dict_set", (void **)&ff.dict_set}, {"av_dict_free", (void **)&ff.dict_free},
        {"av_image_alloc", (void **)&ff.image_alloc}, {"av_freep", (void **)&ff.freep},
        {"av_log_set_level", (void **)&ff.log_set_level},
        {"av_channel_layout_default", (void **)&ff.layout_default},
        {"av_channel_layout_uninit", (void **)&ff.layout_uninit},
    };
    const struct intermission_symbol codec[] = {
        {"avcodec_find_decoder", (void **)&ff.find_decoder},
        {"avcodec_find_decoder_by_name", (void **)&ff.find_decoder_by_name},
        {"avcodec_alloc_context3", (void **)&ff.alloc_context},
        {"avcodec_parameters_to_context", (void **)&ff.parameters_to_context},
        {"avcodec_open2", (void **)&ff.open_codec}, {"avcodec_send_packet", (void **)&ff.send_packet},
        {"avcodec_receive_frame", (void **)&ff.receive_frame}, {"avcodec_free_context", (void **)&ff.free_context},
        {"avcodec_get_name", (void **)&ff.codec_name}, {"av_packet_alloc", (void **)&ff.packet_alloc},
        {"av_packet_free", (void **)&ff.packet_free}, {"av_packet_unref", (void **)&ff.packet_unref},
    };
    const struct intermission_symbol format[] = {
        {"avformat_open_input", (void **)&ff.open_input}, {"avformat_find_stream_info", (void **)&ff.find_stream_info},
        {"av_find_best_stream", (void **)&ff.find_best_stream}, {"av_read_frame", (void **)&ff.read_frame},
        {"avformat_close_input", (void **)&ff.close_input},
    };
    const struct intermission_symbol scale[] = {
        {"sws_getCachedContext", (void **)&ff.sws_context}, {"sws_scale", (void **)&ff.sws_scale},
        {"sws_freeContext", (void **)&ff.sws_free},
    };
    const struct intermission_symbol resample[] = {
        {"swr_alloc_set_opts2", (void **)&ff.swr_alloc}, {"swr_init", (void **)&ff.swr_init},
        {"swr_convert", (void **)&ff.swr_convert}, {"swr_get_out_samples", (void **)&ff.swr_out_samples},
        {"swr_free", (void **)&ff.swr_free},
    };
#define LOAD(name, major, table)                                                                                     \
    if (intermission_load_library("lib" name ".so." STRINGIFY(major), table, sizeof table / sizeof *table,          \
                                  load_failure, sizeof load_failure) != 0)                                           \
        return;
    LOAD("avutil", LIBAVUTIL_VERSION_MAJOR, util)
    LOAD("avcodec", LIBAVCODEC_VERSION_MAJOR, codec)
    LOAD("avformat", LIBAVFORMAT_VERSION_MAJOR, format)
    LOAD("swscale", LIBSWSCALE_VERSION_MAJOR, scale)
    LOAD("swresample", LIBSWRESAMPLE_VERSION_MAJOR, resample)
#undef LOAD
    ff.log_set_level(AV_LOG_QUIET); /* failures are reported through the error buffers */
    status = 0;
}

int intermission_media_available(char *error, size_t error_size)
{
    pthread_once(&once, load);
    if (status != 0) snprintf(error, error_size, "%s", load_failure);
    return status;
}

int intermission_media_has_decoder(const char *name)
{
    char error[256];
    if (intermission_media_available(error, sizeof error) != 0 || !name) return 0;
    return ff.find_decoder_by_name(name) != NULL;
}

struct intermission_media {
    AVFormatContext *format;
    AVCodecContext *video;
    AVCodecContext *audio;
    int video_stream;
    int audio_stream;
    AVPacket *packet;
    AVFrame *decoded;
    /* The decoder whose frames are being drained (after a packet, or at the end), or NULL. */
    AVCodecContext *draining;
    int at_end;          /* the demuxer is done and both decoders were flushed */
    int packet_pending;  /* `packet` was refused with EAGAIN: sent again once its decoder is drained */
    int max_width, max_height;           /* every frame is checked against these, not only the first */
    double next_video_time, next_audio_time; /* what a frame without a timestamp gets: after the last */
    int failures;        /* packets in a row that did not decode */
    int faults;          /* INTERMISSION_MEDIA_FAULT_* a test asked for (intermission_media_simulate); 0 */
    struct SwsContext *scaler;
    uint8_t *image[4];
    int image_pitches[4];
    int image_width, image_height;
    int output_width, output_height; /* 0: the video's own size */
    SwrContext *resampler;
    int out_rate, out_channels;
    float *samples;
    int sample_capacity;
};

static int fail(char *error, size_t size, const char *what, int code)
{
    char reason[128] = "";
    if (code < 0) ff.strerror(code, reason, sizeof reason);
    snprintf(error, size, "%s%s%s", what, code < 0 ? ": " : "", reason);
    return -1;
}

static AVCodecContext *open_decoder(AVFormatContext *format, int stream, char *error, size_t size)
{
    AVCodecParameters *parameters = format->streams[stream]->codecpar;
    const AVCodec *decoder = ff.find_decoder(parameters->codec_id);
    if (!decoder) {
        snprintf(error, size, "no decoder for %s", ff.codec_name(parameters->codec_id));
        return NULL;
    }
    AVCodecContext *context = ff.alloc_context(decoder);
    if (!context) return NULL;
    int code = ff.parameters_to_context(context, parameters);
    if (code >= 0) code = ff.open_codec(context, decoder, NULL);
    if (code < 0) {
        fail(error, size, "the decoder did not open", code);
        ff.free_context(&context);
        return NULL;
    }
    context->pkt_timebase = format->streams[stream]->time_base;
    return context;
}

int intermission_media_open(const char *path, int audio_rate, int audio_channels, int max_width, int max_height,
                            intermission_media **out, intermission_media_info *info, char *error, size_t size)
{
    *out = NULL;
    if (intermission_media_available(error, size) != 0) return -1;
    intermission_media *media = calloc(1, sizeof *media);
    if (!media) return fail(error, size, "out of memory", 0);
    media->video_stream = media->audio_stream = -1;
    media->max_width = max_width;
    media->max_height = max_height;
    AVDictionary *options = NULL;
    ff.dict_set(&options, "protocol_whitelist", "file", 0);
    ff.dict_set(&options, "format_whitelist", "mov,mp4,m4a,3gp,3g2,mj2,matroska,webm", 0);
    int code = ff.open_input(&media->format, path, NULL, &options);
    ff.dict_free(&options);
    if (code < 0) {
        free(media);
        return fail(error, size, "not a media file FFmpeg reads (MP4 or WebM)", code);
    }
    if ((code = ff.find_stream_info(media->format, NULL)) < 0) {
        intermission_media_close(media);
        return fail(error, size, "its streams could not be probed", code);
    }
    media->video_stream = ff.find_best_stream(media->format, AVMEDIA_TYPE_VIDEO, -1, -1, NULL, 0);
    if (media->video_stream < 0) {
        intermission_media_close(media);
        return fail(error, size, "no video stream", 0);
    }
    AVCodecParameters *video = media->format->streams[media->video_stream]->codecpar;
    if (video->width <= 0 || video->height <= 0 || video->width > max_width || video->height > max_height) {
        snprintf(error, size, "video of %dx%d pixels (at most %dx%d)", video->width, video->height, max_width,
                 max_height);
        intermission_media_close(media);
        return -1;
    }
    if (!(media->video = open_decoder(media->format, media->video_stream, error, size))) {
        intermission_media_close(media);
        return -1;
    }
    memset(info, 0, sizeof *info);
    info->width = video->width;
    info->height = video->height;
    AVRational rate = media->format->streams[media->video_stream]->avg_frame_rate;
    info->frame_rate = rate.den > 0 ? (double)rate.num / rate.den : 0;
    info->duration = media->format->duration > 0 ? (double)media->format->duration / AV_TIME_BASE : 0;
    snprintf(info->container, sizeof info->container, "%s", media->format->iformat->name);
    snprintf(info->video_codec, sizeof info->video_codec, "%s", ff.codec_name(video->codec_id));
    if (audio_rate > 0 && audio_channels > 0) {
        int stream = ff.find_best_stream(media->format, AVMEDIA_TYPE_AUDIO, -1, media->video_stream, NULL, 0);
        char ignored[128];
        AVCodecContext *audio = stream >= 0 ? open_decoder(media->format, stream, ignored, sizeof ignored) : NULL;
        if (audio) {
            AVChannelLayout layout;
            ff.layout_default(&layout, audio_channels);
            if (ff.swr_alloc(&media->resampler, &layout, AV_SAMPLE_FMT_FLT, audio_rate, &audio->ch_layout,
                             audio->sample_fmt, audio->sample_rate, 0, NULL) >= 0 &&
                ff.swr_init(media->resampler) >= 0) {
                media->audio = audio;
                media->audio_stream = stream;
                media->out_rate = audio_rate;
                media->out_channels = audio_channels;
                info->has_audio = 1;
                info->audio_rate = audio->sample_rate;
                info->audio_channels = audio->ch_layout.nb_channels;
                snprintf(info->audio_codec, sizeof info->audio_codec, "%s", ff.codec_name(audio->codec_id));
            } else {
                ff.swr_free(&media->resampler);
                ff.free_context(&audio);
            }
            ff.layout_uninit(&layout);
        }
    }
    media->packet = ff.packet_alloc();
    media->decoded = ff.frame_alloc();
    if (!media->packet || !media->decoded) {
        intermission_media_close(media);
        return fail(error, size, "out of memory", 0);
    }
    *out = media;
    return 0;
}

/* The frame's time in seconds from the stream's start. A frame without a timestamp gets the time
   after the previous frame of its stream (its duration later), never 0. */
static double frame_time(intermission_media *media, int stream, const AVFrame *frame)
{
    AVStream *s = media->format->streams[stream];
    int video = stream == media->video_stream;
    double *next = video ? &media->next_video_time : &media->next_audio_time;
    int64_t pts = media->faults & INTERMISSION_MEDIA_FAULT_NO_TIMESTAMPS ? AV_NOPTS_VALUE
                                                                          : frame->best_effort_timestamp;
    double time = *next;
    if (pts != AV_NOPTS_VALUE) {
        int64_t start = s->start_time != AV_NOPTS_VALUE ? s->start_time : 0;
        time = (double)(pts - start) * av_q2d(s->time_base);
    }
    double length;
    if (video) {
        AVRational rate = s->avg_frame_rate;
        length = frame->pkt_duration > 0 ? (double)frame->pkt_duration * av_q2d(s->time_base)
                 : rate.num > 0 && rate.den > 0 ? (double)rate.den / rate.num
                                                : 1.0 / 30;
    } else {
        length = frame->sample_rate > 0 ? (double)frame->nb_samples / frame->sample_rate : 0;
    }
    *next = time + length;
    return time;
}

static int convert_video(intermission_media *media, intermission_media_frame *frame, char *error, size_t size)
{
    AVFrame *decoded = media->decoded;
    /* The stream's size may change at any frame: each is checked, not only the first. */
    if (decoded->width <= 0 || decoded->height <= 0 || decoded->width > media->max_width
        || decoded->height > media->max_height) {
        snprintf(error, size, "video of %dx%d pixels (at most %dx%d)", decoded->width, decoded->height,
                 media->max_width, media->max_height);
        return -1;
    }
    frame->kind = INTERMISSION_MEDIA_VIDEO;
    frame->time = frame_time(media, media->video_stream, decoded);
    int width = media->output_width > 0 ? media->output_width : decoded->width;
    int height = media->output_height > 0 ? media->output_height : decoded->height;
    frame->width = width;
    frame->height = height;
    if (decoded->format == AV_PIX_FMT_YUV420P && width == decoded->width && height == decoded->height) {
        for (int plane = 0; plane < 3; plane++) {
            frame->planes[plane] = decoded->data[plane];
            frame->pitches[plane] = decoded->linesize[plane];
        }
        return 0;
    }
    if (!media->image[0] || media->image_width != width || media->image_height != height) {
        if (media->image[0]) ff.freep(&media->image[0]);
        if (ff.image_alloc(media->image, media->image_pitches, width, height, AV_PIX_FMT_YUV420P, 32) < 0)
            return fail(error, size, "out of memory", 0);
        media->image_width = width;
        media->image_height = height;
    }
    media->scaler = ff.sws_context(media->scaler, decoded->width, decoded->height, decoded->format, width, height,
                                   AV_PIX_FMT_YUV420P, SWS_BILINEAR, NULL, NULL, NULL);
    if (!media->scaler) return fail(error, size, "the frame's pixel format cannot be converted", 0);
    int scaled = media->faults & INTERMISSION_MEDIA_FAULT_SCALE ? AVERROR(EINVAL)
                 : ff.sws_scale(media->scaler, (const uint8_t *const *)decoded->data, decoded->linesize, 0,
                                decoded->height, media->image, media->image_pitches);
    if (scaled != height) return fail(error, size, "the frame could not be converted", scaled < 0 ? scaled : 0);
    for (int plane = 0; plane < 3; plane++) {
        frame->planes[plane] = media->image[plane];
        frame->pitches[plane] = media->image_pitches[plane];
    }
    return 0;
}

static int convert_audio(intermission_media *media, intermission_media_frame *frame, char *error, size_t size)
{
    AVFrame *decoded = media->decoded;
    int capacity = ff.swr_out_samples(media->resampler, decoded->nb_samples);
    if (capacity < 0) return fail(error, size, "the audio cannot be resampled", capacity);
    if (capacity > media->sample_capacity) {
        float *grown = realloc(media->samples, (size_t)capacity * media->out_channels * sizeof(float));
        if (!grown) return fail(error, size, "out of memory", 0);
        media->samples = grown;
        media->sample_capacity = capacity;
    }
    uint8_t *output = (uint8_t *)media->samples;
    int converted = ff.swr_convert(media->resampler, &output, capacity, (const uint8_t **)decoded->extended_data,
                                   decoded->nb_samples);
    if (converted < 0) return fail(error, size, "the audio cannot be resampled", converted);
    frame->kind = INTERMISSION_MEDIA_AUDIO;
    frame->time = frame_time(media, media->audio_stream, decoded);
    frame->samples = media->samples;
    frame->sample_frames = converted;
    return 0;
}

int intermission_media_next(intermission_media *media, intermission_media_frame *frame, char *error, size_t size)
{
    memset(frame, 0, sizeof *frame);
    for (;;) {
        if (media->draining) {
            AVCodecContext *decoder = media->draining;
            ff.frame_unref(media->decoded);
            int code = ff.receive_frame(decoder, media->decoded);
            if (code == 0) {
                return decoder == media->video ? convert_video(media, frame, error, size)
                                               : convert_audio(media, frame, error, size);
            }
            if (code != AVERROR(EAGAIN) && code != AVERROR_EOF && ++media->failures > 64)
                return fail(error, size, "the file does not decode", code);
            /* At the end, the video decoder drains first, then the audio one. */
            media->draining = (media->at_end && decoder == media->video && media->audio) ? media->audio : NULL;
            if (media->at_end && !media->draining) return 0; /* INTERMISSION_MEDIA_END */
            continue;
        }
        if (media->at_end) return 0;
        int code = 0;
        int resending = media->packet_pending;
        if (resending) {
            /* Its decoder was drained: the packet it refused goes in now. */
            media->packet_pending = 0;
        } else {
            code = ff.read_frame(media->format, media->packet);
        }
        if (code < 0) {
            /* The end (or a truncated file): flush both decoders and drain what they hold. */
            media->at_end = 1;
            ff.send_packet(media->video, NULL);
            if (media->audio) ff.send_packet(media->audio, NULL);
            media->draining = media->video;
            continue;
        }
        AVCodecContext *decoder = media->packet->stream_index == media->video_stream ? media->video
                                  : media->packet->stream_index == media->audio_stream ? media->audio
                                                                                       : NULL;
        if (decoder) {
            code = (media->faults & INTERMISSION_MEDIA_FAULT_EAGAIN) && !resending ? AVERROR(EAGAIN)
                   : ff.send_packet(decoder, media->packet);
            if (code == AVERROR(EAGAIN)) {
                /* The decoder holds frames still: drain them, then send this packet again (a
                   decoder that refuses it even drained counts as a failure). */
                if (resending && ++media->failures > 64) {
                    ff.packet_unref(media->packet);
                    return fail(error, size, "the file does not decode", code);
                }
                media->packet_pending = 1;
                media->draining = decoder;
                continue;
            }
            if (code < 0) {
                if (++media->failures > 64) {
                    ff.packet_unref(media->packet);
                    return fail(error, size, "the file does not decode", code);
                }
            } else {
                media->failures = 0;
            }
            media->draining = decoder;
        }
        ff.packet_unref(media->packet);
    }
}

void intermission_media_simulate(intermission_media *media, int faults)
{
    if (media) media->faults = faults;
}

void intermission_media_lower_thread_priority(void)
{
    /* On Linux, a thread's nice value is its own: PRIO_PROCESS with its thread id. */
    setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), 10);
}

void intermission_media_set_output_size(intermission_media *media, int width, int height)
{
    if (!media) return;
    /* I420 wants even sizes; anything not sane is the video's own size. */
    int sane = width >= 2 && height >= 2 && width <= 7680 && height <= 4320;
    media->output_width = sane ? width & ~1 : 0;
    media->output_height = sane ? height & ~1 : 0;
}

/* Copies the packed I420 `planes` of `width` x `height` into `image` (pitches `pitches`), or back. */
static void copy_planes(const unsigned char *const from[3], const int from_pitches[3], unsigned char *const to[3],
                        const int to_pitches[3], int width, int height)
{
    for (int plane = 0; plane < 3; plane++) {
        int columns = plane == 0 ? width : (width + 1) / 2;
        int rows = plane == 0 ? height : (height + 1) / 2;
        for (int row = 0; row < rows; row++)
            memcpy(to[plane] + (size_t)row * to_pitches[plane], from[plane] + (size_t)row * from_pitches[plane],
                   (size_t)columns);
    }
}

int intermission_media_scale_picture(const unsigned char *const planes[3], int width, int height,
                                     unsigned char *const scaled[3], int scaled_width, int scaled_height,
                                     char *error, size_t error_size)
{
    if (intermission_media_available(error, error_size) != 0) return -1;
    if (width < 2 || height < 2 || scaled_width < 2 || scaled_height < 2 || width > 7680 || height > 4320 ||
        scaled_width > 7680 || scaled_height > 4320)
        return fail(error, error_size, "a picture size out of range", 0);
    /* libswscale reads and writes whole SIMD words past a row's end: both pictures go through
       buffers it allocates itself, aligned and padded. */
    uint8_t *source[4] = {NULL}, *target[4] = {NULL};
    int source_pitches[4], target_pitches[4];
    if (ff.image_alloc(source, source_pitches, width, height, AV_PIX_FMT_YUV420P, 32) < 0)
        return fail(error, error_size, "out of memory", 0);
    if (ff.image_alloc(target, target_pitches, scaled_width, scaled_height, AV_PIX_FMT_YUV420P, 32) < 0) {
        ff.freep(&source[0]);
        return fail(error, error_size, "out of memory", 0);
    }
    const int packed[3] = {width, (width + 1) / 2, (width + 1) / 2};
    const int scaled_packed[3] = {scaled_width, (scaled_width + 1) / 2, (scaled_width + 1) / 2};
    copy_planes(planes, packed, source, source_pitches, width, height);
    int status = 0;
    struct SwsContext *scaler = ff.sws_context(NULL, width, height, AV_PIX_FMT_YUV420P, scaled_width, scaled_height,
                                               AV_PIX_FMT_YUV420P, SWS_BILINEAR, NULL, NULL, NULL);
    if (!scaler) {
        status = fail(error, error_size, "the picture cannot be scaled", 0);
    } else {
        int rows = ff.sws_scale(scaler, (const uint8_t *const *)source, source_pitches, 0, height, target,
                                target_pitches);
        ff.sws_free(scaler);
        if (rows != scaled_height) {
            status = fail(error, error_size, "the picture could not be scaled", rows < 0 ? rows : 0);
        } else {
            copy_planes((const unsigned char *const *)target, target_pitches, scaled, scaled_packed, scaled_width,
                        scaled_height);
        }
    }
    ff.freep(&source[0]);
    ff.freep(&target[0]);
    return status;
}

/* Whether glibc's allocator is the process's own. Under AddressSanitizer or ThreadSanitizer, whose
   allocator replaces malloc, glibc's arenas may never be set up, and malloc_trim then reads through
   a null arena (a SEGV seen in the C contract under ASan). */
static pthread_once_t glibc_allocator_once = PTHREAD_ONCE_INIT;
static int glibc_allocator_in_use;

static void find_glibc_allocator(void)
{
    glibc_allocator_in_use = !dlsym(RTLD_DEFAULT, "__asan_init") && !dlsym(RTLD_DEFAULT, "__tsan_init")
        && !dlsym(RTLD_DEFAULT, "__msan_init");
}

void intermission_media_close(intermission_media *media)
{
    if (!media) return;
    if (media->video) ff.free_context(&media->video);
    if (media->audio) ff.free_context(&media->audio);
    if (media->format) ff.close_input(&media->format);
    if (media->packet) ff.packet_free(&media->packet);
    if (media->decoded) ff.frame_free(&media->decoded);
    if (media->scaler) ff.sws_free(media->scaler);
    if (media->image[0]) ff.freep(&media->image[0]);
    if (media->resampler) ff.swr_free(&media->resampler);
    free(media->samples);
    free(media);
    /* The decoder's frame pools are megabytes, freed now into the arena of the thread that
       decoded; glibc keeps freed pages resident until asked to give them back. */
    pthread_once(&glibc_allocator_once, find_glibc_allocator);
    if (glibc_allocator_in_use) malloc_trim(0);
}
