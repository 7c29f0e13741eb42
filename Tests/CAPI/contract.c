/*
 * The C API's contract, checked from C against the installed library: creation and its error
 * messages, bad calls (NULL, destroyed and made-up handles, NULL events, unknown reasons, a release
 * without a hold, a time that is not finite, a call from another thread), the pause bridge's
 * callbacks, the event callback, destroying from inside a callback, and 100 overlays created and
 * destroyed in one process. Tests/CAPI/c-api-test builds it with AddressSanitizer (leaks included).
 *
 * From 0.4, the full-screen functions too: NULL, made-up and destroyed handles, other threads,
 * bad formats and placements, each refusal's code and message, a reward once before the
 * dismissal, manual and automatic acknowledgement, unknown transaction ids, a pending reward
 * delivered by the next overlay on the same file, and a 0.3-sized config.
 *
 * usage: contract MANIFEST_DIR FULLSCREEN_DIR
 *   MANIFEST_DIR: a folder with the sample ads' manifest.json
 *   FULLSCREEN_DIR: a folder with fullscreen.json (an interstitial closable after 1 s and a
 *   rewarded ad of 50 coins after 1 s) and beacons.sqlite's place
 */
#include <SDL.h>
#include <math.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <intermission.h>

static int failures;

#define CHECK(condition)                                                         \
    do {                                                                         \
        if (!(condition)) {                                                      \
            fprintf(stderr, "contract.c:%d: failed: %s\n", __LINE__, #condition); \
            failures++;                                                          \
        }                                                                        \
    } while (0)

/* What the callbacks saw. */
struct seen {
    int pauses, resumes, events, impressions, revenues;
    char last_pause[64], last_resume[64], last_json[512], last_banner_json[512], last_revenue_json[512];
    intermission_overlay *destroy_on_impression;
};

static void on_pause(const char *reason, void *user)
{
    struct seen *seen = user;
    seen->pauses++;
    snprintf(seen->last_pause, sizeof seen->last_pause, "%s", reason);
}

static void on_resume(const char *reason, void *user)
{
    struct seen *seen = user;
    seen->resumes++;
    snprintf(seen->last_resume, sizeof seen->last_resume, "%s", reason);
}

static void on_event(const char *event, const char *json, void *user)
{
    struct seen *seen = user;
    seen->events++;
    snprintf(seen->last_json, sizeof seen->last_json, "%s", json);
    if (strncmp(event, "banner.", 7) == 0) snprintf(seen->last_banner_json, sizeof seen->last_banner_json, "%s", json);
    if (strcmp(event, "impression") == 0) {
        seen->impressions++;
        if (seen->destroy_on_impression) intermission_destroy(seen->destroy_on_impression);
    }
    if (strcmp(event, "ad.revenue") == 0) {
        seen->revenues++;
        snprintf(seen->last_revenue_json, sizeof seen->last_revenue_json, "%s", json);
    }
}

/* intermission_config exactly as intermission.h 0.2 declared it: what a game compiled against 0.2
 * passes to a newer library. */
/* A configuration for a deterministic run of `manifest` (loads waited for, traced frame by frame),
 * with beacons kept at `beacons` ("" for none), delivered without latency when `immediate`. */
static intermission_config deterministic_config(const char *manifest, const char *beacons, int immediate)
{
    intermission_config config = INTERMISSION_CONFIG_INIT;
    config.manifest_path = manifest;
    config.beacons_path = beacons;
    config.deterministic = 1;
    if (immediate) config.latency = 0;
    return config;
}

struct intermission_config_0_2 {
    size_t size;
    const char *manifest_path;
    double refresh_interval;
    double latency;
    double click_cooldown;
    const char *trace_path;
    int deterministic;
    const char *script_path;
    const char *font_path;
    intermission_pause_fn on_pause;
    intermission_pause_fn on_resume;
    intermission_event_fn on_event;
    void *user;
};

/* intermission_config exactly as intermission.h 0.3 declared it. */
struct intermission_config_0_3 {
    struct intermission_config_0_2 v0_2;
    const char *ads_ca_path;
    double ads_timeout;
    const char *fallback_manifest_path;
    const char *beacons_path;
};

/* What the full-screen callbacks saw. */
struct fullscreen_seen {
    int rewards, pauses, resumes;
    long long amount;
    char type[32], transaction[64], story[1024];
};

static void on_fullscreen_event(const char *event, const char *json, void *user)
{
    struct fullscreen_seen *seen = user;
    if (strncmp(event, "fullscreen.", 11) && strncmp(event, "rewarded.", 9) && strncmp(event, "video.", 6)
        && strcmp(event, "vast.error") && strcmp(event, "impression") && strcmp(event, "ad.revenue"))
        return;
    /* the banner's */
    if ((!strcmp(event, "impression") || !strcmp(event, "ad.revenue")) && !strstr(json, "\"placement\"")) return;
    size_t used = strlen(seen->story);
    snprintf(seen->story + used, sizeof seen->story - used, "%s%s", used ? " " : "", event);
}

static void on_reward(const char *type, long long amount, const char *transaction_id, void *user)
{
    struct fullscreen_seen *seen = user;
    seen->rewards++;
    seen->amount = amount;
    snprintf(seen->type, sizeof seen->type, "%s", type);
    snprintf(seen->transaction, sizeof seen->transaction, "%s", transaction_id);
    size_t used = strlen(seen->story);
    snprintf(seen->story + used, sizeof seen->story - used, "%sreward", used ? " " : "");
}

static void on_fullscreen_pause(const char *reason, void *user)
{
    (void)reason;
    ((struct fullscreen_seen *)user)->pauses++;
}

static void on_fullscreen_resume(const char *reason, void *user)
{
    (void)reason;
    ((struct fullscreen_seen *)user)->resumes++;
}

static SDL_Event button(Uint32 type, int x, int y)
{
    SDL_Event event;
    memset(&event, 0, sizeof event);
    event.type = type;
    event.button.button = SDL_BUTTON_LEFT;
    event.button.x = x;
    event.button.y = y;
    return event;
}

static SDL_Event key(SDL_Keycode code)
{
    SDL_Event event;
    memset(&event, 0, sizeof event);
    event.type = SDL_KEYDOWN;
    event.key.keysym.sym = code;
    return event;
}

/* Runs frames 0..frames-1 at 60 fps from `first`, updating and drawing. */
static void run(intermission_overlay *overlay, int first, int frames)
{
    for (int frame = first; frame < first + frames; frame++) {
        intermission_update(overlay, frame / 60.0);
        intermission_draw(overlay);
    }
}

struct thread_call {
    intermission_overlay *overlay;
    int update, hold, running;
};

struct fullscreen_thread_call {
    intermission_overlay *overlay;
    int ready, interstitial, rewarded, ack, cap;
};

static void *fullscreen_from_other_thread(void *argument)
{
    struct fullscreen_thread_call *call = argument;
    call->ready = intermission_fullscreen_ready(call->overlay, "rewarded");
    call->interstitial = intermission_show_interstitial(call->overlay, "level_end");
    call->rewarded = intermission_show_rewarded(call->overlay, "bonus_coins");
    call->ack = intermission_ack_reward(call->overlay, "00000000-0000-4000-8000-000000000000");
    call->cap = intermission_set_rewarded_cap(call->overlay, "bonus_coins", 1);
    return NULL;
}

/* The full-screen functions (0.4). */
/* A deterministic config of the full-screen checks on `manifest`, its callbacks telling `seen`. */
static intermission_config fullscreen_config(const char *manifest, const char *beacons, struct fullscreen_seen *seen)
{
    intermission_config config = deterministic_config(manifest, beacons, 1);
    config.on_event = on_fullscreen_event;
    config.on_reward = on_reward;
    config.on_pause = on_fullscreen_pause;
    config.on_resume = on_fullscreen_resume;
    config.user = seen;
    return config;
}

/* A rewarded video ad (video.json: the demo's 10 s house video), with no new function: ready once
 * its VAST is resolved and its first frame decoded, shown by intermission_show_rewarded, on the
 * fixed step of a deterministic overlay; the reward at its completion, handed over at the close. */
static void check_video(SDL_Renderer *renderer, const char *folder)
{
    char manifest[4096], beacons[4096], error[512] = "";
    snprintf(manifest, sizeof manifest, "%s/video.json", folder);
    snprintf(beacons, sizeof beacons, "%s/video-beacons.sqlite", folder);
    struct fullscreen_seen seen;
    memset(&seen, 0, sizeof seen);
    intermission_config config = fullscreen_config(manifest, beacons, &seen);
    intermission_overlay *overlay = intermission_create(renderer, &config, error, sizeof error);
    CHECK(overlay != NULL);
    if (!overlay) {
        fprintf(stderr, "create with video.json: %s\n", error);
        return;
    }
    run(overlay, 0, 10);
    CHECK(intermission_fullscreen_ready(overlay, "rewarded") == 1);
    CHECK(intermission_show_rewarded(overlay, "bonus_coins") == 0);
    CHECK(intermission_is_held(overlay, "ad") == 1);
    run(overlay, 10, 300); /* 5 s: half the video */
    CHECK(strstr(seen.story, "video.completed") == NULL && seen.rewards == 0);
    SDL_Event m = key(SDLK_m);
    CHECK(intermission_handle_event(overlay, &m) == 1);
    run(overlay, 310, 360); /* past its end */
    SDL_Event escape = key(SDLK_ESCAPE);
    CHECK(intermission_handle_event(overlay, &escape) == 1);
    CHECK(seen.rewards == 1 && seen.amount == 50);
    CHECK(intermission_is_running(overlay) == 1);
    /* M 4.98 s into the video: after its first quartile (2.5 s), before its midpoint (5 s). */
    const char *expected = "fullscreen.shown impression ad.revenue video.started video.quartile video.muted video.quartile "
                           "video.quartile rewarded.completed video.completed rewarded.earned reward "
                           "fullscreen.dismissed";
    CHECK(strcmp(seen.story, expected) == 0);
    if (strcmp(seen.story, expected)) fprintf(stderr, "video story: %s\n", seen.story);
    intermission_destroy(overlay);
}

static void check_fullscreen(SDL_Renderer *renderer, const char *folder)
{
    char manifest[4096], beacons[4096], error[512] = "";
    snprintf(manifest, sizeof manifest, "%s/fullscreen.json", folder);
    snprintf(beacons, sizeof beacons, "%s/beacons.sqlite", folder);
    intermission_overlay *made_up = (intermission_overlay *)(size_t)0x1000;
    CHECK(intermission_fullscreen_ready(NULL, "rewarded") == INTERMISSION_ERROR_INVALID_HANDLE);
    CHECK(intermission_show_interstitial(made_up, "level_end") == INTERMISSION_ERROR_INVALID_HANDLE);
    CHECK(intermission_show_rewarded(NULL, "bonus") == INTERMISSION_ERROR_INVALID_HANDLE);
    CHECK(intermission_ack_reward(made_up, "x") == INTERMISSION_ERROR_INVALID_HANDLE);
    CHECK(intermission_set_rewarded_cap(NULL, "bonus", 1) == INTERMISSION_ERROR_INVALID_HANDLE);
    CHECK(strcmp(intermission_result_string(INTERMISSION_REFUSED_PACING), "refused: pacing") == 0);
    /* Every refusal code has its name, with or without an overlay; no other code has one. */
    static const struct { int code; const char *name; } refusals[] = {
        {INTERMISSION_REFUSED_NOT_READY, "notReady"}, {INTERMISSION_REFUSED_EXPIRED, "expired"},
        {INTERMISSION_REFUSED_PACING, "pacing"}, {INTERMISSION_REFUSED_CAP, "cap"},
        {INTERMISSION_REFUSED_SESSION_START, "sessionStart"},
        {INTERMISSION_REFUSED_ALREADY_SHOWING, "alreadyShowing"},
        {INTERMISSION_REFUSED_WINDOW_HIDDEN, "windowHidden"},
    };
    for (size_t i = 0; i < sizeof refusals / sizeof refusals[0]; i++) {
        const char *name = intermission_refusal_name(refusals[i].code);
        CHECK(name != NULL && strcmp(name, refusals[i].name) == 0);
    }
    CHECK(intermission_refusal_name(INTERMISSION_OK) == NULL);
    CHECK(intermission_refusal_name(INTERMISSION_ERROR_SDL) == NULL);
    CHECK(intermission_refusal_name(-9) == NULL && intermission_refusal_name(-17) == NULL);
    CHECK(intermission_refusal_name(12345) == NULL);

    struct fullscreen_seen seen;
    memset(&seen, 0, sizeof seen);
    intermission_config config = fullscreen_config(manifest, beacons, &seen);
    intermission_config bad = config;
    bad.interstitials_per_hour = -1;
    CHECK(intermission_create(renderer, &bad, error, sizeof error) == NULL && strstr(error, "interstitials_per_hour"));
    bad = config;
    bad.fullscreen_expiry = NAN;
    CHECK(intermission_create(renderer, &bad, error, sizeof error) == NULL && strstr(error, "fullscreen_expiry"));

    intermission_overlay *overlay = intermission_create(renderer, &config, error, sizeof error);
    CHECK(overlay != NULL);
    if (!overlay) {
        fprintf(stderr, "create with fullscreen.json: %s\n", error);
        return;
    }
    CHECK(intermission_fullscreen_ready(overlay, "rewarded") == 0); /* nothing loaded before the first update */
    CHECK(intermission_fullscreen_ready(overlay, NULL) == INTERMISSION_ERROR_INVALID_ARGUMENT);
    CHECK(intermission_fullscreen_ready(overlay, "banner") == INTERMISSION_ERROR_INVALID_ARGUMENT);
    CHECK(intermission_fullscreen_ready(overlay, "popup") == INTERMISSION_ERROR_INVALID_ARGUMENT);
    run(overlay, 0, 10);
    CHECK(intermission_fullscreen_ready(overlay, "rewarded") == 1);
    CHECK(intermission_fullscreen_ready(overlay, "interstitial") == 1);
    /* Bad placements, then the refusals with their codes and messages. */
    CHECK(intermission_show_rewarded(overlay, NULL) == INTERMISSION_ERROR_INVALID_ARGUMENT);
    CHECK(intermission_show_rewarded(overlay, "") == INTERMISSION_ERROR_INVALID_ARGUMENT);
    CHECK(intermission_show_rewarded(overlay, "tab\there") == INTERMISSION_ERROR_INVALID_ARGUMENT);
    char long_name[80];
    memset(long_name, 'p', sizeof long_name - 1);
    long_name[sizeof long_name - 1] = 0;
    CHECK(intermission_show_rewarded(overlay, long_name) == INTERMISSION_ERROR_INVALID_ARGUMENT);
    int refused = intermission_show_interstitial(overlay, "level_end");
    CHECK(refused == INTERMISSION_REFUSED_SESSION_START);
    CHECK(strcmp(intermission_errmsg(overlay), "sessionStart") == 0);
    /* The message is the last call's: a query keeps it, the next frame's update clears it, and
     * intermission_refusal_name still names the code afterwards. */
    CHECK(intermission_is_running(overlay) == 1);
    CHECK(strcmp(intermission_errmsg(overlay), "sessionStart") == 0);
    CHECK(intermission_update(overlay, 0.5) == INTERMISSION_OK);
    CHECK(strcmp(intermission_errmsg(overlay), "") == 0);
    CHECK(intermission_refusal_name(refused) != NULL && strcmp(intermission_refusal_name(refused), "sessionStart") == 0);
    CHECK(intermission_is_held(overlay, "nobody?") == INTERMISSION_ERROR_UNKNOWN_REASON);
    CHECK(intermission_is_held(overlay, "user") == 0 && strcmp(intermission_errmsg(overlay), "") == 0);
    CHECK(intermission_set_rewarded_cap(overlay, "bonus_coins", 1001) == INTERMISSION_ERROR_INVALID_ARGUMENT);
    CHECK(intermission_set_rewarded_cap(overlay, "bonus_coins", 1) == INTERMISSION_OK);
    /* Another thread is refused and changes nothing. */
    struct fullscreen_thread_call call;
    memset(&call, 0, sizeof call);
    call.overlay = overlay;
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, fullscreen_from_other_thread, &call) == 0);
    pthread_join(thread, NULL);
    CHECK(call.ready == INTERMISSION_ERROR_WRONG_THREAD && call.interstitial == INTERMISSION_ERROR_WRONG_THREAD);
    CHECK(call.rewarded == INTERMISSION_ERROR_WRONG_THREAD && call.ack == INTERMISSION_ERROR_WRONG_THREAD);
    CHECK(call.cap == INTERMISSION_ERROR_WRONG_THREAD);
    CHECK(intermission_is_running(overlay) == 1);

    /* A rewarded ad watched to the end: held as "ad", the reward once, before the dismissal. */
    CHECK(strcmp(seen.story, "fullscreen.refused") == 0);
    seen.story[0] = 0;
    CHECK(intermission_show_rewarded(overlay, "bonus_coins") == 0);
    CHECK(intermission_is_held(overlay, "ad") == 1 && seen.pauses == 1);
    CHECK(intermission_show_interstitial(overlay, "level_end") == INTERMISSION_REFUSED_ALREADY_SHOWING);
    CHECK(strcmp(intermission_errmsg(overlay), "alreadyShowing") == 0);
    seen.story[0] = 0;
    run(overlay, 10, 150);
    CHECK(seen.rewards == 0); /* recorded; handed over as the view closes */
    SDL_Event escape = key(SDLK_ESCAPE);
    CHECK(intermission_handle_event(overlay, &escape) == 1);
    CHECK(seen.rewards == 1 && seen.amount == 50 && strcmp(seen.type, "coins") == 0);
    CHECK(strlen(seen.transaction) == 36);
    CHECK(seen.resumes == 1 && intermission_is_running(overlay) == 1);
    /* on_event hears the reward recorded, then handed over as the view closes, on_reward right after. */
    CHECK(strcmp(seen.story, "fullscreen.shown impression ad.revenue rewarded.completed rewarded.earned reward fullscreen.dismissed") == 0);
    if (strcmp(seen.story, "fullscreen.shown impression ad.revenue rewarded.completed rewarded.earned reward fullscreen.dismissed"))
        fprintf(stderr, "story: %s\n", seen.story);
    /* Acknowledged when on_reward returned: no more pending; unknown ids are refused. */
    CHECK(intermission_ack_reward(overlay, seen.transaction) == INTERMISSION_ERROR_UNKNOWN_TRANSACTION);
    CHECK(intermission_ack_reward(overlay, "not-a-transaction") == INTERMISSION_ERROR_UNKNOWN_TRANSACTION);
    CHECK(strstr(intermission_errmsg(overlay), "not-a-transaction") != NULL);
    CHECK(intermission_ack_reward(overlay, NULL) == INTERMISSION_ERROR_INVALID_ARGUMENT);
    /* The placement's cap. */
    run(overlay, 160, 5);
    CHECK(intermission_show_rewarded(overlay, "bonus_coins") == INTERMISSION_REFUSED_CAP);
    CHECK(strcmp(intermission_errmsg(overlay), "cap") == 0);
    intermission_destroy(overlay);
    CHECK(intermission_show_rewarded(overlay, "bonus_coins") == INTERMISSION_ERROR_INVALID_HANDLE);
    CHECK(intermission_fullscreen_ready(overlay, "rewarded") == INTERMISSION_ERROR_INVALID_HANDLE);
    CHECK(intermission_ack_reward(overlay, seen.transaction) == INTERMISSION_ERROR_INVALID_HANDLE);

    /* Manual acknowledgement, and a kill before it: the next overlay on the same file delivers the
     * pending reward again, in its first update, with the same transaction id. */
    memset(&seen, 0, sizeof seen);
    config.reward_manual_ack = 1;
    overlay = intermission_create(renderer, &config, error, sizeof error);
    run(overlay, 0, 10);
    CHECK(intermission_show_rewarded(overlay, "bonus_coins") == 0);
    run(overlay, 10, 150);
    CHECK(intermission_handle_event(overlay, &escape) == 1);
    CHECK(seen.rewards == 1);
    char earned[64];
    snprintf(earned, sizeof earned, "%s", seen.transaction);
    intermission_destroy(overlay); /* never acknowledged */
    memset(&seen, 0, sizeof seen);
    overlay = intermission_create(renderer, &config, error, sizeof error);
    CHECK(seen.rewards == 0);
    run(overlay, 0, 1);
    CHECK(seen.rewards == 1 && strcmp(seen.transaction, earned) == 0);
    run(overlay, 1, 10);
    CHECK(seen.rewards == 1); /* once per launch */
    CHECK(intermission_ack_reward(overlay, earned) == INTERMISSION_OK);
    CHECK(intermission_ack_reward(overlay, earned) == INTERMISSION_ERROR_UNKNOWN_TRANSACTION);
    intermission_destroy(overlay);

    /* A caller compiled against 0.3: the full-screen fields take their defaults (30 s before the
     * first interstitial), and a reward without on_reward stays pending. */
    struct intermission_config_0_3 *old = malloc(sizeof *old);
    CHECK(old != NULL);
    if (!old) return;
    memset(old, 0, sizeof *old);
    old->v0_2.size = sizeof *old;
    old->v0_2.manifest_path = manifest;
    old->v0_2.refresh_interval = 30, old->v0_2.latency = 0, old->v0_2.click_cooldown = 0.5;
    old->v0_2.deterministic = 1;
    old->ads_timeout = 10;
    old->beacons_path = "";
    overlay = intermission_create(renderer, (const intermission_config *)old, error, sizeof error);
    CHECK(overlay != NULL);
    if (!overlay) fprintf(stderr, "create from a 0.3 config: %s\n", error);
    run(overlay, 0, 10);
    CHECK(intermission_show_interstitial(overlay, "level_end") == INTERMISSION_REFUSED_SESSION_START);
    CHECK(intermission_show_rewarded(overlay, "bonus_coins") == 0);
    run(overlay, 10, 150);
    CHECK(intermission_handle_event(overlay, &escape) == 1);
    CHECK(intermission_is_running(overlay) == 1);
    intermission_destroy(overlay);
    free(old);
}

struct consent_call {
    intermission_overlay *overlay;
    int result;
};

static void *consent_from_other_thread(void *argument)
{
    struct consent_call *call = argument;
    call->result = intermission_set_consent(call->overlay, 1, "tcf", NULL, NULL, NULL);
    return NULL;
}

/* A TC string that decodes: iabgpp-es's TcfEuV2 string of 2022 (the TCF specification's example,
 * CMP 880, with another date). */
#define TC_STRING "CPSG_8APSG_8ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA.IDKQA4AAgAKAGQAygAAA.YAAAAAAAAAAA"

/* intermission_set_consent (0.4): checked arguments; a manifest source takes and ignores them. */
static void check_consent(SDL_Renderer *renderer, const char *folder)
{
    char manifest[4096], error[512] = "";
    snprintf(manifest, sizeof manifest, "%s/fullscreen.json", folder);
    intermission_overlay *made_up = (intermission_overlay *)(size_t)0x1000;
    CHECK(intermission_set_consent(NULL, 1, NULL, NULL, NULL, NULL) == INTERMISSION_ERROR_INVALID_HANDLE);
    CHECK(intermission_set_consent(made_up, 1, NULL, NULL, NULL, NULL) == INTERMISSION_ERROR_INVALID_HANDLE);
    intermission_config config = deterministic_config(manifest, "", 0);
    intermission_overlay *overlay = intermission_create(renderer, &config, error, sizeof error);
    CHECK(overlay != NULL);
    if (!overlay) return;
    CHECK(intermission_set_consent(overlay, 1, TC_STRING, "1YNN", "DBABMA~" TC_STRING, "2,6") == INTERMISSION_OK);
    /* (0.6) A game's own strings are decoded: one that does not is refused, with where. */
    CHECK(intermission_set_consent(overlay, 1, "CPtcf", NULL, NULL, NULL) == INTERMISSION_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(intermission_errmsg(overlay), "does not decode") != NULL);
    CHECK(intermission_set_consent(overlay, 1, NULL, NULL, "DBgpp", NULL) == INTERMISSION_ERROR_INVALID_ARGUMENT);
    CHECK(intermission_set_consent(overlay, -1, NULL, "", NULL, NULL) == INTERMISSION_OK);
    CHECK(intermission_set_consent(overlay, 0, NULL, NULL, NULL, "") == INTERMISSION_OK);
    CHECK(intermission_set_consent(overlay, 2, NULL, NULL, NULL, NULL) == INTERMISSION_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(intermission_errmsg(overlay), "gdpr") != NULL);
    CHECK(intermission_set_consent(overlay, 1, NULL, NULL, NULL, "2,x") == INTERMISSION_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(intermission_errmsg(overlay), "gpp_sid") != NULL);
    CHECK(intermission_set_consent(overlay, 1, "bell\a", NULL, NULL, NULL) == INTERMISSION_ERROR_INVALID_ARGUMENT);
    char *huge = malloc(20000);
    CHECK(huge != NULL);
    if (huge) {
        memset(huge, 'A', 19999);
        huge[19999] = 0;
        CHECK(intermission_set_consent(overlay, 1, huge, NULL, NULL, NULL) == INTERMISSION_ERROR_INVALID_ARGUMENT);
        free(huge);
    }
    /* Another thread is refused. */
    struct consent_call call = {overlay, 0};
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, consent_from_other_thread, &call) == 0);
    pthread_join(thread, NULL);
    CHECK(call.result == INTERMISSION_ERROR_WRONG_THREAD);
    intermission_destroy(overlay);
    CHECK(intermission_set_consent(overlay, 1, NULL, NULL, NULL, NULL) == INTERMISSION_ERROR_INVALID_HANDLE);
}

/* Writes `text` into the file `folder`/`name`. */
static void write_file(const char *folder, const char *name, const char *text)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", folder, name);
    FILE *file = fopen(path, "w");
    CHECK(file != NULL);
    if (!file) return;
    fputs(text, file);
    fclose(file);
}

static void *consent_status_from_other_thread(void *argument)
{
    struct consent_call *call = argument;
    call->result = intermission_consent_status(call->overlay);
    if (intermission_consent_value(call->overlay, "IABTCF_gdprApplies") != NULL) call->result = 1000;
    if (intermission_show_privacy_options(call->overlay) != INTERMISSION_ERROR_WRONG_THREAD) call->result = 1001;
    return NULL;
}

/* (0.6) The consent engine's calls: on NULL, made-up, destroyed and wrong-thread handles; without
 * a consent file; with one, in the EEA (asked: no ads) and elsewhere; an old-sized config on the
 * heap; a bad geography and a bad consent file refused at creation. */
static void check_consent_engine(SDL_Renderer *renderer, const char *manifest)
{
    char folder[] = "/tmp/intermission-consent-XXXXXX", error[512] = "", consent[4096];
    CHECK(mkdtemp(folder) != NULL);
    setenv("XDG_CONFIG_HOME", folder, 1);
    write_file(folder, "vendor-list.json",
               "{\"gvlSpecificationVersion\": 3, \"vendorListVersion\": 7, \"tcfPolicyVersion\": 5,"
               " \"lastUpdated\": \"2026-12-01T00:00:00Z\", \"purposes\": {\"1\": {\"id\": 1, \"name\": \"Store\","
               " \"description\": \"Store.\"}}, \"vendors\": {\"2\": {\"id\": 2, \"name\": \"V\", \"purposes\": [1]}}}");
    write_file(folder, "consent.json",
               "{\"app\": \"contract\", \"cmpId\": 300, \"publisherCountryCode\": \"DE\","
               " \"vendorList\": \"vendor-list.json\", \"vendors\": [2]}");
    write_file(folder, "bad.json", "{\"app\": \"contract\",\n \"colour\": 1}");
    snprintf(consent, sizeof consent, "%s/consent.json", folder);
    intermission_overlay *made_up = (intermission_overlay *)(size_t)0x1000;
    CHECK(intermission_consent_status(NULL) == INTERMISSION_ERROR_INVALID_HANDLE);
    CHECK(intermission_can_request_ads(made_up) == INTERMISSION_ERROR_INVALID_HANDLE);
    CHECK(intermission_consent_value(NULL, "IABTCF_TCString") == NULL);
    CHECK(intermission_reset_consent(made_up) == INTERMISSION_ERROR_INVALID_HANDLE);
    CHECK(intermission_show_privacy_options(NULL) == INTERMISSION_ERROR_INVALID_HANDLE);
    CHECK(intermission_show_privacy_options(made_up) == INTERMISSION_ERROR_INVALID_HANDLE);

    /* A 0.5-sized config, on the heap at that size: no consent engine, ads as before. */
    size_t before_consent = offsetof(intermission_config, consent_path);
    intermission_config *older = malloc(before_consent);
    intermission_config fresh = deterministic_config(manifest, "", 1);
    CHECK(older != NULL);
    if (!older) return;
    memcpy(older, &fresh, before_consent);
    older->size = before_consent;
    intermission_overlay *plain = intermission_create(renderer, older, error, sizeof error);
    free(older);
    CHECK(plain != NULL);
    if (!plain) return;
    CHECK(intermission_consent_status(plain) == INTERMISSION_CONSENT_NOT_REQUIRED);
    CHECK(intermission_can_request_ads(plain) == 1);
    CHECK(intermission_consent_value(plain, "IABTCF_TCString") == NULL);
    CHECK(intermission_reset_consent(plain) == INTERMISSION_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(intermission_errmsg(plain), "consent_path") != NULL);
    CHECK(intermission_show_privacy_options(plain) == INTERMISSION_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(intermission_errmsg(plain), "consent_path") != NULL);
    intermission_destroy(plain);

    /* In the EEA, no decision yet: asked, and no ad request may go out. */
    intermission_config config = deterministic_config(manifest, "", 1);
    config.consent_path = consent;
    config.consent_geography = "eea";
    struct seen consent_seen;
    memset(&consent_seen, 0, sizeof consent_seen);
    config.on_pause = on_pause, config.on_resume = on_resume, config.user = &consent_seen;
    intermission_overlay *overlay = intermission_create(renderer, &config, error, sizeof error);
    CHECK(overlay != NULL);
    if (!overlay) {
        fprintf(stderr, "create with a consent file: %s\n", error);
        return;
    }
    CHECK(intermission_consent_status(overlay) == INTERMISSION_CONSENT_REQUIRED);
    CHECK(intermission_can_request_ads(overlay) == 0);
    CHECK(intermission_consent_value(overlay, "IABTCF_TCString") == NULL);
    CHECK(intermission_consent_value(overlay, NULL) == NULL);
    CHECK(intermission_reset_consent(overlay) == INTERMISSION_OK);
    CHECK(intermission_consent_status(overlay) == INTERMISSION_CONSENT_REQUIRED);
    /* The form shows at the first update, holding the game as the overlay's "consent", which the
     * game may read but neither hold nor release. */
    CHECK(intermission_update(overlay, 0.0) == INTERMISSION_OK);
    CHECK(intermission_is_held(overlay, "consent") == 1);
    CHECK(intermission_is_running(overlay) == 0);
    CHECK(intermission_release(overlay, "consent") == INTERMISSION_ERROR_UNKNOWN_REASON);
    CHECK(strstr(intermission_errmsg(overlay), "overlay's own") != NULL);
    CHECK(intermission_hold(overlay, "consent") == INTERMISSION_ERROR_UNKNOWN_REASON);
    CHECK(consent_seen.pauses == 1 && strcmp(consent_seen.last_pause, "consent") == 0);
    /* The form is open: the privacy options cannot open over it. */
    CHECK(intermission_show_privacy_options(overlay) == INTERMISSION_REFUSED_ALREADY_SHOWING);
    CHECK(strcmp(intermission_errmsg(overlay), "alreadyShowing") == 0);
    struct consent_call call = {overlay, 0};
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, consent_status_from_other_thread, &call) == 0);
    pthread_join(thread, NULL);
    CHECK(call.result == INTERMISSION_ERROR_WRONG_THREAD);
    /* Destroyed while the form shows: its hold ends with it, and the game hears the resume. */
    intermission_destroy(overlay);
    CHECK(consent_seen.resumes == 1 && strcmp(consent_seen.last_resume, "consent") == 0);
    CHECK(intermission_consent_status(overlay) == INTERMISSION_ERROR_INVALID_HANDLE);
    CHECK(intermission_can_request_ads(overlay) == INTERMISSION_ERROR_INVALID_HANDLE);
    CHECK(intermission_consent_value(overlay, "IABTCF_gdprApplies") == NULL);
    CHECK(intermission_reset_consent(overlay) == INTERMISSION_ERROR_INVALID_HANDLE);
    CHECK(intermission_show_privacy_options(overlay) == INTERMISSION_ERROR_INVALID_HANDLE);

    /* Elsewhere: no decision needed, and GDPR does not apply. */
    config.consent_geography = "other";
    config.on_pause = NULL, config.on_resume = NULL, config.user = NULL;
    overlay = intermission_create(renderer, &config, error, sizeof error);
    CHECK(overlay != NULL);
    if (overlay) {
        CHECK(intermission_consent_status(overlay) == INTERMISSION_CONSENT_NOT_REQUIRED);
        CHECK(intermission_can_request_ads(overlay) == 1);
        const char *applies = intermission_consent_value(overlay, "IABTCF_gdprApplies");
        CHECK(applies != NULL && strcmp(applies, "0") == 0);
        /* No consent rule applies: there are no privacy options to show. */
        CHECK(intermission_show_privacy_options(overlay) == INTERMISSION_REFUSED_NOT_READY);
        CHECK(strcmp(intermission_errmsg(overlay), "notReady") == 0);
        intermission_destroy(overlay);
    }

    /* Refused at creation, saying why. */
    config.consent_geography = "mars";
    CHECK(intermission_create(renderer, &config, error, sizeof error) == NULL);
    CHECK(strstr(error, "consent_geography") != NULL);
    char bad[4096];
    snprintf(bad, sizeof bad, "%s/bad.json", folder);
    config.consent_geography = NULL;
    config.consent_path = bad;
    CHECK(intermission_create(renderer, &config, error, sizeof error) == NULL);
    CHECK(strstr(error, "line 2, column 2") != NULL);
    unsetenv("XDG_CONFIG_HOME");
}

/* intermission_set_floor (0.4): a format's name and a CPM in USD from 0 to 1000000 are taken (the
 * Swift tests see a floor reach the next OpenRTB request); anything else is refused, saying why. */
static void check_floor(SDL_Renderer *renderer, const char *folder)
{
    char manifest[4096], error[512] = "";
    snprintf(manifest, sizeof manifest, "%s/fullscreen.json", folder);
    CHECK(intermission_set_floor(NULL, "banner", 1) == INTERMISSION_ERROR_INVALID_HANDLE);
    intermission_config config = deterministic_config(manifest, "", 0);
    intermission_overlay *overlay = intermission_create(renderer, &config, error, sizeof error);
    CHECK(overlay != NULL);
    if (!overlay) return;
    CHECK(intermission_set_floor(overlay, "rewarded", 8.0) == INTERMISSION_OK);
    CHECK(strcmp(intermission_errmsg(overlay), "") == 0);
    CHECK(intermission_set_floor(overlay, "banner", 0) == INTERMISSION_OK);
    CHECK(intermission_set_floor(overlay, "interstitial", 1000000) == INTERMISSION_OK);
    CHECK(intermission_set_floor(overlay, "video", 1) == INTERMISSION_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(intermission_errmsg(overlay), "format") != NULL);
    CHECK(intermission_set_floor(overlay, NULL, 1) == INTERMISSION_ERROR_INVALID_ARGUMENT);
    const double refused[] = {-0.01, NAN, INFINITY, 1000000.5};
    for (size_t index = 0; index < sizeof refused / sizeof refused[0]; index++) {
        CHECK(intermission_set_floor(overlay, "rewarded", refused[index]) == INTERMISSION_ERROR_INVALID_ARGUMENT);
        CHECK(strstr(intermission_errmsg(overlay), "cpm") != NULL);
    }
    intermission_destroy(overlay);
}

/* What check_language's overlays told on_event. */
struct text_seen {
    int refused;
    char refused_json[512];
};

static void on_text_event(const char *event, const char *json, void *user)
{
    struct text_seen *seen = user;
    if (strcmp(event, "text.fontRefused") == 0) {
        seen->refused++;
        snprintf(seen->refused_json, sizeof seen->refused_json, "%s", json);
    }
}

/* How many bright (text) pixels the renderer's output has in the rectangle; -1 when it cannot be
 * read. */
static int bright_pixels(SDL_Renderer *renderer, int x, int y, int w, int h)
{
    Uint32 *pixels = malloc((size_t)w * (size_t)h * 4);
    SDL_Rect rect = {x, y, w, h};
    if (!pixels || SDL_RenderReadPixels(renderer, &rect, SDL_PIXELFORMAT_ARGB8888, pixels, w * 4) != 0) {
        free(pixels);
        return -1;
    }
    int count = 0;
    for (int i = 0; i < w * h; i++) {
        Uint32 p = pixels[i];
        if (((p >> 16) & 255) > 150 && ((p >> 8) & 255) > 150 && (p & 255) > 150) count++;
    }
    free(pixels);
    return count;
}

/* The bright pixels of the banner's label strip, at its left and right edges, after `frames`
 * frames of an overlay in `language`. */
static void label_corners(SDL_Renderer *renderer, const char *manifest, const char *language, int *left, int *right)
{
    char error[512] = "";
    intermission_config config = deterministic_config(manifest, "", 1);
    config.language = language;
    intermission_overlay *overlay = intermission_create(renderer, &config, error, sizeof error);
    CHECK(overlay != NULL);
    *left = *right = -1;
    if (!overlay) return;
    SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255);
    for (int frame = 0; frame < 120; frame++) {
        SDL_RenderClear(renderer);
        intermission_update(overlay, frame / 60.0);
        intermission_draw(overlay);
    }
    int top = 600 - (int)intermission_bottom_inset(overlay);
    CHECK(intermission_banner_visible(overlay) == 1 && top < 600);
    *left = bright_pixels(renderer, 0, top, 30, 22);
    *right = bright_pixels(renderer, 770, top, 30, 22);
    intermission_destroy(overlay);
}

/* (0.4) language, font_paths and intermission_set_string. */
static void check_language(SDL_Renderer *renderer, const char *manifest)
{
    char error[512] = "";
    intermission_config config = deterministic_config(manifest, "", 1);
    intermission_config bad = config;
    bad.language = "not a tag";
    CHECK(intermission_create(renderer, &bad, error, sizeof error) == NULL && strstr(error, "config.language"));

    /* Arabic mirrors the banner: its label moves from the left corner to the right one. */
    int english_left, english_right, arabic_left, arabic_right;
    label_corners(renderer, manifest, "en", &english_left, &english_right);
    label_corners(renderer, manifest, "ar", &arabic_left, &arabic_right);
    CHECK(english_left > 10 && english_right == 0);
    CHECK(arabic_right > 10 && arabic_left == 0);

    /* A font that does not open is left out and told once; the one that opens draws. */
    struct text_seen seen = {0, ""};
    config.language = "ja";
    config.font_paths = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf:/nonexistent/font.ttf";
    config.on_event = on_text_event;
    config.user = &seen;
    intermission_overlay *overlay = intermission_create(renderer, &config, error, sizeof error);
    CHECK(overlay != NULL);
    if (!overlay) return;
    run(overlay, 0, 30);
    CHECK(seen.refused == 1 && strstr(seen.refused_json, "/nonexistent/font.ttf") != NULL);

    intermission_overlay *made_up = (intermission_overlay *)(size_t)0x1000;
    CHECK(intermission_set_string(NULL, "label.ad", "x") == INTERMISSION_ERROR_INVALID_HANDLE);
    CHECK(intermission_set_string(made_up, "label.ad", "x") == INTERMISSION_ERROR_INVALID_HANDLE);
    CHECK(intermission_set_string(overlay, "label.nothing", "x") == INTERMISSION_ERROR_UNKNOWN_KEY);
    CHECK(strstr(intermission_errmsg(overlay), "label.nothing") != NULL);
    CHECK(strcmp(intermission_result_string(INTERMISSION_ERROR_UNKNOWN_KEY), "unknown result code") != 0);
    CHECK(intermission_set_string(overlay, NULL, "x") == INTERMISSION_ERROR_INVALID_ARGUMENT);
    CHECK(intermission_set_string(overlay, "label.ad", NULL) == INTERMISSION_ERROR_INVALID_ARGUMENT);
    CHECK(intermission_set_string(overlay, "label.ad", "") == INTERMISSION_ERROR_INVALID_ARGUMENT);
    CHECK(intermission_set_string(overlay, "label.ad", "\xff\xfe") == INTERMISSION_ERROR_INVALID_ARGUMENT);
    CHECK(intermission_set_string(overlay, "label.ad", "bell\a") == INTERMISSION_ERROR_INVALID_ARGUMENT);
    char *huge = malloc(2000);
    CHECK(huge != NULL);
    if (huge) {
        memset(huge, 'A', 1999);
        huge[1999] = 0;
        CHECK(intermission_set_string(overlay, "label.ad", huge) == INTERMISSION_ERROR_INVALID_ARGUMENT);
        free(huge);
    }
    CHECK(intermission_set_string(overlay, "label.ad", "広告です") == INTERMISSION_OK);
    CHECK(strcmp(intermission_errmsg(overlay), "") == 0);
    CHECK(intermission_set_string(overlay, "status.rewardIn", "{seconds} 秒") == INTERMISSION_OK);
    run(overlay, 30, 30);
    intermission_destroy(overlay);
    CHECK(intermission_set_string(overlay, "label.ad", "x") == INTERMISSION_ERROR_INVALID_HANDLE);

    /* A caller compiled against 0.4 before its text fields: its struct ends where `language`
     * starts, on the heap at that size (AddressSanitizer sees any read past it), and it speaks
     * the language the environment chooses, with no fonts of its own. */
    size_t before_text = offsetof(intermission_config, language);
    intermission_config *older = malloc(before_text);
    CHECK(older != NULL);
    if (!older) return;
    intermission_config fresh = deterministic_config(manifest, "", 1);
    memcpy(older, &fresh, before_text);
    older->size = before_text;
    overlay = intermission_create(renderer, older, error, sizeof error);
    CHECK(overlay != NULL);
    if (!overlay) fprintf(stderr, "create from a config without the text fields: %s\n", error);
    run(overlay, 0, 80);
    CHECK(intermission_banner_visible(overlay) == 1);
    intermission_destroy(overlay);
    free(older);
}

/* (0.5) The overlay for any engine: a surface overlay made from a 0.4-sized config (on the heap at
 * that size, so that AddressSanitizer sees any read of `on_input`), its pixels, plain input, bad
 * calls, the wrong kind, and the 0.5 calls on NULL and destroyed handles. */
static void check_surface(SDL_Renderer *renderer, const char *manifest)
{
    char error[512] = "";
    size_t before_input = offsetof(intermission_config, on_input);
    intermission_config *older = malloc(before_input);
    CHECK(older != NULL);
    if (!older) return;
    intermission_config fresh = deterministic_config(manifest, "", 1);
    memcpy(older, &fresh, before_input);
    older->size = before_input;
    intermission_overlay *overlay = intermission_create_surface(800, 600, 1.25, older, error, sizeof error);
    free(older);
    CHECK(overlay != NULL);
    if (!overlay) {
        fprintf(stderr, "create a surface from a 0.4 config: %s\n", error);
        return;
    }
    run(overlay, 0, 80);
    const unsigned char *pixels = NULL;
    int width = 0, height = 0, pitch = 0;
    intermission_rect dirty = {0, 0, 0, 0};
    CHECK(intermission_surface_pixels(overlay, &pixels, &width, &height, &pitch, &dirty) == INTERMISSION_OK);
    CHECK(pixels != NULL && width == 1000 && height == 750 && pitch >= width * 4);
    CHECK(dirty.x == 0 && dirty.y == 0 && dirty.w == 1000 && dirty.h == 750);
    if (pixels) CHECK(pixels[(size_t)(height - 20) * (size_t)pitch + (size_t)(width / 2) * 4 + 3] == 255);
    CHECK(intermission_surface_pixels(overlay, NULL, NULL, NULL, NULL, &dirty) == INTERMISSION_OK && dirty.w == 0);
    /* The banner takes its click, and the game stops; Escape closes the view. */
    CHECK(intermission_pointer_button(overlay, 400, 570, 1, 1) == 1);
    CHECK(intermission_pointer_button(overlay, 400, 570, 1, 0) == 1);
    run(overlay, 80, 2);
    CHECK(intermission_is_running(overlay) == 0);
    CHECK(intermission_key(overlay, INTERMISSION_KEY_ESCAPE, 1) == 1);
    run(overlay, 82, 2);
    CHECK(intermission_is_running(overlay) == 1);
    CHECK(intermission_pointer_button(overlay, 100, 100, 1, 1) == 0);
    CHECK(intermission_gamepad_button(overlay, INTERMISSION_GAMEPAD_A, 1) == 0);
    CHECK(intermission_gamepad_button(overlay, INTERMISSION_GAMEPAD_RIGHT_SHOULDER, 1) == 0);
    CHECK(intermission_gamepad_button(overlay, INTERMISSION_GAMEPAD_LEFT_SHOULDER, 0) == 0);
    CHECK(intermission_wheel(overlay, 0, 1) == 0);
    CHECK(intermission_window_state(overlay, 1, 1) == 0);
    /* Bad numbers change nothing; an SDL event is not a surface's. */
    CHECK(intermission_pointer_move(overlay, NAN, 1) == INTERMISSION_ERROR_INVALID_ARGUMENT);
    CHECK(intermission_resize(overlay, 20000, 10, 1) == INTERMISSION_ERROR_INVALID_ARGUMENT);
    CHECK(intermission_resize(overlay, 800, 600, 9) == INTERMISSION_ERROR_INVALID_ARGUMENT);
    CHECK(intermission_resize(overlay, 640, 480, 1.5) == INTERMISSION_OK);
    CHECK(intermission_surface_pixels(overlay, &pixels, &width, &height, &pitch, &dirty) == INTERMISSION_OK);
    CHECK(width == 960 && height == 720 && dirty.w == 960 && dirty.h == 720);
    SDL_Event click = button(SDL_MOUSEBUTTONDOWN, 400, 555);
    CHECK(intermission_handle_event(overlay, &click) == 0 && strlen(intermission_errmsg(overlay)) > 0);
    intermission_destroy(overlay);
    /* Destroyed and NULL handles, and a renderer overlay asked for pixels. */
    CHECK(intermission_surface_pixels(overlay, &pixels, NULL, NULL, NULL, NULL) == INTERMISSION_ERROR_INVALID_HANDLE);
    CHECK(intermission_key(NULL, INTERMISSION_KEY_ESCAPE, 1) == INTERMISSION_ERROR_INVALID_HANDLE);
    CHECK(intermission_gamepad_button(NULL, INTERMISSION_GAMEPAD_A, 1) == INTERMISSION_ERROR_INVALID_HANDLE);
    CHECK(intermission_resize(NULL, 10, 10, 1) == INTERMISSION_ERROR_INVALID_HANDLE);
    CHECK(intermission_window_state(NULL, 1, 1) == INTERMISSION_ERROR_INVALID_HANDLE);
    intermission_config config = deterministic_config(manifest, "", 1);
    intermission_overlay *on_renderer = intermission_create(renderer, &config, error, sizeof error);
    CHECK(on_renderer != NULL);
    CHECK(intermission_surface_pixels(on_renderer, &pixels, NULL, NULL, NULL, NULL) == INTERMISSION_ERROR_WRONG_KIND);
    CHECK(intermission_pointer_move(on_renderer, 1, 1) == INTERMISSION_ERROR_WRONG_KIND);
    intermission_destroy(on_renderer);
    CHECK(intermission_create_surface(0, 600, 1, &config, error, sizeof error) == NULL && strlen(error) > 0);
}

static void *call_from_other_thread(void *argument)
{
    struct thread_call *call = argument;
    call->update = intermission_update(call->overlay, 1.0);
    call->hold = intermission_hold(call->overlay, "user");
    call->running = intermission_is_running(call->overlay);
    intermission_destroy(call->overlay); /* ignored: not the overlay's thread */
    return NULL;
}

/* intermission_config after a char: the offset of `config` is the struct's alignment. */
struct config_alignment {
    char before;
    intermission_config config;
};

/* INTERMISSION_CONFIG_INIT (by position) and intermission_config_init (by name) give the same
 * defaults, field by field; NULL is ignored. */
static void check_config_defaults(void)
{
    intermission_config macro = INTERMISSION_CONFIG_INIT;
    intermission_config function;
    memset(&function, 0xA5, sizeof function);
    intermission_config_init(&function);
    intermission_config_init(NULL);
    CHECK(macro.size == sizeof(intermission_config) && function.size == macro.size);
    CHECK(function.manifest_path == macro.manifest_path);
    CHECK(function.refresh_interval == macro.refresh_interval && macro.refresh_interval == 30);
    CHECK(function.latency == macro.latency && macro.latency == 0.5);
    CHECK(function.click_cooldown == macro.click_cooldown && macro.click_cooldown == 0.5);
    CHECK(function.trace_path == macro.trace_path && macro.trace_path == NULL);
    CHECK(function.deterministic == macro.deterministic && macro.deterministic == 0);
    CHECK(function.script_path == macro.script_path && macro.script_path == NULL);
    CHECK(function.font_path == macro.font_path && macro.font_path == NULL);
    CHECK(function.on_pause == macro.on_pause && macro.on_pause == NULL);
    CHECK(function.on_resume == macro.on_resume && macro.on_resume == NULL);
    CHECK(function.on_event == macro.on_event && macro.on_event == NULL);
    CHECK(function.user == macro.user && macro.user == NULL);
    CHECK(function.ads_ca_path == macro.ads_ca_path && macro.ads_ca_path == NULL);
    CHECK(function.ads_timeout == macro.ads_timeout && macro.ads_timeout == 10);
    CHECK(function.fallback_manifest_path == macro.fallback_manifest_path && macro.fallback_manifest_path == NULL);
    CHECK(function.beacons_path == macro.beacons_path && macro.beacons_path == NULL);
    CHECK(function.on_reward == macro.on_reward && macro.on_reward == NULL);
    CHECK(function.reward_manual_ack == macro.reward_manual_ack && macro.reward_manual_ack == 0);
    CHECK(function.interstitial_session_delay == macro.interstitial_session_delay
          && macro.interstitial_session_delay == 30);
    CHECK(function.interstitial_interval == macro.interstitial_interval && macro.interstitial_interval == 60);
    CHECK(function.interstitials_per_hour == macro.interstitials_per_hour && macro.interstitials_per_hour == 6);
    CHECK(function.fullscreen_expiry == macro.fullscreen_expiry && macro.fullscreen_expiry == 3600);
    CHECK(function.language == macro.language && macro.language == NULL);
    CHECK(function.font_paths == macro.font_paths && macro.font_paths == NULL);
    CHECK(function.on_input == macro.on_input && macro.on_input == NULL);
    CHECK(function.consent_path == macro.consent_path && macro.consent_path == NULL);
    CHECK(function.consent_geography == macro.consent_geography && macro.consent_geography == NULL);
    /* Every field is listed above: the last one listed ends where the struct does, rounded up to
     * its alignment. A field appended to intermission_config fails this check until it is listed
     * above, with its default, and named here as the last field. */
    {
        size_t alignment = offsetof(struct config_alignment, config);
        size_t listed_end = offsetof(intermission_config, consent_geography) + sizeof macro.consent_geography;
        CHECK((listed_end + alignment - 1) / alignment * alignment == sizeof(intermission_config));
    }
    /* (0.6) The library's own intermission_config_init, which programs built against 0.4 and 0.5
     * call, writes 0.5's struct and no byte past it (on the heap at that size, under ASan); the
     * sized one writes as much as it is told. */
    size_t older_size = offsetof(intermission_config, consent_path);
    intermission_config *older = malloc(older_size);
    CHECK(older != NULL);
    if (older) {
        (intermission_config_init)(older);
        CHECK(older->size == older_size && older->refresh_interval == 30 && older->on_input == NULL);
        memset(older, 0xA5, older_size);
        intermission_config_init_size(older, older_size);
        CHECK(older->size == older_size && older->ads_timeout == 10 && older->font_paths == NULL);
        free(older);
    }
    intermission_config_init_size(NULL, sizeof(intermission_config));
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: contract MANIFEST_DIR FULLSCREEN_DIR\n");
        return 2;
    }
    char manifest[4096];
    snprintf(manifest, sizeof manifest, "%s/manifest.json", argv[1]);
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "offscreen");
    SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software");
    SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
    if (SDL_Init(SDL_INIT_VIDEO) != 0) return 1;
    SDL_Window *window = SDL_CreateWindow("contract", 0, 0, 800, 600, 0);
    SDL_Renderer *renderer = window ? SDL_CreateRenderer(window, -1, 0) : NULL;
    if (!renderer) return 1;

    /* The version: the header's macros agree with each other, and the library built from this
     * header says the same. */
    char expected[32];
    snprintf(expected, sizeof expected, "%d.%d.%d", INTERMISSION_VERSION_MAJOR, INTERMISSION_VERSION_MINOR,
             INTERMISSION_VERSION_PATCH);
    CHECK(strcmp(INTERMISSION_VERSION, expected) == 0);
    CHECK(strcmp(intermission_version(), INTERMISSION_VERSION) == 0);
    CHECK(INTERMISSION_VERSION_NUMBER
          == INTERMISSION_VERSION_MAJOR * 1000000 + INTERMISSION_VERSION_MINOR * 1000 + INTERMISSION_VERSION_PATCH);
    CHECK(intermission_version_number() == INTERMISSION_VERSION_NUMBER);
    check_config_defaults();
    CHECK(strcmp(intermission_result_string(INTERMISSION_ERROR_NOT_HELD), "not held") == 0);
    CHECK(strcmp(intermission_result_string(12345), "unknown result code") == 0);

    /* Creation failures: NULL, and a message that names what was wrong. */
    char error[256];
    intermission_config config = INTERMISSION_CONFIG_INIT;
    config.manifest_path = manifest;
    CHECK(intermission_create(NULL, &config, error, sizeof error) == NULL && strstr(error, "renderer"));
    CHECK(intermission_create(renderer, NULL, error, sizeof error) == NULL && strstr(error, "config is NULL"));
    intermission_config bad = config;
    bad.size = 8;
    CHECK(intermission_create(renderer, &bad, error, sizeof error) == NULL && strstr(error, "config.size is 8"));
    bad = config;
    bad.size = sizeof config + 8;
    CHECK(intermission_create(renderer, &bad, error, sizeof error) == NULL && strstr(error, "newer"));
    bad = config;
    bad.refresh_interval = NAN;
    CHECK(intermission_create(renderer, &bad, error, sizeof error) == NULL && strstr(error, "refresh_interval"));
    bad = config;
    bad.latency = -1;
    CHECK(intermission_create(renderer, &bad, error, sizeof error) == NULL && strstr(error, "latency"));
    bad = config;
    bad.manifest_path = "/nonexistent/manifest.json";
    CHECK(intermission_create(renderer, &bad, error, sizeof error) == NULL && strstr(error, "/nonexistent/manifest.json"));
    bad = config;
    bad.script_path = "/nonexistent/script.txt";
    CHECK(intermission_create(renderer, &bad, error, sizeof error) == NULL && strstr(error, "script_path"));
    bad = config;
    bad.trace_path = "/nonexistent/folder/trace.jsonl";
    CHECK(intermission_create(renderer, &bad, error, sizeof error) == NULL && strstr(error, "trace_path"));
    bad = config;
    bad.font_path = "/nonexistent/font.ttf";
    CHECK(intermission_create(renderer, &bad, error, sizeof error) == NULL && strstr(error, "font_path"));
    /* The fields appended in 0.3 are checked too. */
    bad = config;
    bad.ads_timeout = 0;
    CHECK(intermission_create(renderer, &bad, error, sizeof error) == NULL && strstr(error, "ads_timeout"));
    bad = config;
    bad.ads_timeout = NAN;
    CHECK(intermission_create(renderer, &bad, error, sizeof error) == NULL && strstr(error, "ads_timeout"));
    bad = config;
    bad.ads_ca_path = "/nonexistent/ca.pem";
    CHECK(intermission_create(renderer, &bad, error, sizeof error) == NULL && strstr(error, "ads_ca_path"));
    bad = config;
    bad.fallback_manifest_path = "/nonexistent/house/manifest.json";
    CHECK(intermission_create(renderer, &bad, error, sizeof error) == NULL && strstr(error, "fallback_manifest_path"));
    bad = config;
    bad.beacons_path = "/tmp";
    CHECK(intermission_create(renderer, &bad, error, sizeof error) == NULL && strstr(error, "beacons_path"));
    bad = config;
    bad.manifest_path = "ftp://127.0.0.1/manifest.json";
    CHECK(intermission_create(renderer, &bad, error, sizeof error) == NULL && strstr(error, "manifest_path"));
    /* "" turns beacons off; an http(s) manifest is taken (its loads happen later). */
    bad = config;
    bad.beacons_path = "";
    bad.manifest_path = "http://127.0.0.1:9/manifest.json";
    intermission_overlay *remote = intermission_create(renderer, &bad, error, sizeof error);
    CHECK(remote != NULL);
    intermission_destroy(remote);

    /* A caller compiled against 0.2: its smaller struct, on the heap at its own size (so that
     * AddressSanitizer sees any read past it), works unchanged with the defaults for the rest. */
    struct intermission_config_0_2 *old = malloc(sizeof *old);
    CHECK(old != NULL);
    memset(old, 0, sizeof *old);
    old->size = sizeof *old;
    old->manifest_path = manifest;
    old->refresh_interval = 30, old->latency = 0.5, old->click_cooldown = 0.5;
    old->deterministic = 1;
    struct seen old_seen;
    memset(&old_seen, 0, sizeof old_seen);
    old->on_pause = on_pause, old->on_resume = on_resume, old->user = &old_seen;
    intermission_overlay *from_old = intermission_create(renderer, (const intermission_config *)old, error, sizeof error);
    CHECK(from_old != NULL);
    if (!from_old) fprintf(stderr, "create from a 0.2 config: %s\n", error);
    for (int frame = 0; frame < 80; frame++) {
        CHECK(intermission_update(from_old, frame / 60.0) == INTERMISSION_OK);
        CHECK(intermission_draw(from_old) == INTERMISSION_OK);
    }
    CHECK(intermission_banner_visible(from_old) == 1);
    SDL_Event old_down = button(SDL_MOUSEBUTTONDOWN, 400, 555), old_up = button(SDL_MOUSEBUTTONUP, 400, 555);
    CHECK(intermission_handle_event(from_old, &old_down) == 1 && intermission_handle_event(from_old, &old_up) == 1);
    CHECK(old_seen.pauses == 1 && strcmp(old_seen.last_pause, "ad") == 0);
    intermission_destroy(from_old);
    free(old);

    /* A small buffer gets a cut, terminated message; a NULL or empty one gets nothing. */
    char small[8] = "xxxxxxx";
    CHECK(intermission_create(NULL, &config, small, sizeof small) == NULL && strlen(small) == 7);
    memset(small, 'x', sizeof small);
    CHECK(intermission_create(NULL, &config, small, 0) == NULL && small[0] == 'x');
    CHECK(intermission_create(NULL, &config, NULL, 100) == NULL);

    /* Bad calls on NULL and made-up handles. */
    intermission_overlay *made_up = (intermission_overlay *)(size_t)0x1000;
    SDL_Event click = button(SDL_MOUSEBUTTONDOWN, 400, 555);
    CHECK(intermission_update(NULL, 0) == INTERMISSION_ERROR_INVALID_HANDLE);
    CHECK(intermission_update(made_up, 0) == INTERMISSION_ERROR_INVALID_HANDLE);
    CHECK(intermission_draw(NULL) == INTERMISSION_ERROR_INVALID_HANDLE);
    CHECK(intermission_handle_event(NULL, &click) == 0);
    CHECK(intermission_bottom_inset(made_up) == 0);
    CHECK(intermission_banner_visible(NULL) == 0);
    CHECK(intermission_set_banner_allowed(NULL, 0) == INTERMISSION_ERROR_INVALID_HANDLE);
    CHECK(intermission_hold(NULL, "user") == INTERMISSION_ERROR_INVALID_HANDLE);
    CHECK(intermission_release(made_up, "user") == INTERMISSION_ERROR_INVALID_HANDLE);
    CHECK(intermission_is_held(NULL, "user") == INTERMISSION_ERROR_INVALID_HANDLE);
    CHECK(intermission_is_running(NULL) == INTERMISSION_ERROR_INVALID_HANDLE);
    CHECK(strstr(intermission_errmsg(NULL), "not a live overlay") != NULL);
    intermission_destroy(NULL);
    intermission_destroy(made_up);

    /* The pause bridge: callbacks only when the combined running state changes. */
    struct seen seen;
    memset(&seen, 0, sizeof seen);
    config.on_pause = on_pause;
    config.on_resume = on_resume;
    config.on_event = on_event;
    config.user = &seen;
    config.deterministic = 1;
    intermission_overlay *overlay = intermission_create(renderer, &config, error, sizeof error);
    CHECK(overlay != NULL);
    if (!overlay) fprintf(stderr, "create: %s\n", error);
    CHECK(intermission_is_running(overlay) == 1);
    CHECK(intermission_hold(overlay, "user") == INTERMISSION_OK);
    CHECK(seen.pauses == 1 && strcmp(seen.last_pause, "user") == 0);
    CHECK(intermission_hold(overlay, "user") == INTERMISSION_ERROR_ALREADY_HELD);
    CHECK(intermission_hold(overlay, "cut-scene_2.b") == INTERMISSION_OK);
    CHECK(seen.pauses == 1); /* already stopped: no second pause */
    CHECK(intermission_release(overlay, "user") == INTERMISSION_OK);
    CHECK(seen.resumes == 0 && intermission_is_running(overlay) == 0); /* the cut-scene still holds */
    CHECK(intermission_release(overlay, "user") == INTERMISSION_ERROR_NOT_HELD);
    CHECK(strstr(intermission_errmsg(overlay), "does not hold") != NULL);
    CHECK(intermission_release(overlay, "cut-scene_2.b") == INTERMISSION_OK);
    CHECK(seen.resumes == 1 && strcmp(seen.last_resume, "cut-scene_2.b") == 0);
    CHECK(intermission_is_running(overlay) == 1);
    CHECK(intermission_is_held(overlay, "user") == 0);
    /* Unknown reasons. */
    CHECK(intermission_hold(overlay, NULL) == INTERMISSION_ERROR_UNKNOWN_REASON);
    CHECK(intermission_hold(overlay, "") == INTERMISSION_ERROR_UNKNOWN_REASON);
    CHECK(intermission_hold(overlay, "ad") == INTERMISSION_ERROR_UNKNOWN_REASON);
    CHECK(strstr(intermission_errmsg(overlay), "overlay's own") != NULL);
    CHECK(intermission_release(overlay, "ad") == INTERMISSION_ERROR_UNKNOWN_REASON);
    CHECK(intermission_hold(overlay, "two words") == INTERMISSION_ERROR_UNKNOWN_REASON);
    CHECK(intermission_hold(overlay, "a-name-that-is-longer-than-32-characters") == INTERMISSION_ERROR_UNKNOWN_REASON);
    CHECK(intermission_is_held(overlay, "\x01") == INTERMISSION_ERROR_UNKNOWN_REASON);
    CHECK(intermission_is_held(overlay, "ad") == 0);
    CHECK(seen.pauses == 1 && seen.resumes == 1);
    /* Not finite times, NULL events. */
    CHECK(intermission_update(overlay, NAN) == INTERMISSION_ERROR_INVALID_ARGUMENT);
    CHECK(intermission_update(overlay, INFINITY) == INTERMISSION_ERROR_INVALID_ARGUMENT);
    CHECK(intermission_handle_event(overlay, NULL) == 0);

    /* The event callback: the trace's JSON, on this thread, inside update. */
    run(overlay, 0, 100); /* the first ad loads at 0.5 s, slides in, and is viewable for a second */
    CHECK(seen.events >= 3 && seen.impressions == 1);
    /* Right after the impression, what it earned: the house ad states no cpm. */
    CHECK(seen.revenues == 1 && strstr(seen.last_json, "\"event\":\"ad.revenue\"") != NULL);
    CHECK(strstr(seen.last_revenue_json, "\"event\":\"ad.revenue\",\"format\":\"banner\",\"id\":\"starfall\","
                                         "\"source\":\"manifest\",\"cpm\":0.000000,\"revenue\":\"0.000000\","
                                         "\"currency\":\"USD\",\"precision\":\"none\",\"eventID\":\"") != NULL);
    /* ... and the key to count it once: a UUID, 36 characters, the line's last field. */
    {
        const char *id = strstr(seen.last_revenue_json, "\"eventID\":\"");
        CHECK(id != NULL && strlen(id) == strlen("\"eventID\":\"") + 36 + 2 && id[strlen(id) - 1] == '}');
    }
    if (seen.revenues != 1) fprintf(stderr, "revenue: %d, %s\n", seen.revenues, seen.last_revenue_json);
    CHECK(intermission_banner_visible(overlay) == 1 && intermission_bottom_inset(overlay) > 0);
    /* Placement: the banner leaves, and takes no click. */
    CHECK(intermission_set_banner_allowed(overlay, 0) == INTERMISSION_OK);
    run(overlay, 100, 30);
    CHECK(intermission_banner_visible(overlay) == 0 && intermission_bottom_inset(overlay) == 0);
    CHECK(strstr(seen.last_banner_json, "\"event\":\"banner.hidden\",\"reason\":\"scene\"}") != NULL);
    /* Kept away, the banner is no longer viewable. */
    CHECK(strstr(seen.last_json, "\"event\":\"viewable.stop\",\"id\":\"starfall\",\"reason\":\"offscreen\"}") != NULL);
    CHECK(intermission_handle_event(overlay, &click) == 0);
    CHECK(intermission_set_banner_allowed(overlay, 1) == INTERMISSION_OK);
    run(overlay, 130, 60);
    /* A click in another window of the game is not the overlay's, wherever it lands. */
    SDL_Event elsewhere = button(SDL_MOUSEBUTTONDOWN, 400, 555);
    elsewhere.button.windowID = SDL_GetWindowID(window) + 1;
    CHECK(intermission_handle_event(overlay, &elsewhere) == 0);
    /* A click on the banner is the overlay's; the ad view holds "ad"; Escape closes it. */
    SDL_Event up = button(SDL_MOUSEBUTTONUP, 400, 555);
    CHECK(intermission_handle_event(overlay, &click) == 1);
    CHECK(intermission_handle_event(overlay, &up) == 1);
    CHECK(seen.pauses == 2 && strcmp(seen.last_pause, "ad") == 0);
    CHECK(intermission_is_held(overlay, "ad") == 1);
    SDL_Event p = key(SDLK_p);
    CHECK(intermission_handle_event(overlay, &p) == 1); /* the ad view is modal */
    SDL_Event escape = key(SDLK_ESCAPE);
    CHECK(intermission_handle_event(overlay, &escape) == 1);
    CHECK(seen.resumes == 2 && strcmp(seen.last_resume, "ad") == 0);
    /* Another thread is refused and changes nothing. */
    struct thread_call call = {overlay, 0, 0, 0};
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, call_from_other_thread, &call) == 0);
    pthread_join(thread, NULL);
    CHECK(call.update == INTERMISSION_ERROR_WRONG_THREAD && call.hold == INTERMISSION_ERROR_WRONG_THREAD);
    CHECK(call.running == INTERMISSION_ERROR_WRONG_THREAD);
    CHECK(intermission_is_running(overlay) == 1);
    /* Destroying with the ad view open releases the ad's hold: the game hears it resume. */
    run(overlay, 190, 60);
    CHECK(intermission_handle_event(overlay, &click) == 1);
    CHECK(intermission_handle_event(overlay, &up) == 1);
    CHECK(intermission_is_held(overlay, "ad") == 1 && seen.pauses == 3);
    intermission_destroy(overlay);
    CHECK(seen.resumes == 3);
    /* Every call after destroy is refused. */
    CHECK(intermission_update(overlay, 5) == INTERMISSION_ERROR_INVALID_HANDLE);
    CHECK(intermission_hold(overlay, "user") == INTERMISSION_ERROR_INVALID_HANDLE);
    CHECK(intermission_handle_event(overlay, &click) == 0);
    CHECK(intermission_draw(overlay) == INTERMISSION_ERROR_INVALID_HANDLE);
    intermission_destroy(overlay);

    /* A callback may destroy its own overlay. */
    memset(&seen, 0, sizeof seen);
    overlay = intermission_create(renderer, &config, error, sizeof error);
    seen.destroy_on_impression = overlay;
    run(overlay, 0, 120);
    CHECK(seen.impressions == 1);
    CHECK(intermission_is_running(overlay) == INTERMISSION_ERROR_INVALID_HANDLE);

    /* 100 overlays, one after another, each through a few frames and a click. */
    config.on_event = NULL;
    for (int i = 0; i < 100; i++) {
        overlay = intermission_create(renderer, &config, error, sizeof error);
        if (!overlay) {
            CHECK(overlay != NULL);
            break;
        }
        run(overlay, 0, 50);
        intermission_handle_event(overlay, &click);
        intermission_handle_event(overlay, &up);
        run(overlay, 50, 2);
        intermission_destroy(overlay);
    }

    check_fullscreen(renderer, argv[2]);
    check_video(renderer, argv[2]);
    check_consent(renderer, argv[2]);
    check_consent_engine(renderer, manifest);
    check_floor(renderer, argv[2]);
    check_language(renderer, manifest);
    check_surface(renderer, manifest);

    SDL_DestroyRenderer(renderer);
    SDL_DestroyWindow(window);
    SDL_Quit();
    if (failures) {
        fprintf(stderr, "contract: %d checks failed\n", failures);
        return 1;
    }
    printf("contract: every check passed\n");
    return 0;
}
