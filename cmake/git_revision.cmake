# cmake -DSRC=<source dir> -DOUT=<header> -P git_revision.cmake
# Writes OUT with PTC_GIT_REVISION: the checkout's commit (12 hex digits, "-dirty" when tracked
# files differ from it), or "" when SRC is not the top of a git checkout (a source archive).
# The file is rewritten only when that changes, so a build recompiles nothing otherwise.
set(revision "")
execute_process(COMMAND git -C "${SRC}" rev-parse --show-toplevel
                OUTPUT_VARIABLE top RESULT_VARIABLE rc OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(rc EQUAL 0)
  file(REAL_PATH "${top}" top)
  file(REAL_PATH "${SRC}" src)
endif()
if(rc EQUAL 0 AND top STREQUAL src)
  execute_process(COMMAND git -C "${SRC}" rev-parse --short=12 HEAD
                  OUTPUT_VARIABLE revision RESULT_VARIABLE rc OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(rc EQUAL 0)
    execute_process(COMMAND git -C "${SRC}" status --porcelain --untracked-files=no
                    OUTPUT_VARIABLE changes ERROR_QUIET)
    if(changes)
      string(APPEND revision "-dirty")
    endif()
  else()
    set(revision "")
  endif()
endif()
file(CONFIGURE OUTPUT "${OUT}" CONTENT "#pragma once\n#define PTC_GIT_REVISION \"${revision}\"\n")
