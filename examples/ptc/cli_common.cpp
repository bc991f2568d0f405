#include "examples/ptc/cli_common.hpp"

#include <fstream>

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
  auto j = nlohmann::ordered_json::parse(in, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    problem = path + " must hold a JSON object (its keys become data/KEY)";
    return std::nullopt;
  }
  return j;
}

}  // namespace ptc::cli
