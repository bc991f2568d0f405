// Agents that leave a varied trace, offline (a scripted LLM): N "analyst" agents, each fetching
// three regions' sales at once (pmap over a C++ tool), then asking a "researcher" sub-agent and
// returning; every seventh fails on purpose. `ptc trace html` and the viewer's tests and
// figures (examples/trace_demo/figures.sh) use its traces.
//
//   ptc_trace_example --agents N --trace FILE.jsonl
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "ptc/actors/runtime.hpp"

using namespace ptc;
using json = nlohmann::ordered_json;

namespace {

std::optional<std::string> trace_demo_llm(const actors::llm_request& r) {
  auto code = [](const std::string& prose, const std::string& program) {
    return prose + "\n\n```clojure\n" + program + "\n```";
  };
  if (r.mission.find("Research") != std::string::npos) {
    return code("A short note is enough.", "(return (str \"notes on \" data/topic))");
  }
  const bool failing = r.mission.find("(case 3)") != std::string::npos;
  if (r.turn == 1) {
    return code("First the sales of every region, fetched at once.",
                "(def figures (pmap #(tool/sales {:region %}) [\"NA\" \"EMEA\" \"APAC\"]))\n"
                "(println \"totals\" (map :total figures))");
  }
  if (failing) return code("This region has no data I can use.", "(fail \"no usable data for this region\")");
  return code("Now the researcher's notes, then the answer.",
              "(return {:notes (tool/researcher {:topic data/region})\n"
              "         :total (reduce + (map :total figures))})");
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t agents = 3;
  std::string trace;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--agents") && i + 1 < argc) agents = std::strtoul(argv[++i], nullptr, 10);
    else if (!std::strcmp(argv[i], "--trace") && i + 1 < argc) trace = argv[++i];
    else {
      std::fprintf(stderr, "usage: ptc_trace_example --agents N --trace FILE.jsonl\n");
      return 2;
    }
  }
  if (trace.empty() || agents == 0) {
    std::fprintf(stderr, "usage: ptc_trace_example --agents N --trace FILE.jsonl\n");
    return 2;
  }
  actors::runtime_options opts = actors::runtime_options::from(config::defaults());
  opts.script = trace_demo_llm;
  opts.trace = trace;
  actors::runtime rt{opts};

  auto researcher = actors::agent("researcher")
      .mission("Research {{topic}}")
      .signature("(topic :string) -> :string");
  std::vector<actors::agent> all;
  const char* regions[] = {"NA", "EMEA", "APAC", "LATAM"};
  for (std::size_t i = 0; i < agents; ++i) {
    const std::string region = regions[i % 4];
    all.push_back(actors::agent("analyst-" + std::to_string(i + 1))
                      .mission("Summarise the sales of {{region}} (case " + std::to_string(i % 7) + ")")
                      .data({{"region", region}})
                      .tool("sales", "Sales of a region", "(region :string) -> {region :string, total :int}",
                            [](const json& args) {
                              const std::string r = args.at("region").get<std::string>();
                              return json{{"region", r}, {"total", static_cast<int>(r.size()) * 1000 + 17}};
                            })
                      .tool(researcher)
                      .compress());
  }
  std::size_t ok = 0, failed = 0;
  for (const auto& s : rt.run_all(all)) (s.ok() ? ok : failed) += 1;
  rt.flush_trace();
  std::printf("%zu agents: %zu returned, %zu failed; trace in %s\n", agents, ok, failed, trace.c_str());
  const std::size_t expected_failures = agents / 7 + (agents % 7 > 3 ? 1 : 0);
  return failed == expected_failures ? 0 : 1;
}
