# cmake -DIN=<text file> -DOUT=<header> -DNAME=<identifier> -P embed_text.cmake
# Writes OUT with `inline constexpr std::string_view NAME`: the file's text as raw string
# literals (split in pieces of 16 KB, which every compiler takes; adjacent literals join).
file(READ "${IN}" text)
string(LENGTH "${text}" length)
set(body "")
set(offset 0)
while(offset LESS length)
  string(SUBSTRING "${text}" ${offset} 16000 piece)
  string(APPEND body "R\"PTC_EMBED(${piece})PTC_EMBED\"\n")
  math(EXPR offset "${offset} + 16000")
endwhile()
file(WRITE "${OUT}" "#pragma once
// Generated from ${IN} by cmake/embed_text.cmake: do not edit.
#include <string_view>
inline constexpr std::string_view ${NAME} =
${body};
")
