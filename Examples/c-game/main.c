/*
 * A tiny C SDL game with its own loop and its own pause flag (P): a square crosses the window, and
 * a click turns it. The lines marked INTERMISSION are the whole integration of the banner and its
 * pause bridge; the lines marked REWARDED add a rewarded ad on R (50 coins, exactly once, before the
 * ad closes), held by the same pause.
 *
 * Build:  cc main.c $(pkg-config --cflags --libs intermission) -o c-game
 * Or:     meson setup build && meson compile -C build   (meson.build: dependency('intermission'))
 * usage:  c-game [--headless] [--frames N] [--script FILE] [--trace FILE] [--ads MANIFEST] [--beacons FILE] [--no-ads]
 *   --script replays input (Intermission's script format) through SDL's queue, for headless tests.
 *   The ads are the sample ads installed with the library, or $INTERMISSION_ASSETS/ads/manifest.json,
 *   or --ads: a manifest file or an http(s) URL of an ad server. --beacons: the queue of impression
 *   and click reports (default: $XDG_DATA_HOME/intermission/beacons.sqlite). --no-ads: the same game
 *   without the overlay, for the benchmark's comparison.
 * It prints what its own loop counted: frames, updates, clicks it received, whether it is paused, and
 * the coins rewarded ads gave it.
 */
#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <intermission.h> /* INTERMISSION */

enum { WIDTH = 800, HEIGHT = 600 };

struct game {
    int paused;
    long updates;
    long clicks;
    long long coins;
    double x;
};

static void on_pause(const char *reason, void *user) { (void)reason; ((struct game *)user)->paused = 1; }  /* INTERMISSION */
static void on_resume(const char *reason, void *user) { (void)reason; ((struct game *)user)->paused = 0; } /* INTERMISSION */
static void on_reward(const char *type, long long amount, const char *transaction_id, void *user)         /* REWARDED */
{ (void)type; (void)transaction_id; ((struct game *)user)->coins += amount; } /* once per reward, before the ad closes */

int main(int argc, char **argv)
{
    /* Initialization (the game's own) */
    int headless = 0;
    long frames = -1;
    const char *script = NULL, *trace = NULL, *manifest = NULL, *beacons = NULL;
    int with_ads = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--headless")) headless = 1;
        else if (!strcmp(argv[i], "--frames") && i + 1 < argc) frames = atol(argv[++i]);
        else if (!strcmp(argv[i], "--script") && i + 1 < argc) script = argv[++i];
        else if (!strcmp(argv[i], "--trace") && i + 1 < argc) trace = argv[++i];
        else if (!strcmp(argv[i], "--ads") && i + 1 < argc) manifest = argv[++i];
        else if (!strcmp(argv[i], "--beacons") && i + 1 < argc) beacons = argv[++i];
        else if (!strcmp(argv[i], "--no-ads")) with_ads = 0;
        else {
            fprintf(stderr, "usage: %s [--headless] [--frames N] [--script F] [--trace F] [--ads M] [--beacons F] [--no-ads]\n", argv[0]);
            return 2;
        }
    }
    if (headless) {
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "offscreen");
        SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software");
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
    }
    if (SDL_Init(SDL_INIT_VIDEO) != 0) { fprintf(stderr, "SDL_Init: %s\n", SDL_GetError()); return 1; }
    SDL_Window *window = SDL_CreateWindow("C game", 100, 100, WIDTH, HEIGHT, 0);
    SDL_Renderer *renderer = window ? SDL_CreateRenderer(window, -1, 0) : NULL;
    if (!renderer) { fprintf(stderr, "SDL: %s\n", SDL_GetError()); return 1; }
    struct game game = {0};

    intermission_config config = INTERMISSION_CONFIG_INIT;                                      /* INTERMISSION */
    config.on_pause = on_pause, config.on_resume = on_resume, config.user = &game;             /* INTERMISSION */
    /* For headless tests: the same events every run, frame for frame. */
    config.trace_path = trace, config.script_path = script, config.deterministic = headless;    /* INTERMISSION */
    config.manifest_path = manifest, config.beacons_path = beacons; /* optional: NULL takes the defaults */
    config.on_reward = on_reward;                                                               /* REWARDED */
    char error[256];                                                                            /* INTERMISSION */
    intermission_overlay *ads = with_ads ? intermission_create(renderer, &config, error, sizeof error) : NULL; /* INTERMISSION */
    if (with_ads && !ads) fprintf(stderr, "no ads: %s\n", error); /* the game runs on without a banner */   /* INTERMISSION */

    /* Loop */
    int running = 1;
    long frame = 0;
    while (running && frame != frames) {
        intermission_update(ads, frame / 60.0); /* first in the frame, on the game's clock */  /* INTERMISSION */
        SDL_Event event;
        while (SDL_PollEvent(&event)) {
            if (intermission_handle_event(ads, &event)) continue; /* the overlay's, not ours */  /* INTERMISSION */
            if (event.type == SDL_QUIT) running = 0;
            if (event.type == SDL_KEYDOWN && event.key.keysym.sym == SDLK_p) /* the player's pause */
                intermission_is_held(ads, "user") == 1 ? intermission_release(ads, "user") : intermission_hold(ads, "user"); /* INTERMISSION */
            if (event.type == SDL_KEYDOWN && event.key.keysym.sym == SDLK_r) /* R: watch an ad for coins */
                if (intermission_show_rewarded(ads, "bonus_coins") != 0) fprintf(stderr, "no ad: %s\n", intermission_errmsg(ads)); /* REWARDED */
            if (event.type == SDL_MOUSEBUTTONDOWN) game.clicks++;
        }
        /* Update: the game's own, while nothing holds it. */
        if (!game.paused) {
            game.updates++;
            game.x = game.x + 4 >= WIDTH ? 0 : game.x + 4;
        }
        /* Draw: the game above the banner, then the banner. */
        int bottom = HEIGHT - (int)intermission_bottom_inset(ads);                                /* INTERMISSION */
        SDL_SetRenderDrawColor(renderer, 20, 27, 45, 255);
        SDL_RenderClear(renderer);
        SDL_SetRenderDrawColor(renderer, 255, 184, 77, 255);
        SDL_Rect square = {(int)game.x, bottom / 2 - 20, 40, 40};
        SDL_RenderFillRect(renderer, &square);
        intermission_draw(ads);                                                                   /* INTERMISSION */
        SDL_RenderPresent(renderer);
        if (!headless) SDL_Delay(16);
        frame++;
    }

    /* De-initialization */
    intermission_destroy(ads);                                                                    /* INTERMISSION */
    printf("frames=%ld updates=%ld clicks=%ld paused=%d coins=%lld\n", frame, game.updates, game.clicks, game.paused, game.coins);
    SDL_DestroyRenderer(renderer);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return 0;
}
