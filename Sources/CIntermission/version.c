// The functions of intermission.h that need no Swift: the version, the configuration's defaults,
// the result strings and the refusals' names.
#include "intermission.h"

#include <stddef.h>
#include <string.h>

const char *intermission_version(void) { return INTERMISSION_VERSION; }

int intermission_version_number(void) { return INTERMISSION_VERSION_NUMBER; }

// The defaults by name, the same as INTERMISSION_CONFIG_INIT's by position (the contract test
// compares them field by field, so a slot out of place in the macro shows).
static void fill_defaults(intermission_config *config)
{
    config->size = sizeof(intermission_config);
    config->manifest_path = NULL;
    config->refresh_interval = 30;
    config->latency = 0.5;
    config->click_cooldown = 0.5;
    config->trace_path = NULL;
    config->deterministic = 0;
    config->script_path = NULL;
    config->font_path = NULL;
    config->on_pause = NULL;
    config->on_resume = NULL;
    config->on_event = NULL;
    config->user = NULL;
    config->ads_ca_path = NULL;
    config->ads_timeout = 10;
    config->fallback_manifest_path = NULL;
    config->beacons_path = NULL;
    config->on_reward = NULL;
    config->reward_manual_ack = 0;
    config->interstitial_session_delay = 30;
    config->interstitial_interval = 60;
    config->interstitials_per_hour = 6;
    config->fullscreen_expiry = 3600;
    config->language = NULL;
    config->font_paths = NULL;
    config->on_input = NULL;
    config->consent_path = NULL;
    config->consent_geography = NULL;
}

void intermission_config_init_size(intermission_config *config, size_t size)
{
    if (!config || size < sizeof(size_t)) return;
    intermission_config defaults;
    fill_defaults(&defaults);
    memcpy(config, &defaults, size < sizeof defaults ? size : sizeof defaults);
    config->size = size;
}

// The symbol programs built against the 0.4 and 0.5 headers call: 0.5's fields only (the
// parentheses keep the header's macro of the same name out).
void(intermission_config_init)(intermission_config *config)
{
    intermission_config_init_size(config, offsetof(intermission_config, consent_path));
}

const char *intermission_result_string(int result)
{
    switch (result) {
    case INTERMISSION_OK: return "ok";
    case INTERMISSION_ERROR_INVALID_HANDLE: return "invalid handle (NULL, destroyed, or not an overlay)";
    case INTERMISSION_ERROR_INVALID_ARGUMENT: return "invalid argument (NULL, or a number that is not finite)";
    case INTERMISSION_ERROR_UNKNOWN_REASON: return "unknown pause reason";
    case INTERMISSION_ERROR_NOT_HELD: return "not held";
    case INTERMISSION_ERROR_ALREADY_HELD: return "already held";
    case INTERMISSION_ERROR_WRONG_THREAD: return "called from a thread other than the overlay's";
    case INTERMISSION_ERROR_SDL: return "SDL failed";
    case INTERMISSION_ERROR_UNKNOWN_TRANSACTION: return "no pending reward has that transaction id";
    case INTERMISSION_ERROR_UNKNOWN_KEY: return "not the key of one of the overlay's strings";
    case INTERMISSION_ERROR_WRONG_KIND: return "a surface call on a renderer overlay, or the reverse";
    case INTERMISSION_REFUSED_NOT_READY: return "refused: no ad ready";
    case INTERMISSION_REFUSED_EXPIRED: return "refused: the ad expired";
    case INTERMISSION_REFUSED_PACING: return "refused: pacing";
    case INTERMISSION_REFUSED_CAP: return "refused: the hourly cap";
    case INTERMISSION_REFUSED_SESSION_START: return "refused: too soon after the launch";
    case INTERMISSION_REFUSED_ALREADY_SHOWING: return "refused: an ad view is open";
    case INTERMISSION_REFUSED_WINDOW_HIDDEN: return "refused: the window is hidden";
    default: return "unknown result code";
    }
}

const char *intermission_refusal_name(int code)
{
    switch (code) {
    case INTERMISSION_REFUSED_NOT_READY: return "notReady";
    case INTERMISSION_REFUSED_EXPIRED: return "expired";
    case INTERMISSION_REFUSED_PACING: return "pacing";
    case INTERMISSION_REFUSED_CAP: return "cap";
    case INTERMISSION_REFUSED_SESSION_START: return "sessionStart";
    case INTERMISSION_REFUSED_ALREADY_SHOWING: return "alreadyShowing";
    case INTERMISSION_REFUSED_WINDOW_HIDDEN: return "windowHidden";
    default: return NULL;
    }
}
