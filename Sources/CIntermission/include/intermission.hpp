/*
 * intermission.hpp: the C API of intermission.h with intermission::Overlay, an RAII wrapper, for a
 * C++11 SDL2 game. Include this header instead of intermission.h (it includes it).
 *
 *     intermission::Overlay ads(renderer, config, intermission::Overlay::Handlers(on_pause, on_resume));
 *     if (!ads) std::fprintf(stderr, "no ads: %s\n", ads.error());
 *     ...each frame: ads.update(seconds); if (!ads.handle(event)) game_handle(event); ads.draw();
 *
 * Everything intermission.h says of threads, callbacks and handles holds here.
 */
#ifndef INTERMISSION_HPP
#define INTERMISSION_HPP

#include "intermission.h"

#include <functional>
#include <string>
#include <utility>

namespace intermission {

/* An overlay that destroys itself at the end of its scope: move-only, made from a config and four
 * handlers. A failed creation leaves an empty wrapper (false as a bool, error() says why) on which
 * every call is a harmless no-op, so a game runs on without a banner and needs no checks. */
class Overlay {
public:
    /* The game's handlers; any may be empty. */
    struct Handlers {
        typedef std::function<void(const char *reason)> PauseHandler;
        typedef std::function<void(const char *event, const char *json)> EventHandler;
        typedef std::function<void(const char *type, long long amount, const char *transaction_id)> RewardHandler;
        typedef std::function<void(const intermission_input &input)> InputHandler;
        Handlers(PauseHandler on_pause = PauseHandler(), PauseHandler on_resume = PauseHandler(),
                 EventHandler on_event = EventHandler(), RewardHandler on_reward = RewardHandler(),
                 InputHandler on_input = InputHandler())
            : pause(std::move(on_pause)), resume(std::move(on_resume)), event(std::move(on_event)),
              reward(std::move(on_reward)), input(std::move(on_input)) {}
        PauseHandler pause;
        PauseHandler resume;
        EventHandler event;
        RewardHandler reward; /* (0.4) */
        InputHandler input;   /* (0.5) a surface overlay's scripted input for the game */
    };

    /* (0.5) The size of a surface overlay's window, in window coordinates, and its pixel scale. */
    struct Surface {
        int width;
        int height;
        double scale;
    };

    Overlay(SDL_Renderer *renderer, intermission_config config, Handlers handlers = Handlers())
        : handlers_(new Handlers(std::move(handlers)))
    {
        bind(config);
        char error[512] = "";
        overlay_ = intermission_create(renderer, &config, error, sizeof error);
        error_ = error;
    }
    /* (0.5) An overlay in pixels of its own, for any engine (intermission_create_surface). */
    Overlay(Surface surface, intermission_config config, Handlers handlers = Handlers())
        : handlers_(new Handlers(std::move(handlers)))
    {
        bind(config);
        char error[512] = "";
        overlay_ = intermission_create_surface(surface.width, surface.height, surface.scale, &config, error, sizeof error);
        error_ = error;
    }
    ~Overlay()
    {
        intermission_destroy(overlay_);
        delete handlers_;
    }
    Overlay(Overlay &&other) noexcept : overlay_(other.overlay_), handlers_(other.handlers_), error_(std::move(other.error_))
    {
        other.overlay_ = nullptr;
        other.handlers_ = nullptr;
    }
    Overlay &operator=(Overlay &&other) noexcept
    {
        std::swap(overlay_, other.overlay_);
        std::swap(handlers_, other.handlers_);
        std::swap(error_, other.error_);
        return *this;
    }
    Overlay(const Overlay &) = delete;
    Overlay &operator=(const Overlay &) = delete;

    /* Whether the overlay exists; if not, error() says why creation failed. */
    explicit operator bool() const { return overlay_ != nullptr; }
    const char *error() const { return error_.c_str(); }

    int update(double host_time) { return intermission_update(overlay_, host_time); }
    /* True when the overlay consumed the event: the game must ignore it. */
    bool handle(const SDL_Event &event) { return intermission_handle_event(overlay_, &event) == 1; }
    int draw() { return intermission_draw(overlay_); }
    /* (0.5) A surface overlay's pixels after the last draw, and what changed since the last call. */
    int pixels(const unsigned char **pixels, int *width, int *height, int *pitch, intermission_rect *dirty)
    {
        return intermission_surface_pixels(overlay_, pixels, width, height, pitch, dirty);
    }
    int resize(int width, int height, double scale) { return intermission_resize(overlay_, width, height, scale); }
    /* (0.5) Input as plain calls: true when the overlay took it (the game must not act on it). */
    bool pointer_move(double x, double y) { return intermission_pointer_move(overlay_, x, y) == 1; }
    bool pointer_button(double x, double y, int button, bool pressed)
    {
        return intermission_pointer_button(overlay_, x, y, button, pressed ? 1 : 0) == 1;
    }
    bool wheel(double dx, double dy) { return intermission_wheel(overlay_, dx, dy) == 1; }
    bool key(int key, bool pressed) { return intermission_key(overlay_, key, pressed ? 1 : 0) == 1; }
    bool gamepad_button(int button, bool pressed)
    {
        return intermission_gamepad_button(overlay_, button, pressed ? 1 : 0) == 1;
    }
    int window_state(bool visible, bool focused)
    {
        return intermission_window_state(overlay_, visible ? 1 : 0, focused ? 1 : 0);
    }
    double bottom_inset() const { return intermission_bottom_inset(overlay_); }
    bool banner_visible() const { return intermission_banner_visible(overlay_) == 1; }
    int set_banner_allowed(bool allowed) { return intermission_set_banner_allowed(overlay_, allowed ? 1 : 0); }
    int hold(const char *reason) { return intermission_hold(overlay_, reason); }
    int release(const char *reason) { return intermission_release(overlay_, reason); }
    bool is_held(const char *reason) const { return intermission_is_held(overlay_, reason) == 1; }
    bool is_running() const { return intermission_is_running(overlay_) == 1; }
    /* Holds `reason` if it does not hold, releases it if it does: a pause key. */
    int toggle(const char *reason) { return is_held(reason) ? release(reason) : hold(reason); }
    /* (0.4) Full-screen ads. */
    int fullscreen_ready(const char *format) { return intermission_fullscreen_ready(overlay_, format); }
    int show_interstitial(const char *placement) { return intermission_show_interstitial(overlay_, placement); }
    int show_rewarded(const char *placement) { return intermission_show_rewarded(overlay_, placement); }
    /* The name of a refusal code ("pacing"), or nullptr for another code. */
    static const char *refusal_name(int code) { return intermission_refusal_name(code); }
    int ack_reward(const char *transaction_id) { return intermission_ack_reward(overlay_, transaction_id); }
    int set_rewarded_cap(const char *placement, int per_hour)
    {
        return intermission_set_rewarded_cap(overlay_, placement, per_hour);
    }
    int set_consent(int gdpr, const char *tcf, const char *us_privacy, const char *gpp, const char *gpp_sid)
    {
        return intermission_set_consent(overlay_, gdpr, tcf, us_privacy, gpp, gpp_sid);
    }
    int set_string(const char *key, const char *text) { return intermission_set_string(overlay_, key, text); }
    int set_floor(const char *format, double cpm) { return intermission_set_floor(overlay_, format, cpm); }
    /* (0.6) Consent, with config.consent_path: INTERMISSION_CONSENT_*, whether ads may be requested,
     * an in-app key's value (nullptr when absent), forgetting the stored decision, and the privacy
     * options. */
    int consent_status() const { return intermission_consent_status(overlay_); }
    bool can_request_ads() const { return intermission_can_request_ads(overlay_) == 1; }
    const char *consent_value(const char *key) const { return intermission_consent_value(overlay_, key); }
    int reset_consent() { return intermission_reset_consent(overlay_); }
    int show_privacy_options() { return intermission_show_privacy_options(overlay_); }
    /* The last error's text, such as a refusal's reason ("pacing"). */
    const char *errmsg() const { return intermission_errmsg(overlay_); }
    intermission_overlay *get() const { return overlay_; }

private:
    /* Points the config's callbacks at the handlers. */
    void bind(intermission_config &config)
    {
        config.on_pause = [](const char *reason, void *user) {
            Handlers &h = *static_cast<Handlers *>(user);
            if (h.pause) h.pause(reason);
        };
        config.on_resume = [](const char *reason, void *user) {
            Handlers &h = *static_cast<Handlers *>(user);
            if (h.resume) h.resume(reason);
        };
        config.on_event = [](const char *event, const char *json, void *user) {
            Handlers &h = *static_cast<Handlers *>(user);
            if (h.event) h.event(event, json);
        };
        config.on_reward = [](const char *type, long long amount, const char *transaction_id, void *user) {
            Handlers &h = *static_cast<Handlers *>(user);
            if (h.reward) h.reward(type, amount, transaction_id);
        };
        config.on_input = [](const intermission_input *input, void *user) {
            Handlers &h = *static_cast<Handlers *>(user);
            if (h.input) h.input(*input);
        };
        config.user = handlers_;
    }

    intermission_overlay *overlay_ = nullptr;
    Handlers *handlers_ = nullptr;
    std::string error_;
};

} /* namespace intermission */

#endif /* INTERMISSION_HPP */
