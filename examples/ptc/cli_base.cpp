#include "examples/ptc/cli_base.hpp"

#include <fstream>
#include <iostream>
#include <iterator>
#include <stdexcept>

#include "examples/demo/demo_data.hpp"
#include "ptc/lisp/json.hpp"

namespace ptc::cli {

std::vector<std::string> split_names(const std::string& csv) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : csv + ",") {
    if (c != ',') {
      if (c != ' ') cur += c;
      continue;
    }
    if (!cur.empty()) out.push_back(std::move(cur));
    cur.clear();
  }
  return out;
}

std::optional<nlohmann::ordered_json> read_json_object(const std::string& path, std::string& problem) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    problem = "cannot read " + path;
    return std::nullopt;
  }
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  auto j = lisp::parse_outside_json<nlohmann::ordered_json>(text);
  if (j.is_discarded() || !j.is_object()) {
    problem = lisp::json_too_deep(text) ? path + " " + lisp::too_deep_text()
                                        : path + " must hold a JSON object (its keys become data/KEY)";
    return std::nullopt;
  }
  return j;
}

std::optional<std::vector<demo::demo_tool>> tools_flag(std::shared_ptr<const nlohmann::ordered_json> data,
                                                       const std::string& names) {
  try {
    return demo::select_tools(demo::demo_tools(std::move(data)), split_names(names));
  } catch (const std::invalid_argument& e) {
    std::cerr << "Error: --tools: " << e.what() << "\n";
    return std::nullopt;
  }
}

std::optional<nlohmann::ordered_json> load_data(const std::string& file) {
  if (file.empty()) return demo::demo_data();
  std::string problem;
  auto j = read_json_object(file, problem);
  if (!j) std::cerr << "Error: --data: " << problem << "\n";
  return j;
}

}  // namespace ptc::cli
