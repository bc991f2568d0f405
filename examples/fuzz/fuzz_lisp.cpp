// libFuzzer target: arbitrary bytes as PTC-Lisp source, run under tight limits.
//
// The runtime promises that no program — however malformed, deep, slow or hungry — crashes the
// host: every failure is a PTC-Lisp error (parse, analysis, limit, ...). This target checks that
// promise with ASan and UBSan watching. Errors are expected and ignored; a crash, a sanitizer
// report, a leak or a hang (libFuzzer -timeout) is a finding.
//
// Build and run: bash config/fuzz.sh 60   (see that script for the seed corpus)
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string_view>

#include <nlohmann/json.hpp>

#include "ptc/lisp/json.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/run.hpp"

namespace {

using namespace ptc::lisp;

/// Limits small enough that libFuzzer can run thousands of inputs a second, and that a runaway
/// input ends quickly as a `limit` error.
limits fuzz_limits() {
  limits l;
  l.max_steps = 100'000;
  l.timeout_ms = 200;
  l.max_memory_bytes = 64ull << 20;
  l.max_depth = 200;
  l.max_print_chars = 500;
  l.max_output_bytes = 64 << 10;
  return l;
}

/// Built once: a little data (data/orders, data/user, ...) and two tools — one that answers
/// with its arguments and one that always fails, so both tool paths are reachable.
/// Deliberately never freed: values must not outlive the runtime's own statics, which a static
/// destroyed at exit would.
const run_options& fuzz_options() {
  static const run_options& opts = *[] {
    auto* op = new run_options;
    run_options& o = *op;
    o.lim = fuzz_limits();
    o.data = from_json(nlohmann::ordered_json::parse(R"({
      "orders": [
        {"id": 1, "customer": "c1", "status": "shipped", "amount": 12.5, "items": 3, "region": "EU"},
        {"id": 2, "customer": "c2", "status": "pending", "amount": 99.0, "items": 1, "region": "US"},
        {"id": 3, "customer": "c1", "status": "shipped", "amount": 7, "items": 2, "region": "EU"}
      ],
      "user": {"name": "Ada", "tags": ["admin", "ops"], "age": 36, "active": true, "manager": null},
      "text": "The quick brown fox jumps over the lazy dog",
      "n": 42
    })"));
    o.tools["echo"] = [](const nlohmann::ordered_json& args) { return args; };
    o.tools["boom"] = [](const nlohmann::ordered_json&) -> nlohmann::ordered_json {
      throw std::runtime_error("tool failed on purpose");
    };
    return op;
  }();
  return opts;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  // Programs from an LLM are short; long inputs only slow the search down.
  if (size > 4096) return -1;
  std::string_view source(reinterpret_cast<const char*>(bytes), size);

  run_result r = run(source, fuzz_options());

  // The renderers print whatever comes back: exercise the same paths.
  switch (r.kind) {
    case outcome::value:
    case outcome::returned:
    case outcome::failed: {
      std::string text = pr_str(r.result);
      std::string shown = format_truncated(r.result, 10, 80);
      std::string label = type_label(r.result);
      (void)text;
      (void)shown;
      (void)label;
      break;
    }
    case outcome::error:
      if (r.err) (void)r.err->render();
      break;
  }
  return 0;
}

// The builtin table and interned keywords are immortal by design (freed with the process), so
// LeakSanitizer's check at exit would list them; libFuzzer's per-input leak check still runs.
extern "C" const char* __lsan_default_options() { return "leak_check_at_exit=0"; }
