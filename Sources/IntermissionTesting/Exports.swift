// One import for a game's tests: the runs, and the SDL backend, the overlay and the core that a
// test of a game with its own loop or of scenes names (`Scene`, `Trace`, `SDL_Event`, ...).
@_exported import Intermission
