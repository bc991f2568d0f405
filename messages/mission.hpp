#pragma once
// Mission templates: `{{name}}` and dotted `{{a.b}}` placeholders (names [A-Za-z_][A-Za-z0-9_-]*,
// spaces inside the braces allowed) are filled from the agent's inputs. Strings are inserted
// as they are, numbers/booleans as JSON text, other values as compact JSON. A placeholder with
// no input is an error naming it: `mission placeholder {{user.name}} has no input "user.name"`.
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

namespace ptc::messages {

struct mission_error {
  std::string message;
  std::vector<std::string> missing;  ///< every missing placeholder name, in order
};

std::variant<std::string, mission_error> expand_mission(std::string_view tmpl,
                                                        const nlohmann::ordered_json& inputs);

/// The placeholder names in a template, in order, without duplicates.
std::vector<std::string> placeholders(std::string_view tmpl);

}  // namespace ptc::messages
