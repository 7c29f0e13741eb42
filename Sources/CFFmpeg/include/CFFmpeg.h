#ifndef INTERMISSION_CFFMPEG_H
#define INTERMISSION_CFFMPEG_H

#include <stddef.h>

/// A media file being decoded by FFmpeg (libavformat, libavcodec, libswscale, libswresample, all
/// loaded with dlopen at the first open, so that a run that plays no video maps none of them).
typedef struct intermission_media intermission_media;

/// What a media file holds, as probed when it opens.
typedef struct intermission_media_info {
    int width;              /* of the video stream, in pixels */
    int height;
    double duration;        /* seconds; 0 when the file does not say */
    double frame_rate;      /* the video stream's average frames per second; 0 when unknown */
    int has_audio;          /* 1 when it has an audio stream that decodes */
    int audio_rate;         /* the audio stream's own sample rate and channels */
    int audio_channels;
    char container[32];     /* the demuxer's name ("mov,mp4,m4a,3gp,3g2,mj2", "matroska,webm") */
    char video_codec[32];   /* "h264", "vp9", ... */
    char audio_codec[32];   /* "aac", "opus", ...; "" without audio */
} intermission_media_info;

/// One decoded frame, in the file's order: video as I420 planes, audio as interleaved 32-bit
/// float samples at the rate and channel count asked for at open. The pointers are the media's,
/// valid until the next call on it.
typedef struct intermission_media_frame {
    int kind;                         /* INTERMISSION_MEDIA_VIDEO, _AUDIO, or _END at the end */
    double time;                      /* presentation time in seconds from the file's start */
    const unsigned char *planes[3];   /* video: Y, U, V */
    int pitches[3];
    int width;
    int height;
    const float *samples;             /* audio */
    int sample_frames;
} intermission_media_frame;

enum { INTERMISSION_MEDIA_END = 0, INTERMISSION_MEDIA_VIDEO = 1, INTERMISSION_MEDIA_AUDIO = 2 };

/// Whether FFmpeg can be loaded: 0, or -1 with the reason in `error`.
int intermission_media_available(char *error, size_t error_size);

/// Whether the loaded FFmpeg has the decoder `name` ("h264", "vp9", "opus", ...): 1 or 0 (0 too
/// when FFmpeg cannot be loaded).
int intermission_media_has_decoder(const char *name);

/// Opens the local file at `path` (only the file protocol, and only the MP4 and Matroska/WebM
/// demuxers: a file cannot make FFmpeg fetch anything) and opens decoders for its best video
/// stream and, when `audio_rate` > 0, its best audio stream, whose samples are converted to
/// `audio_rate` Hz and `audio_channels` channels. Refuses a file without video, or whose video is
/// larger than `max_width` x `max_height`. Returns 0 with `*media` and `*info` set, or -1 with the
/// reason in `error`.
int intermission_media_open(const char *path, int audio_rate, int audio_channels, int max_width, int max_height,
                            intermission_media **media, intermission_media_info *info, char *error,
                            size_t error_size);

/// Decodes the next frame into `frame` (kind INTERMISSION_MEDIA_END once everything is decoded).
/// Packets that do not decode are skipped, as players do; a file that keeps failing is an error.
/// Returns 0, or -1 with the reason in `error`.
int intermission_media_next(intermission_media *media, intermission_media_frame *frame, char *error,
                            size_t error_size);

/* Lowers the calling thread's scheduling priority (nice 10): a decoding worker that runs frames
   ahead yields the cores to the game's loop and the renderer's threads, which cannot wait. */
void intermission_media_lower_thread_priority(void);

/// Makes the next video frames `width` x `height` (scaled by libswscale, bilinear), or the video's
/// own size with 0 (the default). A view that draws the video smaller or larger than it is has it
/// scaled here, on the decoding thread, so that the loop draws it one to one.
void intermission_media_set_output_size(intermission_media *media, int width, int height);

/// Scales the I420 picture `planes` (Y, U, V, each packed: pitches `width` and `(width + 1) / 2`)
/// of `width` x `height` into `scaled` (packed the same way) of `scaled_width` x `scaled_height`,
/// with libswscale's bilinear filter, as the decoder scales its frames. For a picture decoded
/// before the size it is drawn at was known (a video ad's poster). Returns 0, or -1 with the reason
/// in `error`.
int intermission_media_scale_picture(const unsigned char *const planes[3], int width, int height,
                                     unsigned char *const scaled[3], int scaled_width, int scaled_height,
                                     char *error, size_t error_size);

/// Test-only faults for `intermission_media_simulate`, each the failure FFmpeg gives on its own
/// only rarely: every packet's first send refused with EAGAIN (as by a decoder that holds frames),
/// every `sws_scale` failing, and every frame without a timestamp.
enum {
    INTERMISSION_MEDIA_FAULT_EAGAIN = 1,
    INTERMISSION_MEDIA_FAULT_SCALE = 2,
    INTERMISSION_MEDIA_FAULT_NO_TIMESTAMPS = 4,
};

/// Test seam: makes `media` meet `faults` (INTERMISSION_MEDIA_FAULT_* or'ed; 0 for none, the
/// default) from its next frame on. Nothing a file holds sets them. NULL is ignored.
void intermission_media_simulate(intermission_media *media, int faults);

/// Closes the file and frees everything of it. NULL is ignored.
void intermission_media_close(intermission_media *media);

#endif
