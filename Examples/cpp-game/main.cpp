// A tiny C++ SDL game with its own loop and its own pause flag (P): a square crosses the window,
// and a click turns it. The lines marked INTERMISSION are the whole integration of the banner and
// its pause bridge, through intermission::Overlay, the RAII wrapper in intermission.hpp; the lines
// marked REWARDED add a rewarded ad on R (50 coins, exactly once, before the ad closes).
//
// Build:  c++ main.cpp $(pkg-config --cflags --libs intermission) -o cpp-game
// Or:     cmake -S . -B build -DCMAKE_PREFIX_PATH=PREFIX && cmake --build build   (CMakeLists.txt)
// usage:  cpp-game [--headless] [--frames N] [--script FILE] [--trace FILE]
//   --script replays input (Intermission's script format) through SDL's queue, for headless tests.
//   The ads are the sample ads installed with the library, or $INTERMISSION_ASSETS/ads/manifest.json.
// It prints what its own loop counted: frames, updates, clicks it received, whether it is paused, and
// the coins rewarded ads gave it.
#include <SDL.h>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <stdexcept>
#include <string>

#include <intermission.hpp>  // INTERMISSION

namespace {

constexpr int width = 800;
constexpr int height = 600;

struct Game {
    bool paused = false;
    long updates = 0;
    long clicks = 0;
    long long coins = 0;
    double x = 0;
};

struct Options {
    bool headless = false;
    long frames = -1;
    const char *script = nullptr;
    const char *trace = nullptr;
};

Options parse(int argc, char **argv)
{
    Options options;
    for (int i = 1; i < argc; i++) {
        std::string argument = argv[i];
        bool has_value = i + 1 < argc;
        if (argument == "--headless") options.headless = true;
        else if (argument == "--frames" && has_value) options.frames = std::atol(argv[++i]);
        else if (argument == "--script" && has_value) options.script = argv[++i];
        else if (argument == "--trace" && has_value) options.trace = argv[++i];
        else throw std::invalid_argument("usage: cpp-game [--headless] [--frames N] [--script F] [--trace F]");
    }
    return options;
}

/* The game on `renderer`: its loop, with the banner; prints what the loop counted. */
void play(SDL_Renderer *renderer, const Options &options)
{
    Game game;

    intermission_config config = INTERMISSION_CONFIG_INIT;  // INTERMISSION
    // For headless tests: the same events every run, frame for frame.
    config.trace_path = options.trace, config.script_path = options.script, config.deterministic = options.headless;  // INTERMISSION
    intermission::Overlay ads(renderer, config, {[&](const char *) { game.paused = true; }, [&](const char *) { game.paused = false; },  // INTERMISSION
                                                 nullptr, [&](const char *, long long amount, const char *) { game.coins += amount; }});  // REWARDED
    if (!ads) std::fprintf(stderr, "no ads: %s\n", ads.error());  // INTERMISSION: the game runs on without a banner

    // Loop
    bool running = true;
    long frame = 0;
    while (running && frame != options.frames) {
        ads.update(frame / 60.0);  // INTERMISSION: first in the frame, on the game's clock
        SDL_Event event;
        while (SDL_PollEvent(&event)) {
            if (ads.handle(event)) continue;  // INTERMISSION: the overlay's, not ours
            if (event.type == SDL_QUIT) running = false;
            if (event.type == SDL_KEYDOWN && event.key.keysym.sym == SDLK_p) ads.toggle("user");  // INTERMISSION: the player's pause
            if (event.type == SDL_KEYDOWN && event.key.keysym.sym == SDLK_r && ads.show_rewarded("bonus_coins") != 0)  // REWARDED: R
                std::fprintf(stderr, "no ad: %s\n", ads.errmsg());
            if (event.type == SDL_MOUSEBUTTONDOWN) game.clicks++;
        }
        // Update: the game's own, while nothing holds it.
        if (!game.paused) {
            game.updates++;
            game.x = game.x + 4 >= width ? 0 : game.x + 4;
        }
        // Draw: the game above the banner, then the banner.
        int bottom = height - static_cast<int>(ads.bottom_inset());  // INTERMISSION
        SDL_SetRenderDrawColor(renderer, 20, 27, 45, 255);
        SDL_RenderClear(renderer);
        SDL_SetRenderDrawColor(renderer, 255, 184, 77, 255);
        SDL_Rect square = {static_cast<int>(game.x), bottom / 2 - 20, 40, 40};
        SDL_RenderFillRect(renderer, &square);
        ads.draw();  // INTERMISSION
        SDL_RenderPresent(renderer);
        if (!options.headless) SDL_Delay(16);
        frame++;
    }

    std::printf("frames=%ld updates=%ld clicks=%ld paused=%d coins=%lld\n", frame, game.updates, game.clicks, game.paused ? 1 : 0,
                game.coins);
}

}  // namespace

int main(int argc, char **argv)
{
    // Initialization (the game's own)
    Options options;
    try {
        options = parse(argc, argv);
    } catch (const std::exception &error) {
        std::fprintf(stderr, "%s\n", error.what());
        return 2;
    }
    if (options.headless) {
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "offscreen");
        SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software");
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
    }
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        std::fprintf(stderr, "SDL_Init: %s\n", SDL_GetError());
        return 1;
    }
    SDL_Window *window = SDL_CreateWindow("C++ game", 100, 100, width, height, 0);
    SDL_Renderer *renderer = window ? SDL_CreateRenderer(window, -1, 0) : nullptr;
    if (!renderer) {
        std::fprintf(stderr, "SDL: %s\n", SDL_GetError());
        return 1;
    }
    play(renderer, options);

    // De-initialization: play() destroyed the overlay (ads) as it returned, before SDL's objects.
    SDL_DestroyRenderer(renderer);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return 0;
}
