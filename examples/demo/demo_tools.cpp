#include "examples/demo/demo_tools.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <utility>

namespace ptc::demo {
namespace {

using json = nlohmann::ordered_json;
using data_ptr = std::shared_ptr<const json>;

/// Reads a tool's arguments, failing with messages a program's author can act on: the tool,
/// the argument, what was expected and what came.
class arguments {
 public:
  arguments(std::string tool, const json& args, std::vector<std::string_view> known)
      : tool_(std::move(tool)), args_(args) {
    if (!args_.is_object()) fail("arguments must be a map");
    for (const auto& [key, _] : args_.items()) {
      if (std::find(known.begin(), known.end(), key) != known.end()) continue;
      std::string list;
      for (auto k : known) list += (list.empty() ? ":" : ", :") + std::string(k);
      fail("unknown argument :" + key + (known.empty() ? " (it takes none)" : " (arguments: " + list + ")"));
    }
  }

  std::optional<std::string> text(const std::string& key) const {
    const json* v = find(key);
    if (!v) return std::nullopt;
    if (!v->is_string()) fail(":" + key + " must be a string, got " + v->dump());
    return v->get<std::string>();
  }
  std::string required_text(const std::string& key) const {
    auto v = text(key);
    if (!v) fail("missing argument :" + key);
    return *v;
  }
  std::optional<long long> integer(const std::string& key) const {
    const json* v = find(key);
    if (!v) return std::nullopt;
    if (!v->is_number_integer()) fail(":" + key + " must be an integer, got " + v->dump());
    return v->get<long long>();
  }
  long long required_integer(const std::string& key) const {
    auto v = integer(key);
    if (!v) fail("missing argument :" + key);
    return *v;
  }
  /// An ISO date ("2025-03-01"): those compare correctly as strings.
  std::optional<std::string> date(const std::string& key) const {
    auto v = text(key);
    if (!v) return v;
    const std::string& s = *v;
    const bool iso = s.size() == 10 && s[4] == '-' && s[7] == '-' &&
                     std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) || c == '-'; });
    if (!iso) fail(":" + key + " must be an ISO date like \"2025-03-01\", got \"" + s + "\"");
    return v;
  }

  [[noreturn]] void fail(const std::string& message) const {
    throw std::invalid_argument(tool_ + ": " + message);
  }

 private:
  const json* find(const std::string& key) const {
    auto it = args_.find(key);
    // nil means "not given", as it would for an optional Clojure argument.
    return it == args_.end() || it->is_null() ? nullptr : &*it;
  }

  std::string tool_;
  const json& args_;
};

const json& list_of(const json& data, const char* key) {
  static const json empty = json::array();
  auto it = data.find(key);
  return it != data.end() && it->is_array() ? *it : empty;
}

bool field_is(const json& row, const char* key, const std::optional<std::string>& want) {
  if (!want) return true;
  auto it = row.find(key);
  return it != row.end() && it->is_string() && it->get<std::string>() == *want;
}

json find_orders(const data_ptr& data, const json& args) {
  arguments a("find-orders", args, {"status", "region", "customer", "from", "to", "product_id"});
  auto status = a.text("status"), region = a.text("region"), customer = a.text("customer");
  auto from = a.date("from"), to = a.date("to");
  auto product = a.integer("product_id");
  json out = json::array();
  for (const auto& o : list_of(*data, "orders")) {
    if (!field_is(o, "status", status) || !field_is(o, "region", region) ||
        !field_is(o, "customer", customer))
      continue;
    const std::string date = o.value("date", "");
    if ((from && date < *from) || (to && date > *to)) continue;
    if (product && o.value("product_id", -1LL) != *product) continue;
    out.push_back(o);
  }
  return out;
}

json get_product(const data_ptr& data, const json& args) {
  arguments a("get-product", args, {"id"});
  const long long id = a.required_integer("id");
  for (const auto& p : list_of(*data, "products"))
    if (p.value("id", -1LL) == id) return p;
  a.fail("no product with id " + std::to_string(id));
}

json find_employees(const data_ptr& data, const json& args) {
  arguments a("find-employees", args, {"department", "office", "manager_id"});
  auto department = a.text("department"), office = a.text("office");
  auto manager = a.integer("manager_id");
  json out = json::array();
  for (const auto& e : list_of(*data, "employees")) {
    if (!field_is(e, "department", department) || !field_is(e, "office", office)) continue;
    if (manager && !(e.contains("manager_id") && e["manager_id"].is_number_integer() &&
                     e["manager_id"].get<long long>() == *manager))
      continue;
    out.push_back(e);
  }
  return out;
}

json employee_expenses(const data_ptr& data, const json& args) {
  arguments a("employee-expenses", args, {"employee_id", "status"});
  const long long id = a.required_integer("employee_id");
  auto status = a.text("status");
  const auto& employees = list_of(*data, "employees");
  if (std::none_of(employees.begin(), employees.end(),
                   [&](const json& e) { return e.value("id", -1LL) == id; }))
    a.fail("no employee with id " + std::to_string(id));
  json out = json::array();
  for (const auto& x : list_of(*data, "expenses"))
    if (x.value("employee_id", -1LL) == id && field_is(x, "status", status)) out.push_back(x);
  return out;
}

// Units of each currency per euro, fixed at the close of the data's period (2025-06-30) so
// that answers are reproducible.
constexpr std::array<std::pair<std::string_view, double>, 6> per_euro{{
    {"EUR", 1.0}, {"USD", 1.1720}, {"GBP", 0.8555}, {"SGD", 1.4935}, {"CHF", 0.9347}, {"JPY", 169.17},
}};

json exchange_rate(const json& args) {
  arguments a("exchange-rate", args, {"from", "to"});
  auto units = [&](const std::string& key) {
    std::string code = a.required_text(key);
    for (char& c : code) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    for (const auto& [name, rate] : per_euro)
      if (name == code) return std::pair{code, rate};
    std::string known;
    for (const auto& [name, _] : per_euro) known += (known.empty() ? "" : ", ") + std::string(name);
    a.fail("unknown currency \"" + code + "\" (known: " + known + ")");
  };
  auto [from, from_units] = units("from");
  auto [to, to_units] = units("to");
  const double rate = std::round(to_units / from_units * 1e6) / 1e6;
  return json{{"from", from}, {"to", to}, {"rate", rate}, {"date", "2025-06-30"}};
}

}  // namespace

std::vector<demo_tool> demo_tools(data_ptr data) {
  return {
      {"find-orders",
       "Orders matching every filter given (all optional; dates inclusive, ISO). Totals in EUR.",
       "(status :string?, region :string?, customer :string?, from :string?, to :string?, "
       "product_id :int?) -> [{id :int, date :string, customer :string, region :string, "
       "product_id :int, quantity :int, total :float, status :string}]",
       [data](const json& args) { return find_orders(data, args); }},
      {"get-product", "One product by id", 
       "(id :int) -> {id :int, sku :string, name :string, category :string, price :float, "
       "supplier :string}",
       [data](const json& args) { return get_product(data, args); }},
      {"find-employees", "Employees matching every filter given (all optional)",
       "(department :string?, office :string?, manager_id :int?) -> [{id :int, name :string, "
       "department :string, title :string, office :string, manager_id :int?}]",
       [data](const json& args) { return find_employees(data, args); }},
      {"employee-expenses", "Expense claims of one employee, in the office's currency",
       "(employee_id :int, status :string?) -> [{id :int, date :string, category :string, "
       "amount :float, currency :string, status :string}]",
       [data](const json& args) { return employee_expenses(data, args); }},
      {"exchange-rate", "Units of `to` per unit of `from` (EUR, USD, GBP, SGD, CHF, JPY)",
       "(from :string, to :string) -> {rate :float}",
       [](const json& args) { return exchange_rate(args); }},
  };
}

std::vector<demo_tool> select_tools(const std::vector<demo_tool>& all,
                                    const std::vector<std::string>& names) {
  if (names.empty()) return all;
  std::vector<demo_tool> out;
  for (const auto& name : names) {
    auto it = std::find_if(all.begin(), all.end(), [&](const demo_tool& t) { return t.name == name; });
    if (it == all.end()) {
      std::string known;
      for (const auto& t : all) known += (known.empty() ? "" : ", ") + t.name;
      throw std::invalid_argument("unknown tool \"" + name + "\" (available: " + known + ")");
    }
    if (std::none_of(out.begin(), out.end(), [&](const demo_tool& t) { return t.name == name; }))
      out.push_back(*it);
  }
  return out;
}

}  // namespace ptc::demo
