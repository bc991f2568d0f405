// A program outside ptc's source tree, built against an installed ptc (README "Use ptc from your
// project"): it defines a C++ tool, runs an agent whose LLM is scripted (offline, no API key),
// and prints the agent's result.
//
//   CMake:       see CMakeLists.txt beside this file
//   pkg-config:  g++ -std=c++20 main.cpp -o consumer $(pkg-config --cflags --libs ptc)
#include <cstdio>
#include <optional>
#include <string>

#include <ptc/ptc.hpp>

using namespace ptc;
using json = nlohmann::ordered_json;

int main() {
  actors::runtime_options options = actors::runtime_options::from(config::defaults());
  // What a model would write, turn by turn: look the rate up, then answer.
  options.script = [](const actors::llm_request& request) -> std::optional<std::string> {
    if (request.turn == 1) {
      return "```clojure\n(def fx (tool/rate {:from \"USD\" :to \"EUR\"}))\n"
             "(println \"rate\" (:rate fx))\n```";
    }
    return "```clojure\n(return {:amount (* data/amount (:rate fx)) :currency \"EUR\"})\n```";
  };
  actors::runtime runtime{options};

  int calls = 0;
  auto converter = actors::agent("converter")
      .mission("Convert {{amount}} USD to EUR")
      .signature("(amount :int) -> {amount :float, currency :string}")
      .data({{"amount", 120}})
      .tool("rate", "The exchange rate between two currencies", "(from :string, to :string) -> {rate :float}",
            [&calls](const json& args) {
              ++calls;
              const bool usd_eur = args.at("from") == "USD" && args.at("to") == "EUR";
              return json{{"rate", usd_eur ? 0.75 : 1.0}};
            });

  messages::step step = runtime.run(converter);
  if (!step.ok()) {
    std::fprintf(stderr, "consumer: the agent failed: %s\n", step.fail->message.c_str());
    return 1;
  }
  std::printf("ptc %s: converter returned %s after %zu turns and %d tool call(s)\n", PTC_VERSION,
              lisp::pr_str(*step.return_value).c_str(), step.turns.size(), calls);
  return 0;
}
