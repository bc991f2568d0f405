#pragma once
// The missions of the offline demo (`ptc run` without an API key): questions about the demo
// data that examples/demo/demo_script.json holds a model's answers for. The script matches a
// mission by a phrase it contains, so these texts and the script's "match" strings go together.
#include <array>
#include <filesystem>
#include <string_view>

namespace ptc::demo {

struct demo_mission {
  std::string_view text;
  std::string_view signature;  ///< "" when the mission declares none
};

/// The mission `ptc run` runs when none is given: four turns (explore, an error and its fix,
/// the answer), with tool calls and a signature.
inline constexpr demo_mission default_mission{
    "Which region had the highest revenue from delivered orders in Q1 2025 (January to "
    "March)? For that region, give its three best product categories by revenue and the sales "
    "rep with the most revenue. Amounts in EUR, rounded to cents.",
    "{region :string, revenue :float, top_categories [{category :string, revenue :float}], "
    "top_rep {name :string, revenue :float}}"};

/// Every mission the scripted LLM can answer, the default first.
inline constexpr std::array<demo_mission, 3> scripted_missions{{
    default_mission,
    {"Which employees have pending expense claims totalling more than 500 EUR? Convert other "
     "currencies with the exchange-rate tool; list name, department, number of claims and the "
     "pending total in EUR, largest first.",
     ""},
    {"How many orders were cancelled or returned in each region?", ""},
}};

/// The scripted responses' file: share/ptc/demo_script.json beside an installed `ptc`
/// (bin/../share/ptc), else examples/demo/demo_script.json of the source tree it was built from.
inline std::filesystem::path script_path() {
  std::error_code ec;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    auto installed = exe.parent_path().parent_path() / "share" / "ptc" / "demo_script.json";
    if (std::filesystem::exists(installed, ec)) return installed;
  }
#ifdef PTC_DEMO_DIR
  return std::filesystem::path(PTC_DEMO_DIR) / "demo_script.json";
#else
  return "examples/demo/demo_script.json";
#endif
}

}  // namespace ptc::demo
