// Reference counts of values that cross threads (issue 18). A run counts the objects it made
// itself without a locked instruction (object.hpp); everything else, such as input data made
// outside any run and the definitions an earlier run left, is counted atomically. These tests
// share such values between threads that run programs at the same time: a count updated
// without the locked instruction by two threads loses updates, which shows here as an object
// freed while still held (the sanitizer build reports it) or never freed.
#include <catch2/catch.hpp>

#include <atomic>
#include <thread>
#include <vector>

#include "ptc/lisp/json.hpp"
#include "tests/lisp/eval_helpers.hpp"

namespace lisp_shared_counts_test {

using namespace ptc::lisp;

/// What every thread's program does with the shared values: copies them into new collections
/// many times, keeps some copies in its own result and drops the rest.
constexpr const char* k_program =
    "(let [rows (mapv (fn [i] {:i i :row (nth data/rows (mod i 3)) :base base :tag data/tag}) (range 300))\n"
    "      kept (filterv #(even? (:i %)) rows)]\n"
    "  (def last-rows kept)\n"
    "  [(count kept) (:tag (first kept)) (count (:items base)) (get-in (peek kept) [:row :name])])";

TEST_CASE("PERF values shared between threads running programs keep exact counts") {
  run_options base_opts;
  const value data = from_json(nlohmann::json{
      {"tag", "shared-tag-longer-than-a-short-string"},
      {"rows", nlohmann::json::array({{{"name", "ann"}}, {{"name", "bob"}}, {{"name", "cy"}}})}});
  // A definition an earlier run made: its objects carry that run's budget id.
  run_result first = run("(def base {:items (vec (range 5)) :label (str \"label-\" 42)})", base_opts);
  REQUIRE(first.kind == outcome::value);
  memory_ptr mem = first.mem;
  const value base = mem->find("base")->val;

  constexpr int threads = 4;
  constexpr int runs_per_thread = 40;
  std::atomic<int> bad{0};
  std::vector<value> results[threads];
  {
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) {
      pool.emplace_back([&, t] {
        run_options o;
        o.data = data;
        o.mem = mem;
        for (int r = 0; r < runs_per_thread; ++r) {
          run_result res = run(k_program, o);
          if (res.kind != outcome::value ||
              pr_str(res.result) != "[150 \"shared-tag-longer-than-a-short-string\" 5 \"bob\"]") {
            ++bad;
          }
          // Results (with their memory) outlive their runs and are dropped later, by the main
          // thread, while the other threads still run.
          results[t].push_back(res.result);
          results[t].push_back(res.mem->find("last-rows")->val);
        }
      });
    }
    // Meanwhile this thread copies and drops the shared values too, outside any run.
    for (int i = 0; i < 20000; ++i) {
      value copy = data;
      value other = base;
      std::vector<value> some(3, copy);
    }
    for (auto& th : pool) th.join();
  }
  CHECK(bad == 0);
  for (auto& rs : results) rs.clear();
  first = run_result{};
  mem.reset();
  // Every copy is gone: the test's own references are the only ones left.
  CHECK(data.obj()->unique());
  CHECK(base.obj()->unique());
}

}  // namespace lisp_shared_counts_test
