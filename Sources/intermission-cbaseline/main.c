// The C baseline for the benchmarks: the menu-and-banner frame that `intermission` shows, written
// as a C programmer would write it with SDL: straight to the window every frame (one clear to the
// background, then the drawing; opaque fills without blending, translucent ones blended), with the
// same fonts, text, creative and geometry.
//
// usage: intermission-cbaseline --font FILE --image FILE [--size WxH] [--frames N] [--skip N]
//                               [--window [--fps F] [--seconds S]]
//   headless (default): SDL's offscreen driver and software renderer, uncapped; prints the frames
//     per second of frames skip..N-1 (`--frames 1 --skip 0` measures start-up: it exits after the
//     first presented frame).
//   --window: a real window (DISPLAY), the renderer SDL picks as Intermission does (accelerated,
//     software as fallback), paced at F frames per second for S seconds, sleeping between frames.
#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <SDL2/SDL_ttf.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
  SDL_Texture *texture;
  int w, h;
} Text;

static Text make_text(SDL_Renderer *renderer, TTF_Font *font, const char *string) {
  SDL_Color white = {255, 255, 255, 255};
  SDL_Surface *surface = TTF_RenderUTF8_Blended(font, string, white);
  Text text = {SDL_CreateTextureFromSurface(renderer, surface), surface->w, surface->h};
  SDL_SetTextureBlendMode(text.texture, SDL_BLENDMODE_BLEND);
  SDL_FreeSurface(surface);
  return text;
}

static void fill(SDL_Renderer *r, float x, float y, float w, float h, Uint32 rgb, Uint8 a) {
  SDL_SetRenderDrawBlendMode(r, a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
  SDL_SetRenderDrawColor(r, (rgb >> 16) & 0xFF, (rgb >> 8) & 0xFF, rgb & 0xFF, a);
  SDL_FRect rect = {x, y, w, h};
  SDL_RenderFillRectF(r, &rect);
}

// Draws text centred (align 0) or leading (align -1) in a rectangle, vertically centred.
static void draw_text(SDL_Renderer *r, Text *t, float x, float y, float w, float h, Uint32 rgb, int align) {
  float tx = align == 0 ? roundf(x + w / 2 - t->w / 2.0f) : x;
  SDL_SetTextureColorMod(t->texture, (rgb >> 16) & 0xFF, (rgb >> 8) & 0xFF, rgb & 0xFF);
  SDL_FRect dst = {tx, roundf(y + h / 2 - t->h / 2.0f), (float)t->w, (float)t->h};
  SDL_RenderCopyF(r, t->texture, NULL, &dst);
}

static double now_seconds(void) {
  struct timespec spec;
  clock_gettime(CLOCK_MONOTONIC, &spec);
  return spec.tv_sec + spec.tv_nsec / 1e9;
}

static void sleep_until(double deadline) {
  struct timespec spec;
  spec.tv_sec = (time_t)deadline;
  spec.tv_nsec = (long)((deadline - (double)spec.tv_sec) * 1e9);
  while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &spec, NULL) != 0) {
  }
}

int main(int argc, char **argv) {
  const char *font_path = NULL, *image_path = NULL;
  int frames = 600, skip = 1, width = 960, height = 640, windowed = 0;
  double fps = 60, seconds = 10;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--font") && i + 1 < argc) font_path = argv[++i];
    else if (!strcmp(argv[i], "--image") && i + 1 < argc) image_path = argv[++i];
    else if (!strcmp(argv[i], "--frames") && i + 1 < argc) frames = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--skip") && i + 1 < argc) skip = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--size") && i + 1 < argc) sscanf(argv[++i], "%dx%d", &width, &height);
    else if (!strcmp(argv[i], "--window")) windowed = 1;
    else if (!strcmp(argv[i], "--fps") && i + 1 < argc) fps = atof(argv[++i]);
    else if (!strcmp(argv[i], "--seconds") && i + 1 < argc) seconds = atof(argv[++i]);
    else {
      fprintf(stderr, "usage: intermission-cbaseline --font FILE --image FILE [--size WxH] [--frames N] [--skip N] "
                      "[--window [--fps F] [--seconds S]]\n");
      return 2;
    }
  }
  if (!font_path || !image_path || skip < 0 || frames <= skip || fps <= 0 || seconds <= 0) {
    fprintf(stderr, "intermission-cbaseline: --font and --image are required, --frames more than --skip (>= 0)\n");
    return 2;
  }
  SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "1");
  if (!windowed) {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "offscreen");
    SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software");
    SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
  }
  if (SDL_Init(SDL_INIT_VIDEO) != 0 || TTF_Init() != 0) {
    fprintf(stderr, "intermission-cbaseline: %s\n", SDL_GetError());
    return 1;
  }
  SDL_Window *window = SDL_CreateWindow("baseline", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width, height,
                                        SDL_WINDOW_RESIZABLE);
  SDL_Renderer *r = NULL;
  if (window && windowed) r = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED);
  if (window && !r) r = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE);
  TTF_Font *title_font = TTF_OpenFont(font_path, 44), *heading = TTF_OpenFont(font_path, 24);
  TTF_Font *body = TTF_OpenFont(font_path, 18), *caption = TTF_OpenFont(font_path, 14);
  SDL_Surface *image_surface = IMG_Load(image_path);
  if (!window || !r || !title_font || !heading || !body || !caption || !image_surface) {
    fprintf(stderr, "intermission-cbaseline: %s\n", SDL_GetError());
    return 1;
  }
  // The creative, scaled once to the pixels it is drawn at.
  const float w = width, h = height;
  float banner_h = w >= 728 ? 90 : 50;
  float fit = fminf((w - 60) / image_surface->w, banner_h / image_surface->h);  // clear of the "Ad" label
  int scaled_w = (int)lroundf(image_surface->w * fit), scaled_h = (int)lroundf(image_surface->h * fit);
  SDL_Surface *argb = SDL_ConvertSurfaceFormat(image_surface, SDL_PIXELFORMAT_ARGB8888, 0);
  SDL_Surface *scaled = SDL_CreateRGBSurfaceWithFormat(0, scaled_w, scaled_h, 32, SDL_PIXELFORMAT_ARGB8888);
  SDL_SoftStretchLinear(argb, NULL, scaled, NULL);
  SDL_Texture *image = SDL_CreateTextureFromSurface(r, scaled);
  SDL_SetTextureBlendMode(image, SDL_BLENDMODE_BLEND);
  SDL_FreeSurface(scaled);
  SDL_FreeSurface(argb);
  SDL_FreeSurface(image_surface);

  Text title = make_text(r, title_font, "Intermission");
  Text subtitle = make_text(r, body, "a game loop host with an ad break");
  const char *labels[6] = {"Play", "Bonus: 0 coins", "Sound: On", "Credits", "Leaderboard", "Quit"};
  Text buttons[6];
  for (int i = 0; i < 6; i++) buttons[i] = make_text(r, heading, labels[i]);
  Text ad_label = make_text(r, caption, "Ad");

  double start = now_seconds(), next_frame = start, end = start + seconds;
  int drawn = 0;
  for (int frame = 0; windowed ? now_seconds() < end : frame < frames; frame++) {
    if (!windowed && frame == skip) start = now_seconds();  // time frames skip..N-1
    double elapsed = frame / (windowed ? fps : 60.0);
    SDL_Event event;
    while (SDL_PollEvent(&event)) {
      if (event.type == SDL_QUIT) return 0;
    }
    SDL_SetRenderDrawColor(r, 0x14, 0x1B, 0x2D, 255);
    SDL_RenderClear(r);
    // MenuLayout's regular layout: the title and subtitle clear of the pause button, the
    // decoration in its own band, six buttons.
    float free_bottom = h - banner_h - 8, side_inset = 68, text_w = w - 2 * side_inset;
    float title_y = fmaxf(16, free_bottom * 0.05f), subtitle_y = title_y + 58, band_y = subtitle_y + 34;
    float band_x = 24, band_w = w - 48, band_h = 28, side = 12;
    for (int i = 0; i < 12; i++) {
      double phase = elapsed * 0.12 + i / 12.0;
      float x = band_x + (phase - floor(phase)) * (band_w - side);
      double wave = sin(elapsed * 2 + i * 0.9);
      float y = band_y + band_h / 2 - side / 2 + wave * (band_h - side) / 2;
      Uint8 alpha = (Uint8)lround(255 * (0.35 + 0.65 * (1 + wave) / 2));
      fill(r, x, y, side, side, 0xFFB84D, alpha);
    }
    draw_text(r, &title, side_inset, title_y, text_w, 56, 0xF2F5FA, 0);
    draw_text(r, &subtitle, side_inset, subtitle_y, text_w, 26, 0x9AA8C4, 0);
    float bw = fminf(300, w - 40), full = 6 * 52 + 5 * 14;
    float top = fmaxf(band_y + band_h + 12, fminf(h * 0.36f, free_bottom - full));
    for (int i = 0; i < 6; i++) {
      float by = top + i * 66;
      fill(r, (w - bw) / 2, by, bw, 52, 0x2F6FDE, 255);
      draw_text(r, &buttons[i], (w - bw) / 2, by, bw, 52, 0xF2F5FA, 0);
    }
    // The pause button and its icon: two bars.
    fill(r, w - 60, 12, 48, 40, 0x2F6FDE, 255);
    float icon_x = roundf(w - 36 - 10), icon_y = 22;
    fill(r, icon_x + 2, icon_y, 6, 20, 0xF2F5FA, 255);
    fill(r, icon_x + 20 - 2 - 6, icon_y, 6, 20, 0xF2F5FA, 255);
    float banner_y = h - banner_h;
    fill(r, 0, banner_y, w, banner_h, 0x05070C, 255);
    SDL_FRect image_rect = {roundf(w / 2 - scaled_w / 2.0f), roundf(banner_y + banner_h / 2 - scaled_h / 2.0f),
                            (float)scaled_w, (float)scaled_h};
    SDL_RenderCopyF(r, image, NULL, &image_rect);
    fill(r, 0, banner_y, w, 1, 0xFFB84D, 255);
    draw_text(r, &ad_label, 6, banner_y + 2, 30, 18, 0xF2F5FA, -1);
    SDL_RenderPresent(r);
    drawn++;
    if (windowed) {
      next_frame += 1 / fps;
      double now = now_seconds();
      if (next_frame < now - 1 / fps) next_frame = now;
      sleep_until(next_frame);
    }
  }
  double elapsed = now_seconds() - start;
  int timed = windowed ? drawn : frames - skip;
  printf("frames=%d seconds=%.6f fps=%.1f\n", timed, elapsed, timed / elapsed);
  return 0;
}
