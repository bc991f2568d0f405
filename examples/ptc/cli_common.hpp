#pragma once
// Small pieces the `ptc` subcommands share.
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace ptc::cli {

/// "a, b,c" -> {"a", "b", "c"} (spaces dropped, empty names skipped).
std::vector<std::string> split_names(const std::string& csv);

/// The JSON object in `path`, or nullopt with `problem` saying why not.
std::optional<nlohmann::ordered_json> read_json_object(const std::string& path, std::string& problem);

}  // namespace ptc::cli
