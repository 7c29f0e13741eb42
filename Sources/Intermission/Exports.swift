// The one import for a Swift game: SDL's C API with the very types Intermission's SDL calls use
// (`SDL_Event`, `SDL_Window *` and `SDL_Renderer *` pass straight through), the SDL backend, the
// overlay and its pause bridge, the ads, consent, and the core and basics they stand on.
@_exported import CSDL2
@_exported import IntermissionAds
@_exported import IntermissionBasics
@_exported import IntermissionConsent
@_exported import IntermissionCore
@_exported import IntermissionOverlay
@_exported import IntermissionSDL
@_exported import IntermissionSurface
