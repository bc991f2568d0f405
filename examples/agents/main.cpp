// The C++ API of the README, as a program that runs offline: a scripted LLM answers, a
// sub-agent is a tool of another agent, and many agents run at once.
//
//   build/release/examples/ptc_agents_example
#include <cstdio>
#include <string>
#include <vector>

#include "ptc/actors/runtime.hpp"
#include "ptc/lisp/printer.hpp"

using namespace ptc;
using json = nlohmann::ordered_json;

namespace {

/// What a model would answer, turn by turn, for each mission (offline stand-in for an LLM).
std::optional<std::string> scripted_llm(const actors::llm_request& r) {
  auto code = [](const std::string& program) { return "```clojure\n" + program + "\n```"; };
  if (r.mission.find("best-rated product") != std::string::npos) {
    if (r.turn == 1) return code("(def products (tool/search {:category data/category}))\n(println (count products) \"products\")");
    return code("(return (select-keys (last (sort-by :rating products)) [:name :rating]))");
  }
  if (r.mission.find("Compare") != std::string::npos) {
    return code("(return {:laptop (tool/researcher {:category \"laptops\"})\n"
                "         :phone (tool/researcher {:category \"phones\"})})");
  }
  if (r.mission.find("Square") != std::string::npos) return code("(return (* data/n data/n))");
  return std::nullopt;
}

json catalogue(const std::string& category) {
  if (category == "laptops") {
    return json::array({{{"name", "Aero 14"}, {"rating", 4.6}}, {{"name", "Book Pro"}, {"rating", 4.8}}});
  }
  return json::array({{{"name", "Pixel"}, {"rating", 4.5}}, {{"name", "Nova"}, {"rating", 4.1}}});
}

}  // namespace

int main() {
  actors::runtime_options opts = actors::runtime_options::from(config::defaults());
  opts.script = scripted_llm;
  actors::runtime rt{opts};

  auto researcher = actors::agent("researcher")
      .mission("Find the best-rated product in {{category}}")
      .signature("(category :string) -> {name :string, rating :float}")
      .tool("search", "Products of a category", "(category :string) -> [{name :string, rating :float}]",
            [](const json& args) { return catalogue(args.at("category").get<std::string>()); });
  auto boss = actors::agent("boss")
      .mission("Compare the best laptop and the best phone")
      .tool(researcher)
      .compress();

  messages::step s = rt.run(boss);
  if (!s.ok()) {
    std::fprintf(stderr, "failed: %s\n", s.fail->message.c_str());
    return 1;
  }
  std::printf("boss returned %s after %zu turn(s); its sub-agents ran %zu mission(s)\n",
              lisp::pr_str(*s.return_value).c_str(), s.turns.size(), s.turns[0]->children.size());

  std::vector<actors::agent> many;
  for (int i = 0; i < 100; ++i) many.push_back(actors::agent("sq" + std::to_string(i)).mission("Square data/n").data({{"n", i}}));
  long sum = 0;
  for (const auto& step : rt.run_all(many)) sum += step.ok() ? step.return_value->as_int() : -1'000'000;
  std::printf("100 agents at once: the sum of their squares is %ld\n", sum);
  return sum == 328'350 ? 0 : 1;
}
