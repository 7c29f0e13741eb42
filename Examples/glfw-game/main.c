/*
 * A tiny C game on GLFW 3.3 and OpenGL, with no SDL of its own: a square crosses the window; each
 * crossing is a level, and the break between levels shows an interstitial ad; R shows a rewarded ad
 * for 50 coins; P is the player's pause; Q quits. The overlay draws into pixels it owns, and the game
 * uploads what changed into one OpenGL texture, drawn over the game. The lines marked INTERMISSION
 * are the whole integration: every line that calls the overlay, hands it the game's input (the keys'
 * names and the callbacks' registration included) or uploads its pixels (declarations aside). The lines marked TEXTURE
 * are the game's own OpenGL for one more texture (made at the surface's size, drawn over the window
 * premultiplied), as it draws any picture; PAUSE gives the player's pause to the overlay's holds;
 * BREAK and REWARDED add the two full-screen ads.
 *
 * Build:  cc main.c $(pkg-config --cflags --libs intermission glfw3 gl) -o glfw-game
 * Or:     cmake -S . -B build && cmake --build build   (find_package(Intermission 0.5), glfw3)
 * usage:  glfw-game [--trace FILE] [--ads MANIFEST] [--interstitial-delay SECONDS] [--capture FOLDER]
 *                  [--frame-log FILE] [--no-ads]
 *   --ads: a manifest file or an http(s) URL (default: the sample ads installed with the library, or
 *   $INTERMISSION_ASSETS/ads/manifest.json). --interstitial-delay: seconds before the first
 *   interstitial and between two (the library's defaults: 30 and 60). --capture: whenever FOLDER/request appears, the game
 *   writes the window's own framebuffer (glReadPixels) to FOLDER/frame.ppm, the overlay's surface
 *   to FOLDER/surface.pam, and its counters to FOLDER/status, then removes the request: the tests'
 *   eyes. --frame-log: each frame's time at work (update, draw, upload, swap), in milliseconds, a
 *   line each, for the benchmark. --no-ads: the same game without the overlay, for comparison.
 *   It prints its counters when the window closes.
 */
#define _POSIX_C_SOURCE 200809L /* access() and unlink(), for the tests' capture folder */
#include <GLFW/glfw3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <intermission.h> /* INTERMISSION */

struct game {
    int paused, level;
    long frames, updates;
    long long coins;
    double x;
};

static intermission_overlay *ads;

static void on_pause(const char *reason, void *user) { (void)reason; ((struct game *)user)->paused = 1; }  /* INTERMISSION */
static void on_resume(const char *reason, void *user) { (void)reason; ((struct game *)user)->paused = 0; } /* INTERMISSION */
static void on_reward(const char *type, long long amount, const char *transaction_id, void *user)         /* REWARDED */
{ (void)type; (void)transaction_id; ((struct game *)user)->coins += amount; } /* once per reward, before the ad closes */

/* GLFW's input goes to the overlay first; what it takes (1) is not the game's. */
static void on_cursor(GLFWwindow *w, double x, double y) { (void)w; intermission_pointer_move(ads, x, y); } /* INTERMISSION */
static void on_button(GLFWwindow *w, int button, int action, int mods)
{
    double x, y;
    (void)mods;
    glfwGetCursorPos(w, &x, &y);
    intermission_pointer_button(ads, x, y, button + 1, action == GLFW_PRESS); /* INTERMISSION */
}
static void on_key(GLFWwindow *w, int key, int scancode, int action, int mods)
{
    /* Escape closes an ad and Return activates; any other key passes as itself (GLFW's are 32 or
     * more), taken only while an ad covers the window. */
    int code = key == GLFW_KEY_ESCAPE ? INTERMISSION_KEY_ESCAPE : key == GLFW_KEY_ENTER ? INTERMISSION_KEY_RETURN : key; /* INTERMISSION */
    (void)scancode, (void)mods;
    if (intermission_key(ads, code, action != GLFW_RELEASE) == 1 || action != GLFW_PRESS) return; /* INTERMISSION */
    if (key == GLFW_KEY_Q) glfwSetWindowShouldClose(w, GLFW_TRUE);
    if (key == GLFW_KEY_P) /* the player's pause: a hold of its own, which no ad releases */
        intermission_is_held(ads, "user") == 1 ? intermission_release(ads, "user") : intermission_hold(ads, "user"); /* PAUSE */
    if (key == GLFW_KEY_R && intermission_show_rewarded(ads, "bonus_coins") != 0)                          /* REWARDED */
        fprintf(stderr, "no rewarded ad: %s\n", intermission_errmsg(ads));
}

/* The test hook: FOLDER/request asks for the framebuffer, the surface and the counters. */
static void capture(const char *folder, const struct game *game, int width, int height)
{
    char path[4096], final_path[4096];
    snprintf(path, sizeof path, "%s/request", folder);
    if (access(path, F_OK) != 0) return;
    unsigned char *rgb = malloc((size_t)width * (size_t)height * 3);
    if (!rgb) return;
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, rgb); /* bottom row first */
    snprintf(path, sizeof path, "%s/frame.ppm", folder);
    FILE *file = fopen(path, "wb");
    if (file) {
        fprintf(file, "P6\n%d %d\n255\n", width, height);
        for (int row = height - 1; row >= 0; row--) fwrite(rgb + (size_t)row * (size_t)width * 3, 3, (size_t)width, file);
        fclose(file);
    }
    free(rgb);
    const unsigned char *pixels;
    int w, h, pitch;
    snprintf(path, sizeof path, "%s/surface.pam", folder);
    if (intermission_surface_pixels(ads, &pixels, &w, &h, &pitch, NULL) == INTERMISSION_OK && (file = fopen(path, "wb"))) {
        fprintf(file, "P7\nWIDTH %d\nHEIGHT %d\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n", w, h);
        for (int row = 0; row < h; row++) fwrite(pixels + (size_t)row * (size_t)pitch, 4, (size_t)w, file);
        fclose(file);
    }
    snprintf(path, sizeof path, "%s/status.tmp", folder);
    snprintf(final_path, sizeof final_path, "%s/status", folder);
    if ((file = fopen(path, "w"))) {
        fprintf(file, "frames=%ld updates=%ld level=%d paused=%d coins=%lld\n", game->frames, game->updates, game->level,
                game->paused, game->coins);
        fclose(file);
        rename(path, final_path);
    }
    snprintf(path, sizeof path, "%s/request", folder);
    unlink(path);
}

int main(int argc, char **argv)
{
    const char *trace = NULL, *manifest = NULL, *folder = NULL, *frame_log = NULL;
    double delay = -1;
    int with_ads = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--trace") && i + 1 < argc) trace = argv[++i];
        else if (!strcmp(argv[i], "--interstitial-delay") && i + 1 < argc) delay = atof(argv[++i]);
        else if (!strcmp(argv[i], "--ads") && i + 1 < argc) manifest = argv[++i];
        else if (!strcmp(argv[i], "--capture") && i + 1 < argc) folder = argv[++i];
        else if (!strcmp(argv[i], "--frame-log") && i + 1 < argc) frame_log = argv[++i];
        else if (!strcmp(argv[i], "--no-ads")) with_ads = 0;
        else {
            fprintf(stderr, "usage: %s [--trace F] [--ads M] [--interstitial-delay S] [--capture DIR] [--frame-log F] [--no-ads]\n", argv[0]);
            return 2;
        }
    }
    if (!glfwInit()) { fprintf(stderr, "GLFW could not start\n"); return 1; }
    GLFWwindow *window = glfwCreateWindow(800, 600, "GLFW game", NULL, NULL);
    if (!window) { fprintf(stderr, "GLFW could not open a window with OpenGL\n"); glfwTerminate(); return 1; }
    glfwMakeContextCurrent(window);
    glfwSwapInterval(1);
    struct game game = {0};
    glfwSetWindowUserPointer(window, &game);

    int width, height, pixel_width, pixel_height;
    glfwGetWindowSize(window, &width, &height);
    glfwGetFramebufferSize(window, &pixel_width, &pixel_height);
    int last_pixel_width = pixel_width;
    intermission_config config = INTERMISSION_CONFIG_INIT;                                       /* INTERMISSION */
    config.on_pause = on_pause, config.on_resume = on_resume, config.user = &game;              /* INTERMISSION */
    config.trace_path = trace, config.manifest_path = manifest; /* optional: NULL takes the defaults */
    if (delay >= 0) config.interstitial_session_delay = config.interstitial_interval = delay;    /* BREAK */
    config.on_reward = on_reward;                                                                /* REWARDED */
    char error[256];
    if (with_ads) ads = intermission_create_surface(width, height, (double)pixel_width / width, &config, error, sizeof error); /* INTERMISSION */
    if (with_ads && !ads) fprintf(stderr, "no ads: %s\n", error); /* the game runs on without them */ /* INTERMISSION */
    FILE *frame_times = frame_log ? fopen(frame_log, "w") : NULL;
    glfwSetCursorPosCallback(window, on_cursor), glfwSetMouseButtonCallback(window, on_button); /* INTERMISSION */
    glfwSetKeyCallback(window, on_key); /* the game's own keys too */

    /* The overlay's texture: the surface's size, premultiplied RGBA. */
    GLuint texture;                                                                               /* TEXTURE */
    glGenTextures(1, &texture);                                                                   /* TEXTURE */
    glBindTexture(GL_TEXTURE_2D, texture);                                                        /* TEXTURE */
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);                            /* TEXTURE */
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);                            /* TEXTURE */
    int texture_width = 0, texture_height = 0;                                                    /* TEXTURE */

    double next_frame = glfwGetTime();
    while (!glfwWindowShouldClose(window)) {
        /* 60 frames a second (a window without vsync too), waiting for events meanwhile. */
        double now;
        while ((now = glfwGetTime()) < next_frame) glfwWaitEventsTimeout(next_frame - now);
        next_frame = now - next_frame > 0.25 ? now + 1 / 60.0 : next_frame + 1 / 60.0;
        double frame_start = glfwGetTime();
        glfwPollEvents();
        int new_width, new_height;
        glfwGetWindowSize(window, &new_width, &new_height);
        glfwGetFramebufferSize(window, &pixel_width, &pixel_height);
        if ((new_width != width || new_height != height || pixel_width != last_pixel_width) && new_width > 0 && new_height > 0) {
            width = new_width, height = new_height, last_pixel_width = pixel_width;
            intermission_resize(ads, width, height, (double)pixel_width / width); /* a size refused keeps the last */ /* INTERMISSION */
        }
        intermission_window_state(ads, !glfwGetWindowAttrib(window, GLFW_ICONIFIED), glfwGetWindowAttrib(window, GLFW_FOCUSED)); /* INTERMISSION */
        intermission_update(ads, glfwGetTime()); /* first in the frame, on the game's clock */         /* INTERMISSION */

        /* Update: the game's own, while nothing holds it. A crossing ends a level: a natural break. */
        game.frames++;
        if (!game.paused) {
            game.updates++;
            if ((game.x += 2) >= width) {
                game.x = 0, game.level++;
                intermission_show_interstitial(ads, "level_end"); /* shown when one is ready, else nothing */ /* BREAK */
            }
        }

        /* Draw: the game above the banner, then the overlay's pixels over it. */
        glViewport(0, 0, pixel_width, pixel_height);
        glMatrixMode(GL_PROJECTION);
        glLoadIdentity();
        glOrtho(0, width, height, 0, -1, 1);
        glClearColor(20 / 255.0f, 27 / 255.0f, 45 / 255.0f, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        double top = (height - intermission_bottom_inset(ads)) / 2 - 20;                           /* INTERMISSION */
        glDisable(GL_TEXTURE_2D);
        glDisable(GL_BLEND);
        glColor3ub(255, 184, 77);
        glRectd(game.x, top, game.x + 40, top + 40);

        const unsigned char *pixels;
        int w, h, pitch;
        intermission_rect dirty;
        if (intermission_draw(ads) == INTERMISSION_OK && intermission_surface_pixels(ads, &pixels, &w, &h, &pitch, &dirty) == INTERMISSION_OK) { /* INTERMISSION */
            glBindTexture(GL_TEXTURE_2D, texture);                                                /* TEXTURE */
            if (w != texture_width || h != texture_height) /* new size: a new texture, wholly dirty */ /* TEXTURE */
                glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, texture_width = w, texture_height = h, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL); /* TEXTURE */
            glPixelStorei(GL_UNPACK_ROW_LENGTH, pitch / 4); /* only what changed, from rows pitch bytes apart */   /* INTERMISSION */
            glTexSubImage2D(GL_TEXTURE_2D, 0, dirty.x, dirty.y, dirty.w, dirty.h, GL_RGBA, GL_UNSIGNED_BYTE, pixels + dirty.y * pitch + dirty.x * 4); /* INTERMISSION */
            glEnable(GL_TEXTURE_2D);                                                              /* TEXTURE */
            glEnable(GL_BLEND);                                                                   /* TEXTURE */
            glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA); /* the pixels are premultiplied */       /* TEXTURE */
            glColor4ub(255, 255, 255, 255);                                                       /* TEXTURE */
            glBegin(GL_QUADS);                                                                    /* TEXTURE */
            glTexCoord2i(0, 0), glVertex2i(0, 0), glTexCoord2i(1, 0), glVertex2i(width, 0);       /* TEXTURE */
            glTexCoord2i(1, 1), glVertex2i(width, height), glTexCoord2i(0, 1), glVertex2i(0, height); /* TEXTURE */
            glEnd();                                                                              /* TEXTURE */
        }
        if (folder) capture(folder, &game, pixel_width, pixel_height);
        glfwSwapBuffers(window);
        if (frame_times) fprintf(frame_times, "%.3f\n", (glfwGetTime() - frame_start) * 1000);
    }
    if (frame_times) fclose(frame_times);

    intermission_destroy(ads);                                                                     /* INTERMISSION */
    printf("frames=%ld updates=%ld level=%d paused=%d coins=%lld\n", game.frames, game.updates, game.level, game.paused,
           game.coins);
    glDeleteTextures(1, &texture);                                                                /* TEXTURE */
    glfwDestroyWindow(window);
    glfwTerminate();
    return 0;
}
