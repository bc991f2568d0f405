#pragma once
// Shared helpers for tests that run small programs.
#include <catch2/catch.hpp>

#include <initializer_list>
#include <string>
#include <string_view>

#include "ptc/lisp/error.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/run.hpp"

namespace ptc::lisp::testing {

/// The program's value as pr-str, or "error <kind>: <message>".
inline std::string ev(std::string_view src) {
  run_result r = run(src);
  if (r.err) return "error " + std::string(kind_name(r.err->kind)) + ": " + r.err->message;
  return pr_str(r.result);
}

/// The error kind of a program, or "ok".
inline std::string kind_of(std::string_view src) {
  run_result r = run(src);
  return r.err ? kind_name(r.err->kind) : "ok";
}

struct example {
  const char* src;
  const char* want;
};

/// Checks each program's ev() text.
inline void check_all(std::initializer_list<example> cases) {
  for (const example& e : cases) {
    INFO(e.src);
    CHECK(ev(e.src) == e.want);
  }
}

}  // namespace ptc::lisp::testing
