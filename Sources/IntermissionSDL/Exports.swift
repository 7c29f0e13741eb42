// SDL's C API comes with the backend: its types (`SDL_Event`, `SDL_Window *`, `SDL_Renderer *`)
// pass straight through the backend's calls.
@_exported import CSDL2
