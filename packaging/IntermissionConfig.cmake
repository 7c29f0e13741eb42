# Intermission's CMake package, installed by scripts/install-lib as
# PREFIX/lib/cmake/Intermission/IntermissionConfig.cmake. A game's CMakeLists.txt:
#
#   find_package(Intermission 0.5 CONFIG REQUIRED)
#   target_link_libraries(game PRIVATE Intermission::Intermission)
#
# Intermission::Intermission brings libintermission.so, the include path of intermission.h, SDL2's
# own target (SDL2::SDL2, from SDL2's CMake package) and a run path to the library, so that the game
# runs without LD_LIBRARY_PATH. Every path is computed from this file's own place, never written in:
# the installed tree can be moved or copied anywhere (as sdl2-config.cmake does on Debian).

get_filename_component(_intermission_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)

foreach(_intermission_file "${_intermission_prefix}/include/intermission.h" "${_intermission_prefix}/lib/libintermission.so")
  if(NOT EXISTS "${_intermission_file}")
    set(Intermission_FOUND FALSE)
    set(Intermission_NOT_FOUND_MESSAGE "${_intermission_file} is missing: install again with scripts/install-lib")
    unset(_intermission_file)
    unset(_intermission_prefix)
    return()
  endif()
endforeach()
unset(_intermission_file)

include(CMakeFindDependencyMacro)
find_dependency(SDL2 CONFIG)

if(NOT TARGET Intermission::Intermission)
  add_library(Intermission::Intermission SHARED IMPORTED)
  set_target_properties(Intermission::Intermission PROPERTIES
    IMPORTED_LOCATION "${_intermission_prefix}/lib/libintermission.so"
    # The library has no SONAME: linked as -lintermission, the game records its name, not a path.
    IMPORTED_NO_SONAME TRUE
    IMPORTED_LINK_INTERFACE_LANGUAGES "C"
    INTERFACE_INCLUDE_DIRECTORIES "${_intermission_prefix}/include"
    INTERFACE_LINK_LIBRARIES "SDL2::SDL2"
    INTERFACE_LINK_OPTIONS "LINKER:-rpath,${_intermission_prefix}/lib")
endif()

set(Intermission_INCLUDE_DIRS "${_intermission_prefix}/include")
set(Intermission_LIBRARIES Intermission::Intermission)
unset(_intermission_prefix)
