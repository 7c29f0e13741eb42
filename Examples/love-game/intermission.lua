-- Intermission's C API for LuaJIT's FFI: the declarations of intermission.h that a game on pixels
-- uses (the header is the reference; the config struct is all of 0.5's, field for field), and the
-- library, loaded from $INTERMISSION_LIBRARY or by its name (libintermission.so on the loader's
-- path). Callbacks into Lua run inside intermission_update, intermission_draw, the input calls,
-- the full-screen shows and intermission_destroy: jit.off() the Lua functions that make those
-- calls, as LuaJIT asks of any C function that calls back.
local ffi = require("ffi")

ffi.cdef([[
typedef struct intermission_overlay intermission_overlay;
typedef void (*intermission_pause_fn)(const char *reason, void *user);
typedef void (*intermission_event_fn)(const char *event, const char *json, void *user);
typedef void (*intermission_reward_fn)(const char *type, long long amount, const char *transaction_id, void *user);
typedef struct intermission_input { int kind; double x, y; int code; int pressed; } intermission_input;
typedef void (*intermission_input_fn)(const intermission_input *input, void *user);
typedef struct intermission_config {
  size_t size;
  const char *manifest_path;
  double refresh_interval, latency, click_cooldown;
  const char *trace_path;
  int deterministic;
  const char *script_path, *font_path;
  intermission_pause_fn on_pause, on_resume;
  intermission_event_fn on_event;
  void *user;
  const char *ads_ca_path;
  double ads_timeout;
  const char *fallback_manifest_path, *beacons_path;
  intermission_reward_fn on_reward;
  int reward_manual_ack;
  double interstitial_session_delay, interstitial_interval;
  int interstitials_per_hour;
  double fullscreen_expiry;
  const char *language, *font_paths;
  intermission_input_fn on_input;
} intermission_config;
typedef struct intermission_rect { int x, y, w, h; } intermission_rect;
/* Not the header's: the out-parameters of intermission_surface_pixels, in one place. */
typedef struct intermission_surface_out {
  const unsigned char *pixels[1];
  int w[1], h[1], pitch[1];
  intermission_rect dirty[1];
} intermission_surface_out;
const char *intermission_version(void);
void intermission_config_init(intermission_config *config);
intermission_overlay *intermission_create_surface(int width, int height, double scale, const intermission_config *config,
                                                  char *error, size_t error_size);
void intermission_destroy(intermission_overlay *overlay);
int intermission_update(intermission_overlay *overlay, double host_time);
int intermission_draw(intermission_overlay *overlay);
int intermission_surface_pixels(intermission_overlay *overlay, const unsigned char **pixels, int *width, int *height,
                                int *pitch, intermission_rect *dirty);
int intermission_resize(intermission_overlay *overlay, int width, int height, double scale);
int intermission_pointer_move(intermission_overlay *overlay, double x, double y);
int intermission_pointer_button(intermission_overlay *overlay, double x, double y, int button, int pressed);
int intermission_wheel(intermission_overlay *overlay, double dx, double dy);
int intermission_key(intermission_overlay *overlay, int key, int pressed);
int intermission_window_state(intermission_overlay *overlay, int visible, int focused);
double intermission_bottom_inset(const intermission_overlay *overlay);
int intermission_hold(intermission_overlay *overlay, const char *reason);
int intermission_release(intermission_overlay *overlay, const char *reason);
int intermission_is_held(const intermission_overlay *overlay, const char *reason);
const char *intermission_errmsg(const intermission_overlay *overlay);
int intermission_show_interstitial(intermission_overlay *overlay, const char *placement);
int intermission_show_rewarded(intermission_overlay *overlay, const char *placement);
]])

local library = ffi.load(os.getenv("INTERMISSION_LIBRARY") or "intermission") -- INTERMISSION

-- LÖVE's key names as the overlay's INTERMISSION_KEY_* numbers; a game key passes as 100.
local keys = { escape = 1, ["return"] = 2, space = 3, tab = 4, up = 5, down = 6, left = 7, right = 8, appback = 9 } -- INTERMISSION

return {
  C = library,
  key = function(name) return keys[name] or 100 end, -- INTERMISSION
}
