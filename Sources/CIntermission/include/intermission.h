/*
 * intermission.h: the ad banner and its pause bridge for a C or C++ game with its own loop, on an
 * SDL2 renderer or (0.5) on any engine, through pixels it uploads (intermission_create_surface).
 *
 * One overlay draws a banner at the bottom of the game's own SDL_Renderer (or into its pixels). Clicking it opens an
 * in-app ad view that pauses the game until the player closes it (Escape or Close), or opens the
 * browser for an open-url ad (no pause). The game's pause is a set of holds: the player ("user"),
 * the minimised window ("window"), the open ad view ("ad", held only by the overlay), the consent
 * form ("consent", 0.6, held only by the overlay) and reasons of the game's own. The game runs
 * exactly when nobody holds it, so an ad never resumes a game its player paused.
 *
 *     intermission_config config = INTERMISSION_CONFIG_INIT;
 *     config.on_pause = my_pause;  config.on_resume = my_resume;  config.user = &game;
 *     intermission_overlay *ads = intermission_create(renderer, &config, error, sizeof error);
 *     ...each frame:
 *     intermission_update(ads, seconds);                         first, on the game's clock
 *     while (SDL_PollEvent(&event))
 *         if (!intermission_handle_event(ads, &event)) game_handle(&event);
 *     game_draw(height - intermission_bottom_inset(ads));
 *     intermission_draw(ads);                                    then SDL_RenderPresent
 *     ...
 *     intermission_destroy(ads);
 *
 * Signals: the library installs no signal handler, at load time or later. SIGINT, SIGTERM, SIGHUP
 * and SIGPIPE stay the game's: a library must not take them (the intermission program notes stop
 * signals from an ELF constructor of its own; that code is not linked into this library).
 *
 * Threads: every call is made on the thread that created the overlay (the game's thread); another
 * thread gets INTERMISSION_ERROR_WRONG_THREAD and changes nothing. Callbacks run on that thread,
 * inside intermission_update, intermission_handle_event, intermission_draw, intermission_hold,
 * intermission_release, intermission_show_interstitial, intermission_show_rewarded,
 * intermission_destroy and (0.5) the input calls of a surface overlay, never on a loader thread. A
 * callback may call any function here, including intermission_destroy on its own overlay. (LuaJIT:
 * jit.off the Lua functions that make these calls.)
 *
 * Handles: an intermission_overlay pointer is a handle, never dereferenced. NULL, destroyed and
 * made-up handles are detected: such calls return INTERMISSION_ERROR_INVALID_HANDLE (or the neutral
 * value documented for the function) and do nothing else. No call aborts the process.
 *
 * Versions: INTERMISSION_VERSION and INTERMISSION_VERSION_NUMBER below are the header's, and
 * intermission_version() and intermission_version_number() the library's (they differ when a game
 * runs on a newer library than it was built with). Notes such as "(0.4)" say which version added a
 * field or function.
 *
 * C99; usable from C++ (extern "C"). C++ games include <intermission.hpp> instead, which includes
 * this header and adds intermission::Overlay, an RAII wrapper (C++11).
 */
#ifndef INTERMISSION_H
#define INTERMISSION_H

#include <stddef.h>

/* The version (generated from the file VERSION by scripts/make-version). */
#define INTERMISSION_VERSION "0.6.0"
#define INTERMISSION_VERSION_MAJOR 0
#define INTERMISSION_VERSION_MINOR 6
#define INTERMISSION_VERSION_PATCH 0
#define INTERMISSION_VERSION_NUMBER 6000

#ifdef __cplusplus
extern "C" {
#endif

/* SDL's own types, by their tags: include <SDL.h> before or after this header, in any order. */
struct SDL_Renderer;
union SDL_Event;

/* Result codes: 0 is success, every error is negative. */
enum {
    INTERMISSION_OK = 0,
    INTERMISSION_ERROR_INVALID_HANDLE = -1,   /* NULL, destroyed, or not an overlay */
    INTERMISSION_ERROR_INVALID_ARGUMENT = -2, /* a NULL pointer, or a number that is not finite */
    INTERMISSION_ERROR_UNKNOWN_REASON = -3,   /* a pause reason that is NULL, the overlay's, or not a name */
    INTERMISSION_ERROR_NOT_HELD = -4,         /* a release of a reason that holds nothing */
    INTERMISSION_ERROR_ALREADY_HELD = -5,     /* a hold of a reason that already holds */
    INTERMISSION_ERROR_WRONG_THREAD = -6,     /* a call from a thread other than the creator's */
    INTERMISSION_ERROR_SDL = -7,              /* SDL failed: intermission_errmsg says how */
    INTERMISSION_ERROR_UNKNOWN_TRANSACTION = -8, /* (0.4) no pending reward has that transaction id */
    INTERMISSION_ERROR_UNKNOWN_KEY = -9,      /* (0.4) intermission_set_string: not a string's key */
    /* (0.4) A full-screen show refused; intermission_errmsg gives the reason's name, such as
     * "pacing". */
    INTERMISSION_REFUSED_NOT_READY = -10,      /* "notReady": nothing loaded yet */
    INTERMISSION_REFUSED_EXPIRED = -11,        /* "expired": the loaded ad expired; another loads */
    INTERMISSION_REFUSED_PACING = -12,         /* "pacing": too soon after the last interstitial */
    INTERMISSION_REFUSED_CAP = -13,            /* "cap": the hourly cap is reached */
    INTERMISSION_REFUSED_SESSION_START = -14,  /* "sessionStart": too soon after the launch */
    INTERMISSION_REFUSED_ALREADY_SHOWING = -15, /* "alreadyShowing": an ad view is open */
    INTERMISSION_REFUSED_WINDOW_HIDDEN = -16   /* "windowHidden": the window is minimised or hidden */
};

/* An overlay: the banner, the in-app ad view and the game's pause holds. */
typedef struct intermission_overlay intermission_overlay;

/* Called when the game stops (on the first hold) or runs again (when the last hold is released),
 * with the reason whose hold or release did it ("user", "window", "ad", "consent" or a game's own)
 * and the config's user pointer. The reason string lives only during the call. */
typedef void (*intermission_pause_fn)(const char *reason, void *user);

/* Called for every lifecycle event, with its name and the whole event as the one-line JSON object
 * the trace writes ({"frame":..,"time":..,"event":..,...}). Both strings live only during the
 * call. The names (one table, TraceEvent in Swift; a test keeps this list equal to it):
 *   pausing: "game.paused", "game.resumed" (the running state changed), "pause.held",
 *     "pause.released" (every hold and release, 0.3); "input.injected" (a scripted event pushed,
 *     0.3);
 *   the intermission program's own, which an overlay never sends: "host.started",
 *     "host.stopped", "scene.entered", "scene.exited";
 *   loads: "ad.loaded", "ad.failed", "ad.expired", "bid.refused", "vast.error", "ad.deferred" (a
 *     due load that waits for the player's consent, 0.6);
 *   the banner: "banner.shown", "banner.hidden", "banner.clicked", "banner.clickRefused",
 *     "viewable.start", "viewable.stop", "impression" (half of the banner in view for a
 *     continuous second), "action.began", "action.finished", "cta.clicked", "url.opened",
 *     "url.failed";
 *   full-screen ads (0.4): "fullscreen.shown", "fullscreen.clicked", "fullscreen.dismissed",
 *     "fullscreen.refused", "fullscreen.failed", "fullscreen.closeRefused", "rewarded.earned",
 *     "rewarded.forfeited", "rewarded.closeAsked", "rewarded.completed";
 *   video ads (0.4): "video.started", "video.quartile", "video.completed", "video.skipped",
 *     "video.paused", "video.resumed", "video.muted", "video.unmuted";
 *   beacons: "beacon.sent", "beacon.failed", "beacon.dropped";
 *   records (0.4): "ad.revenue" (what an impression earned; delivered at least once, so count
 *     each of its "eventID"s once), "revenue.notRecorded", "revenue.storeFailed",
 *     "rewarded.notRecorded", "rewarded.storeFailed";
 *   text (0.4): "strings.unknownKey", "text.fontRefused", "text.missingGlyphs";
 *   consent (0.6): "consent.required", "consent.notRequired", "consent.shown", "consent.decided",
 *     "consent.refused", "consent.expired", "consent.storeFailed". */
typedef void (*intermission_event_fn)(const char *event, const char *json, void *user);

/* (0.4) Called with each reward a rewarded ad earned: its type ("coins"), amount and transaction
 * id (a UUID; store it to credit the reward once), exactly once per launch, before the ad's
 * "fullscreen.dismissed", on the game's thread. The reward was written to the beacon queue's
 * SQLite file first: one still unacknowledged when the game was killed comes again at the next
 * launch, in its first intermission_update, before anything else. The strings live only during
 * the call. */
typedef void (*intermission_reward_fn)(const char *type, long long amount, const char *transaction_id, void *user);

/* (0.5) One input of a surface overlay's replay script (config.script_path) that the overlay did
 * not take, or the script's quit: what a renderer overlay's script puts in SDL's queue for the
 * game, given to a game that has no SDL queue, so that its headless tests drive the game too. */
typedef struct intermission_input {
    int kind;    /* INTERMISSION_INPUT_* */
    double x, y; /* POINTER_MOVE and POINTER_BUTTON: the point; WHEEL: dx, dy; RESIZE: width, height */
    /* POINTER_BUTTON: the button (1 the primary); KEY: an INTERMISSION_KEY_*, or a letter's or
     * digit's lower-case ASCII code ('p'), or 0 for another key; GAMEPAD_BUTTON: an
     * INTERMISSION_GAMEPAD_*. */
    int code;
    int pressed; /* POINTER_BUTTON, KEY, GAMEPAD_BUTTON: 1 down, 0 up; WINDOW: 1 shown, 0 minimised */
} intermission_input;

/* The kinds of intermission_input. */
enum {
    INTERMISSION_INPUT_POINTER_MOVE = 1,
    INTERMISSION_INPUT_POINTER_BUTTON = 2,
    INTERMISSION_INPUT_WHEEL = 3,
    INTERMISSION_INPUT_KEY = 4,
    INTERMISSION_INPUT_GAMEPAD_BUTTON = 5,
    INTERMISSION_INPUT_WINDOW = 6,
    INTERMISSION_INPUT_RESIZE = 7,
    INTERMISSION_INPUT_QUIT = 8
};

/* (0.5) Called with each scripted input a surface overlay did not take (see intermission_input),
 * on the game's thread, inside intermission_update. The input lives only during the call. */
typedef void (*intermission_input_fn)(const intermission_input *input, void *user);

/* The overlay's configuration. Start from INTERMISSION_CONFIG_INIT (or intermission_config_init),
 * then change what you need.
 * `size` is sizeof(intermission_config) as the caller was compiled: later versions only append
 * fields, and read the fields an older caller did not have as their defaults. */
typedef struct intermission_config {
    size_t size;
    /* Ad manifest (JSON; see the README): a file, or (from 0.3) an http:// or https:// URL of an
     * ad server or CDN, or (from 0.4) a demand file, {"openrtb": ...}, whose ads are bought over
     * OpenRTB 2.6 (test traffic when `deterministic` is set); NULL takes the sample ads installed
     * with the library. */
    const char *manifest_path;
    /* Seconds between ad rotations (default 30); a failed load is retried after as long. > 0. */
    double refresh_interval;
    /* Seconds after a load is requested before it is delivered (default 0.5). >= 0. */
    double latency;
    /* Seconds after an action begins during which banner clicks are ignored (default 0.5). >= 0. */
    double click_cooldown;
    /* JSON Lines trace of every lifecycle event, a regular file ("-" is standard output); NULL
     * writes none. */
    const char *trace_path;
    /* Non-zero: a load that is due but unfinished blocks intermission_update until it finishes (at
     * most 5 s), so that the same inputs give the same events, frame for frame (headless tests).
     * Zero (default): a frame never waits for a load. */
    int deterministic;
    /* A replay script (Intermission's format: "<seconds> click X Y", "key Escape", ...) whose
     * events intermission_update pushes into SDL's queue when they are due, for headless tests;
     * (0.5) a surface overlay plays them through its input calls instead, and gives the game what
     * it did not take through on_input. NULL: none. */
    const char *script_path;
    /* Font for the banner's caption and the ad view; NULL takes DejaVu Sans. */
    const char *font_path;
    intermission_pause_fn on_pause;   /* may be NULL */
    intermission_pause_fn on_resume;  /* may be NULL */
    intermission_event_fn on_event;   /* may be NULL */
    void *user;                       /* passed to every callback */

    /* Appended in 0.3 (a caller compiled against 0.2 passes the older size and gets the defaults):
     * real delivery, as the intermission program's --ads-ca, --ads-timeout, --fallback-ads and
     * --beacons give it. manifest_path may also be an http:// or https:// URL of an ad server. */

    /* Certificate authorities (PEM) trusted besides the system's, for https; NULL: none. */
    const char *ads_ca_path;
    /* Seconds one HTTP transfer may take in all (default 10; connecting: at most 3). 0.1 to 120. */
    double ads_timeout;
    /* House ads: a local manifest that serves when the manifest_path server cannot be reached
     * and nothing is cached; NULL: none. */
    const char *fallback_manifest_path;
    /* The durable queue of impression and click reports (SQLite): NULL takes the default,
     * $XDG_DATA_HOME/intermission/beacons.sqlite (else ~/.local/share/...); "" turns beacons off. */
    const char *beacons_path;

    /* Appended in 0.4 (a caller compiled against 0.2 or 0.3 passes its older size and gets the
     * defaults): the full-screen formats. */

    /* Receives earned rewards; NULL: they stay pending (and come at a later launch that has one). */
    intermission_reward_fn on_reward;
    /* Non-zero: the game acknowledges each reward with intermission_ack_reward once it credited
     * it; 0 (default): a reward is acknowledged when on_reward returns. */
    int reward_manual_ack;
    /* Pacing of interstitials, enforced by the library: seconds from the first update before the
     * first (default 30; Better Ads), seconds between two (default 60), and at most how many in
     * any hour (default 6). 0 to 86400, 0 to 86400, 0 to 1000. Rewarded ads are not paced; see
     * intermission_set_rewarded_cap. */
    double interstitial_session_delay;
    double interstitial_interval;
    int interstitials_per_hour;
    /* Seconds a preloaded full-screen ad stays showable (default 3600); 1 to 86400. */
    double fullscreen_expiry;

    /* Appended in 0.4 for text in every language (a caller compiled before them passes the
     * smaller size and gets the defaults). */

    /* The language of the overlay's own words and of house ads: a BCP 47 tag such as "ja",
     * "pt-BR" or "zh-Hant" (or a locale name, "ja_JP.UTF-8"); NULL (default) takes the players'
     * from LANGUAGE, LC_ALL, LC_MESSAGES and LANG, else English. A language the library does not
     * speak gives English. */
    const char *language;
    /* Font files tried first for all text, before font_path and the system's fonts (fontconfig),
     * separated by ':' (TrueType, OpenType or .ttc); NULL: none. One that does not open is left
     * out and traced as text.fontRefused. */
    const char *font_paths;

    /* Appended in 0.5 (a caller compiled before it passes the smaller size and gets NULL). */

    /* A surface overlay's scripted input that the overlay did not take, and the script's quit,
     * for the game (see intermission_input); NULL: none. A renderer overlay's script goes through
     * SDL's queue instead, and never calls it. */
    intermission_input_fn on_input;

    /* Appended in 0.6 (a caller compiled before it passes the smaller size and gets NULL). */

    /* The consent file: JSON with app, cmpId, cmpVersion, publisherCountryCode, vendorList,
     * translations, vendors, googleProviders, publisherPurposes, geographyURL and maxAgeDays. A
     * consent engine then decides, before any ad request, whether the player must be asked (IAB
     * TCF 2.3, GPP, Google's Additional Consent): in the EEA, the UK and Switzerland, and where
     * the player's place is unknown, no ad traffic leaves the process until the player decided.
     * A file that cannot be read or is not one makes intermission_create fail, naming the line
     * and column. NULL: no consent engine, as before 0.6. */
    const char *consent_path;
    /* Where the player is: "eea", "uk", "ch", "us-" and a state's two letters, or "other"; NULL
     * takes the consent file's geography, else its geographyURL's answer, else unknown (asked).
     * For tests and developers, as UMP's debug geography. */
    const char *consent_geography;
} intermission_config;

/* The defaults, as an initializer: intermission_config config = INTERMISSION_CONFIG_INIT; */
#define INTERMISSION_CONFIG_INIT \
    {sizeof(intermission_config), NULL, 30, 0.5, 0.5, NULL, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 10, NULL, NULL, \
     NULL, 0, 30, 60, 6, 3600, NULL, NULL, NULL, NULL, NULL}

/* The library's version, "MAJOR.MINOR.PATCH" (INTERMISSION_VERSION of the header it was built
 * with). Never NULL. */
const char *intermission_version(void);

/* (0.4) The library's version as a number, MAJOR * 1000000 + MINOR * 1000 + PATCH (4000 for
 * 0.4.0), as INTERMISSION_VERSION_NUMBER of the header it was built with: compare it with the
 * header's to learn whether the library is at least as new as the game's header. */
int intermission_version_number(void);

/* A short English description of a result code, such as "not held". Never NULL. */
const char *intermission_result_string(int result);

/* Fills `config` with the defaults and its own size, field by field by name: the same values as
 * INTERMISSION_CONFIG_INIT (Tests/CAPI/contract.c compares the two, field by field). Does nothing
 * for NULL. (0.4: a library function; before, an inline one of the header.)
 * (0.6) Compiled against this header, it is intermission_config_init_size(config,
 * sizeof(intermission_config)): the macro below. The library's own symbol, which programs
 * compiled against the 0.4 and 0.5 headers call, fills 0.5's fields only and sets 0.5's size, so
 * that it never writes past their smaller struct. */
void intermission_config_init(intermission_config *config);

/* (0.6) Fills the first `size` bytes of `config` (the sizeof(intermission_config) of the caller's
 * header, or a runtime FFI's size of the struct) with the defaults, and sets config->size to
 * `size`; nothing past `size` is written. Does nothing for NULL or a size smaller than a size_t. */
void intermission_config_init_size(intermission_config *config, size_t size);
#define intermission_config_init(config) intermission_config_init_size((config), sizeof(intermission_config))

/* Creates an overlay drawing on `renderer` (the game's, borrowed: never destroyed), with the
 * settings in `config`. Starts loading the first ad. The game runs (no holds) at first.
 * Returns NULL on failure, and writes why into `error` (NUL-terminated, truncated to `error_size`
 * bytes; nothing is written when `error` is NULL or `error_size` is 0): a NULL renderer or config,
 * a config from a newer header, a bad number, an unreadable manifest, script or font, a bad
 * script line, or a trace file that cannot be opened. */
intermission_overlay *intermission_create(struct SDL_Renderer *renderer, const intermission_config *config,
                                          char *error, size_t error_size);

/* Destroys the overlay; its handle is then invalid. If the open ad view held the game, that hold is
 * released first (on_resume fires if nothing else holds the game); other holds end silently with
 * the overlay. NULL and invalid handles are ignored. Waits (at most 5 s) for a load in progress.
 * Call it before destroying the renderer, its window, or SDL itself (SDL_Quit). */
void intermission_destroy(intermission_overlay *overlay);

/* Advances the overlay to `host_time` (seconds on the game's clock, never decreasing): delivers
 * loaded ads, animates the banner, pushes due script events. Call it first in every frame, even
 * while the game is paused. Returns INTERMISSION_OK, or an error (INVALID_ARGUMENT for a time that
 * is not finite) and changes nothing. */
int intermission_update(intermission_overlay *overlay, double host_time);

/* Offers an SDL event to the overlay. Returns 1 when the overlay consumed it (a click on the banner,
 * any input while the ad view is open): the game must then ignore it. Returns 0 otherwise, and for
 * a NULL event or an invalid handle. Window events are never consumed: the "window" hold follows
 * the window as it stands after the frame's events (held while minimised or hidden), applied at the
 * next intermission_draw or intermission_update, so a window shown, hidden and shown again within
 * one frame (as drivers do while they create one) never pauses the game; a size change relays out
 * the banner.
 * A game controller's B or Back closes the ad view, A activates, the d-pad moves (open your
 * controllers with SDL_GameControllerOpen to get their events). Events of another window of the
 * game are never the overlay's. (0.5) A surface overlay takes no SDL event: it returns 0, and
 * intermission_errmsg says why (give it input through the calls for surfaces instead). */
int intermission_handle_event(intermission_overlay *overlay, const union SDL_Event *event);

/* Draws the banner and, when open, the ad view. Call it after the game's own drawing and before
 * SDL_RenderPresent. Returns INTERMISSION_OK or an error. */
int intermission_draw(intermission_overlay *overlay);

/* The height in window points at the bottom that the banner covers now (0 when it is away): keep
 * the game's content, such as the last row of a list, above it. 0 for an invalid handle. */
double intermission_bottom_inset(const intermission_overlay *overlay);

/* 1 if any of the banner is on screen, 0 if not or for an invalid handle. */
int intermission_banner_visible(const intermission_overlay *overlay);

/* Placement: whether the game's current screen allows the banner (default 1). With 0 the banner
 * slides away, takes no click, leaves no inset and does not rotate (say 0 during gameplay, 1 on
 * menus). Returns INTERMISSION_OK or an error. */
int intermission_set_banner_allowed(intermission_overlay *overlay, int allowed);

/* Holds the game stopped for `reason`: "user" (the player's pause), "window", or a name of the
 * game's own (1 to 32 characters of A-Z a-z 0-9 . _ -). "ad" and (0.6) "consent" are the overlay's
 * and are refused.
 * on_pause fires, inside this call, if the game was running. Returns INTERMISSION_OK,
 * INTERMISSION_ERROR_ALREADY_HELD (nothing changes), INTERMISSION_ERROR_UNKNOWN_REASON or another
 * error. */
int intermission_hold(intermission_overlay *overlay, const char *reason);

/* Releases the hold of `reason`; on_resume fires, inside this call, if no other hold remains.
 * Returns INTERMISSION_OK, INTERMISSION_ERROR_NOT_HELD (nothing changes),
 * INTERMISSION_ERROR_UNKNOWN_REASON ("ad" too) or another error. */
int intermission_release(intermission_overlay *overlay, const char *reason);

/* 1 if `reason` ("ad" included) holds the game, 0 if not, a negative error otherwise. */
int intermission_is_held(const intermission_overlay *overlay, const char *reason);

/* 1 if the game runs now (nobody holds it), 0 if it is stopped, a negative error otherwise. */
int intermission_is_running(const intermission_overlay *overlay);

/* The message of the most recent call on this overlay that returns a result code, in English (for
 * an invalid handle, why it is invalid). Every such call sets it: to its reason when it returns a
 * negative code (an error, or a refusal's name such as "sessionStart"), and to "" when it returns
 * 0 or more. These are intermission_update, intermission_draw, intermission_set_banner_allowed,
 * intermission_hold, intermission_release, intermission_is_held, intermission_fullscreen_ready,
 * intermission_show_interstitial, intermission_show_rewarded, intermission_ack_reward,
 * intermission_set_rewarded_cap, intermission_set_consent, intermission_set_string,
 * intermission_set_floor and (0.5) intermission_surface_pixels, intermission_resize,
 * intermission_pointer_move, intermission_pointer_button, intermission_wheel, intermission_key,
 * intermission_gamepad_button and intermission_window_state, and (0.6) intermission_reset_consent
 * and intermission_show_privacy_options.
 * So, as with sqlite3_errmsg, read it
 * right after the call that failed: the next frame's intermission_update clears it. The calls that
 * return no result code (intermission_bottom_inset, intermission_banner_visible,
 * intermission_is_running, intermission_errmsg) leave it as it is, and so does
 * intermission_handle_event on a renderer overlay.
 * For a refusal code kept for later, intermission_refusal_name names it at any time. The string is
 * valid until the next call on the overlay. Never NULL. */
const char *intermission_errmsg(const intermission_overlay *overlay);

/* (0.4) The name of a refusal code, INTERMISSION_REFUSED_NOT_READY to
 * INTERMISSION_REFUSED_WINDOW_HIDDEN: "notReady", "expired", "pacing", "cap", "sessionStart",
 * "alreadyShowing" or "windowHidden", the name intermission_errmsg gives right after the refusal
 * and the "reason" of its "fullscreen.refused" event. NULL for any other code. The strings are
 * static: valid at any time, on any thread, with or without an overlay. */
const char *intermission_refusal_name(int code);

/* (0.4) Full-screen ads: an interstitial and a rewarded ad, each preloaded from the manifest's
 * entries of its "format", shown on the overlay's holds (the game is held as "ad", its audio with
 * it), covering the window until the player closes them. Their events reach on_event in a fixed
 * order: "fullscreen.shown", "impression", any "fullscreen.clicked", "rewarded.earned" or
 * "rewarded.forfeited" (rewarded only), "fullscreen.dismissed"; or one "fullscreen.refused" or
 * "fullscreen.failed". Each carries "format", "placement" and "id" in its JSON. */

/* 1 if an ad of `format` ("interstitial" or "rewarded") is loaded and not expired, 0 if not, a
 * negative error otherwise (INVALID_ARGUMENT for another format). */
int intermission_fullscreen_ready(intermission_overlay *overlay, const char *format);

/* Shows the interstitial at `placement` (a name of the game's, such as "level_end": 1 to 64
 * printable characters) from the next frame on, or refuses at once. Returns 0 when it will show,
 * an INTERMISSION_REFUSED_ code (intermission_errmsg gives the reason's name, such as "pacing"),
 * or another error. */
int intermission_show_interstitial(intermission_overlay *overlay, const char *placement);

/* Shows the rewarded ad at `placement` (such as "bonus_coins"), as intermission_show_interstitial
 * does; rewarded ads are not paced, but a placement may have a cap. */
int intermission_show_rewarded(intermission_overlay *overlay, const char *placement);

/* Acknowledges the reward `transaction_id` (with reward_manual_ack): it is not delivered again.
 * Returns INTERMISSION_OK, INTERMISSION_ERROR_UNKNOWN_TRANSACTION (unknown, or acknowledged
 * already) or another error. */
int intermission_ack_reward(intermission_overlay *overlay, const char *transaction_id);

/* Caps rewarded ads at `placement` to `per_hour` shows in any hour (0 to 1000); a negative
 * `per_hour` removes the cap. Returns INTERMISSION_OK or an error. */
int intermission_set_rewarded_cap(intermission_overlay *overlay, const char *placement, int per_hour);

/* (0.4) Sets the player's consent signals, from the game's consent dialog (its CMP): a demand
 * file's next OpenRTB request carries them. `gdpr` is 1 (GDPR applies), 0 (it does not) or -1
 * (unknown); `tcf` is the TCF v2 consent string, `us_privacy` the CCPA string, `gpp` the GPP
 * string and `gpp_sid` its section ids separated by commas ("2,6"); each may be NULL or "" (none).
 * Intermission sends no device identifier. Returns INTERMISSION_OK or
 * INTERMISSION_ERROR_INVALID_ARGUMENT (intermission_errmsg says which). A manifest ignores them. */
int intermission_set_consent(intermission_overlay *overlay, int gdpr, const char *tcf, const char *us_privacy,
                             const char *gpp, const char *gpp_sid);

/* (0.4) Replaces one of the overlay's own words with the game's `text` (UTF-8), such as
 * intermission_set_string(ads, "button.close", "Fermer"): the keys are the msgctxt of the
 * catalogues in Assets/locale ("label.ad", "label.advertisement", "button.close",
 * "button.learnMore", "button.mute", "button.unmute", "hint.keys", "hint.resume",
 * "status.rewardIn" with {seconds}, "status.rewardEarned" and "question.giveUp" with {reward},
 * "notice.browserFailed"). It shows from the next view that opens. Returns INTERMISSION_OK,
 * INTERMISSION_ERROR_UNKNOWN_KEY (nothing changes), or INTERMISSION_ERROR_INVALID_ARGUMENT for a
 * NULL key or text, or text that is empty, not UTF-8, holds a control character or is over 1000
 * bytes. */
int intermission_set_string(intermission_overlay *overlay, const char *key, const char *text);

/* (0.4) Sets the price floor of `format` ("banner", "interstitial" or "rewarded") to `cpm`, a price
 * per thousand impressions in USD (0 removes it), from the next OpenRTB request of that format on:
 * it goes as the imp's bidfloor, and a bid under it is refused (bid.refused, reason "belowFloor")
 * and hears loss code 100. A demand file's "floors" set the first ones; a manifest's house ads have
 * none. Returns INTERMISSION_OK, or INTERMISSION_ERROR_INVALID_ARGUMENT for another format, or a
 * cpm that is negative, not finite or over 1000000. */
int intermission_set_floor(intermission_overlay *overlay, const char *format, double cpm);

/* ---- (0.5) An overlay for any engine: pixels it owns, input as plain calls ----------------------
 *
 * A game that draws with OpenGL, Vulkan, raylib, LOVE, Godot or anything else creates the overlay
 * with intermission_create_surface: it needs no SDL, no SDL window and no SDL event (a game that
 * uses SDL itself is not disturbed). Each frame: intermission_update, then intermission_draw, then
 * intermission_surface_pixels, and upload the `dirty` rectangle into the game's texture, drawn
 * over the game blended with (ONE, ONE_MINUS_SRC_ALPHA):
 *   OpenGL:  glTexSubImage2D(GL_TEXTURE_2D, 0, d.x, d.y, d.w, d.h, GL_RGBA, GL_UNSIGNED_BYTE, ...)
 *            with GL_UNPACK_ROW_LENGTH = pitch / 4, from pixels + d.y * pitch + d.x * 4;
 *            glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA).
 *   raylib:  UpdateTextureRec(texture, (Rectangle){d.x, d.y, d.w, d.h}, rows of d) on a
 *            PIXELFORMAT_UNCOMPRESSED_R8G8B8A8 texture; BeginBlendMode(BLEND_ALPHA_PREMULTIPLY).
 *   LOVE:    copy d into an ImageData("rgba8") through the FFI, then Image:replacePixels(data);
 *            love.graphics.setBlendMode("alpha", "premultiplied").
 *   Godot:   Image.create_from_data(w, h, false, Image.FORMAT_RGBA8, bytes), then
 *            ImageTexture.update(image); a CanvasItemMaterial with BLEND_MODE_PREMULT_ALPHA.
 * Input goes in through the calls below, each returning 1 when the overlay took it (the game must
 * not act on it), 0 when it is the game's, or a negative error. Coordinates are window
 * coordinates, like the width and height given at creation. */

/* A rectangle of pixels: x, y from the top left, w by h. */
typedef struct intermission_rect {
    int x, y, w, h;
} intermission_rect;

enum {
    INTERMISSION_ERROR_WRONG_KIND = -17 /* (0.5) a surface call on a renderer overlay, or the reverse */
};

/* Keys for intermission_key. BACK is Android's back, which some engines map. */
enum {
    INTERMISSION_KEY_ESCAPE = 1,
    INTERMISSION_KEY_RETURN = 2,
    INTERMISSION_KEY_SPACE = 3,
    INTERMISSION_KEY_TAB = 4,
    INTERMISSION_KEY_UP = 5,
    INTERMISSION_KEY_DOWN = 6,
    INTERMISSION_KEY_LEFT = 7,
    INTERMISSION_KEY_RIGHT = 8,
    INTERMISSION_KEY_BACK = 9
};

/* Buttons for intermission_gamepad_button: B and BACK go back, A and START activate, the d-pad
 * moves, (0.6) the shoulder buttons page up and down (the consent form's long text). */
enum {
    INTERMISSION_GAMEPAD_A = 1,
    INTERMISSION_GAMEPAD_B = 2,
    INTERMISSION_GAMEPAD_BACK = 3,
    INTERMISSION_GAMEPAD_START = 4,
    INTERMISSION_GAMEPAD_DPAD_UP = 5,
    INTERMISSION_GAMEPAD_DPAD_DOWN = 6,
    INTERMISSION_GAMEPAD_DPAD_LEFT = 7,
    INTERMISSION_GAMEPAD_DPAD_RIGHT = 8,
    INTERMISSION_GAMEPAD_LEFT_SHOULDER = 9,
    INTERMISSION_GAMEPAD_RIGHT_SHOULDER = 10
};

/* (0.5) Creates an overlay that draws into pixels it owns, for a window of `width` x `height` in
 * window coordinates at `scale` pixels per coordinate (HiDPI: the surface is width x scale by
 * height x scale pixels; at most 16384 on a side; scale 0.5 to 8). Everything else is as for
 * intermission_create: the config, the error text on failure (NULL returned), and every other call
 * (update, draw, bottom_inset, holds, full-screen shows, rewards, consent, strings, floors,
 * destroy). A config's script_path drives the overlay through the input calls below. */
intermission_overlay *intermission_create_surface(int width, int height, double scale, const intermission_config *config,
                                                  char *error, size_t error_size);

/* (0.5) The surface as the last intermission_draw left it: premultiplied RGBA, 8 bits a channel,
 * bytes in the order R, G, B, A (GL_RGBA / GL_UNSIGNED_BYTE, raylib's R8G8B8A8, LOVE's rgba8), rows
 * `pitch` bytes apart. `dirty` is the rectangle, in pixels, that changed since the previous call
 * (w and h 0 when nothing did); the first call's is the whole surface, as after a resize. The
 * pointer stays valid until the next update, draw, resize or destroy. Any of the out-pointers may
 * be NULL (a NULL `dirty` still counts as taking it: the next call's is what changed after).
 * Returns INTERMISSION_OK, INTERMISSION_ERROR_WRONG_KIND for a renderer overlay, or
 * another error. */
int intermission_surface_pixels(intermission_overlay *overlay, const unsigned char **pixels, int *width, int *height,
                                int *pitch, intermission_rect *dirty);

/* (0.5) The window is now `width` x `height` at `scale` (limits as at creation): the surface is
 * made anew, transparent and wholly dirty, and the banner relays out. A refused size changes
 * nothing. */
int intermission_resize(intermission_overlay *overlay, int width, int height, double scale);

/* (0.5) The pointer moved to (x, y). */
int intermission_pointer_move(intermission_overlay *overlay, double x, double y);

/* (0.5) A pointer button went down (`pressed` 1) or up (0) at (x, y); button 1 is the primary one.
 * Other buttons are taken only while an ad covers the window. */
int intermission_pointer_button(intermission_overlay *overlay, double x, double y, int button, int pressed);

/* (0.5) The wheel turned: `dy` positive towards the top of the content. */
int intermission_wheel(intermission_overlay *overlay, double dx, double dy);

/* (0.5) A key (INTERMISSION_KEY_*) went down (`pressed` 1, repeats included) or up (0). Other
 * values are the game's keys: taken only while an ad covers the window. */
int intermission_key(intermission_overlay *overlay, int key, int pressed);

/* (0.5) A game controller's button (INTERMISSION_GAMEPAD_*) went down or up. */
int intermission_gamepad_button(intermission_overlay *overlay, int button, int pressed);

/* (0.5) The window's state: hidden or minimised (`visible` 0) holds the game as "window", exactly
 * as SDL's window events do for a renderer overlay (applied at the next intermission_update or
 * intermission_draw, so that a state that flickers within a frame never pauses the game); focus
 * coming back (`focused` 1) resumes a video paused by its click-through. Returns 0 (never taken)
 * or an error. Calling it every frame with the window's state is fine. */
int intermission_window_state(intermission_overlay *overlay, int visible, int focused);

/* ---- (0.6) Consent: IAB TCF 2.3, GPP and Google's Additional Consent ----------------------------
 * With config.consent_path, a consent engine decides at each launch, before any ad request,
 * whether the player must be asked: no decision stored, a new TCF policy version, vendors or
 * Google providers added since, a decision older than the file's maxAgeDays, or a store that could
 * not be read. Decisions are kept as one file per in-app key of the CMP API, under
 * $XDG_CONFIG_HOME/intermission/consent/<app>/ (else ~/.config/...). */

/* Where the player's consent stands: the same numbers on every platform and in Swift
 * (ConsentStatus). */
enum {
    INTERMISSION_CONSENT_UNKNOWN = 0,      /* not known yet: the vendor list or the place is being read */
    INTERMISSION_CONSENT_REQUIRED = 1,     /* the player must decide; no ad traffic leaves the process */
    INTERMISSION_CONSENT_NOT_REQUIRED = 2, /* no decision needed (or no consent_path: no engine) */
    INTERMISSION_CONSENT_OBTAINED = 3      /* the player decided; the decision is stored */
};

/* The consent status (INTERMISSION_CONSENT_*), or a negative error for an invalid handle or a call
 * from another thread. */
int intermission_consent_status(const intermission_overlay *overlay);

/* 1 if ad requests may go out now, as UMP's canRequestAds: 0 until the decision is known, then 1
 * once the player decided (whatever the choice: the requests carry it) or where no decision is
 * needed; a negative error otherwise. Without consent_path, always 1. */
int intermission_can_request_ads(const intermission_overlay *overlay);

/* The value in force of the in-app key `key` (IABTCF_TCString, IABTCF_gdprApplies,
 * IABTCF_PurposeConsents, IABTCF_AddtlConsent, IABGPP_HDR_GppString, IABGPP_GppSID, ...), or NULL
 * when it is absent, `key` is NULL, the handle is invalid or the call comes from another thread.
 * The string lives until the next intermission_consent_value on this overlay, or its end. */
const char *intermission_consent_value(const intermission_overlay *overlay, const char *key);

/* Forgets the stored decision: a player in a GDPR region is asked again, and no ad traffic leaves
 * until then. Returns INTERMISSION_OK, INTERMISSION_ERROR_INVALID_ARGUMENT without consent_path,
 * or another error. */
int intermission_reset_consent(intermission_overlay *overlay);

/* Opens the privacy options at the next intermission_update: the consent form again, showing the
 * choices in force, for a player in a GDPR region; the opt-outs of sale, sharing and targeted
 * advertising for a player in a regulated US state. The game is held as "consent" while the form
 * shows (on_pause), and runs again after, unless something else holds it. Google requires such an
 * entry point wherever consent applies: put it in the game's menu. Returns INTERMISSION_OK;
 * INTERMISSION_REFUSED_ALREADY_SHOWING ("alreadyShowing") while the form or an ad is open;
 * INTERMISSION_REFUSED_NOT_READY ("notReady") before the engine knows where the player is, while
 * the player must decide anyway, without a vendor list, or where no consent rule applies;
 * INTERMISSION_ERROR_INVALID_ARGUMENT without consent_path; or another error. intermission_destroy
 * closes an open form, releasing "consent" (on_resume). */
int intermission_show_privacy_options(intermission_overlay *overlay);

#ifdef __cplusplus
} /* extern "C" */
#endif /* __cplusplus */

#endif /* INTERMISSION_H */
