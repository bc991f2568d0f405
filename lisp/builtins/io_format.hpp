#pragma once
// Private to the io family: Java's String.format, which Clojure's format and printf use.
#include <span>
#include <string>
#include <string_view>

#include "ptc/lisp/context.hpp"
#include "ptc/lisp/value.hpp"

namespace ptc::lisp {

/// Formats args[1..] by the format string args[0] with Java's Formatter rules (%s %d %f %e %g
/// %x %o %c %b %% %n; flags - + space 0 , ( #; width; precision; n$ and < indexes). Errors
/// name `fn` and the offending argument by its position in the call.
std::string java_format(context& c, std::string_view fn, std::span<const value> args);

}  // namespace ptc::lisp
