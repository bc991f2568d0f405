#include "ptc/lisp/suggest.hpp"

#include <algorithm>

#include "ptc/lisp/analyzer.hpp"
#include "ptc/lisp/builtin.hpp"

namespace ptc::lisp {

std::size_t edit_distance(std::string_view a, std::string_view b, std::size_t cap) {
  if (a.size() > b.size() + cap || b.size() > a.size() + cap) return cap + 1;
  std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    std::size_t row_min = cur[0];
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t sub = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, sub});
      row_min = std::min(row_min, cur[j]);
    }
    if (row_min > cap) return cap + 1;
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

std::string suggest_hint(std::string_view name, const std::vector<std::string>& extra_names) {
  std::vector<std::string> known = builtins().names();
  known.insert(known.end(), extra_names.begin(), extra_names.end());
  for (const auto& [form_name, _] : analyzer::special_forms()) {
    if (!form_name.empty() && form_name[0] != ' ') known.push_back(form_name);
  }

  if (name.find('_') != std::string_view::npos) {
    std::string hyphens(name);
    std::replace(hyphens.begin(), hyphens.end(), '_', '-');
    if (std::find(known.begin(), known.end(), hyphens) != known.end()) {
      return "Use hyphens, not underscores: " + hyphens;
    }
  }
  // Names without a namespace match unqualified builtins and the last part of qualified ones.
  const std::size_t cap = name.size() <= 3 ? 1 : name.size() <= 6 ? 2 : 3;
  std::vector<std::pair<std::size_t, std::string>> scored;
  for (const auto& k : known) {
    if (k == name) continue;
    std::size_t d = edit_distance(name, k, cap);
    if (d <= cap) scored.emplace_back(d, k);
  }
  std::sort(scored.begin(), scored.end());
  scored.erase(std::unique(scored.begin(), scored.end()), scored.end());
  if (scored.empty()) return {};
  std::string out = "Did you mean: ";
  for (std::size_t i = 0; i < scored.size() && i < 3; ++i) {
    if (i) out += ", ";
    out += scored[i].second;
  }
  return out;
}

}  // namespace ptc::lisp
