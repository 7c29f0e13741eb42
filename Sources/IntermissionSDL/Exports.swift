// SDL's C API, with the very types Intermission's SDL calls use, for a game that imports
// IntermissionSDL: `SDL_Event`, `SDL_Window *` and `SDL_Renderer *` pass straight through.
@_exported import CSDL2
