// Inputs the fuzzer (examples/fuzz, config/fuzz.sh) found; each once crashed or leaked an
// internal message. They must end in a clean error.
#include <catch2/catch.hpp>

#include "ptc/lisp/run.hpp"

namespace lisp_fuzz_regressions_test {

using namespace ptc::lisp;

TEST_CASE("fuzz regressions end in clean errors", "[fuzz]") {
  struct regression {
    const char* program;
    const char* error;
  };
  const regression cases[] = {
      {"(#(%0))", "analysis: invalid argument %0 in #() (line 1, col 4). Use % or %1 to %20 for arguments, %& for the rest"},
      {"#(%99999999999)", "analysis: invalid argument %99999999999 in #() (line 1, col 3). Use % or %1 to %20 for arguments, %& for the rest"},
  };
  for (const auto& c : cases) {
    INFO(c.program);
    run_result r = run(c.program);
    REQUIRE(r.kind == outcome::error);
    CHECK(r.err->render() == c.error);
  }
}

}  // namespace lisp_fuzz_regressions_test
