# CAF 0.17 from Debian's libcaf-dev ships no CMake configuration: its imported targets CAF::core
# and CAF::io are made here, for ptc's own build and for ptcConfig.cmake (installed beside it).
if(NOT TARGET CAF::core)
  find_package(Threads REQUIRED)
  find_path(PTC_CAF_INCLUDE_DIR caf/all.hpp)
  find_library(PTC_CAF_CORE_LIBRARY NAMES caf_core)
  find_library(PTC_CAF_IO_LIBRARY NAMES caf_io)
  if(NOT PTC_CAF_INCLUDE_DIR OR NOT PTC_CAF_CORE_LIBRARY OR NOT PTC_CAF_IO_LIBRARY)
    set(PTC_CAF_FOUND FALSE)
    return()
  endif()
  add_library(CAF::core SHARED IMPORTED)
  set_target_properties(CAF::core PROPERTIES IMPORTED_LOCATION "${PTC_CAF_CORE_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${PTC_CAF_INCLUDE_DIR}" INTERFACE_LINK_LIBRARIES Threads::Threads)
  add_library(CAF::io SHARED IMPORTED)
  set_target_properties(CAF::io PROPERTIES IMPORTED_LOCATION "${PTC_CAF_IO_LIBRARY}"
    INTERFACE_LINK_LIBRARIES CAF::core)
endif()
set(PTC_CAF_FOUND TRUE)
