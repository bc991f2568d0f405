#include "examples/demo/demo_data.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace ptc::demo {
namespace {

using json = nlohmann::ordered_json;

// splitmix64: tiny, fast and specified bit for bit, so the data does not depend on the standard
// library's distributions (whose algorithms differ between implementations).
class rng {
 public:
  explicit rng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  /// Uniform in [lo, hi] (the modulo bias is irrelevant at these ranges).
  int between(int lo, int hi) { return lo + static_cast<int>(next() % static_cast<std::uint64_t>(hi - lo + 1)); }
  /// True with probability percent / 100.
  bool chance(int percent) { return between(1, 100) <= percent; }
  template <class T, std::size_t N>
  const T& pick(const std::array<T, N>& items) { return items[next() % N]; }

 private:
  std::uint64_t state_;
};

double cents(double x) { return std::round(x * 100.0) / 100.0; }

/// "YYYY-MM-DD" for day `n` (0-based) of `year` (no leap-year data is generated before 2026,
/// but the rule is kept so other seeds and years stay correct).
std::string iso_date(int year, int n) {
  static constexpr std::array<int, 12> days{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  int month = 0;
  for (; month < 12; ++month) {
    const int len = days[static_cast<std::size_t>(month)] + (month == 1 && leap ? 1 : 0);
    if (n < len) break;
    n -= len;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", year, month + 1, n + 1);
  return buf;
}

struct product_row {
  std::string_view name, category, supplier;
  double price;
};

// Thirty products in five categories, with plausible list prices (EUR).
constexpr std::array<product_row, 30> catalogue{{
    {"Wireless Mouse", "Electronics", "Logitrade", 24.90},
    {"Mechanical Keyboard", "Electronics", "Logitrade", 89.00},
    {"27-inch 4K Monitor", "Electronics", "Visiontek", 379.00},
    {"USB-C Docking Station", "Electronics", "Visiontek", 149.50},
    {"Noise-Cancelling Headphones", "Electronics", "SoundCraft", 229.00},
    {"Conference Webcam", "Electronics", "Visiontek", 119.00},
    {"Standing Desk", "Furniture", "Nordform", 549.00},
    {"Ergonomic Office Chair", "Furniture", "Nordform", 429.00},
    {"Bookshelf, Oak", "Furniture", "Woodline", 189.00},
    {"Filing Cabinet", "Furniture", "Steelcase Supply", 159.00},
    {"Meeting Table", "Furniture", "Woodline", 899.00},
    {"Monitor Arm", "Furniture", "Nordform", 79.90},
    {"A4 Copy Paper, 5 reams", "Office Supplies", "PaperPoint", 21.50},
    {"Gel Pens, 12 pack", "Office Supplies", "PaperPoint", 8.90},
    {"Whiteboard 120x90", "Office Supplies", "OfficeHub", 64.00},
    {"Label Printer", "Office Supplies", "OfficeHub", 99.00},
    {"Desk Organizer", "Office Supplies", "OfficeHub", 18.50},
    {"Laminator", "Office Supplies", "PaperPoint", 45.00},
    {"Espresso Machine", "Kitchen", "Brewmaster", 649.00},
    {"Electric Kettle", "Kitchen", "Brewmaster", 39.90},
    {"Coffee Beans, 1 kg", "Kitchen", "Bean & Co", 24.00},
    {"Water Filter Jug", "Kitchen", "AquaPure", 29.50},
    {"Microwave Oven", "Kitchen", "Brewmaster", 139.00},
    {"Ceramic Mug Set", "Kitchen", "Bean & Co", 32.00},
    {"Outdoor Bench", "Outdoor", "Greenyard", 329.00},
    {"Patio Umbrella", "Outdoor", "Greenyard", 119.00},
    {"Planter Box", "Outdoor", "Greenyard", 69.00},
    {"Bike Rack", "Outdoor", "Steelcase Supply", 249.00},
    {"Picnic Table", "Outdoor", "Woodline", 459.00},
    {"Solar Path Lights, 6 pack", "Outdoor", "Greenyard", 49.90},
}};

struct office_row {
  std::string_view city, region, currency;
};
constexpr std::array<office_row, 5> offices{{
    {"Berlin", "EMEA", "EUR"},
    {"Paris", "EMEA", "EUR"},
    {"London", "EMEA", "GBP"},
    {"New York", "NA", "USD"},
    {"Singapore", "APAC", "SGD"},
}};

struct employee_row {
  std::string_view name, department, title;
  int office;  // index into offices
};
// Department heads come first in each department; they report to the CEO (id 1), everyone
// else to their department's head.
constexpr std::array<employee_row, 25> staff{{
    {"Margaret Chen", "Executive", "Chief Executive Officer", 0},
    {"Daniel Okafor", "Sales", "Head of Sales", 2},
    {"Sofia Rossi", "Sales", "Account Executive", 0},
    {"Lukas Weber", "Sales", "Account Executive", 0},
    {"Chloe Martin", "Sales", "Account Executive", 1},
    {"James Walker", "Sales", "Account Executive", 2},
    {"Emily Johnson", "Sales", "Account Executive", 3},
    {"Michael Brown", "Sales", "Account Executive", 3},
    {"Wei Ling Tan", "Sales", "Account Executive", 4},
    {"Priya Nair", "Engineering", "Head of Engineering", 0},
    {"Jonas Becker", "Engineering", "Senior Engineer", 0},
    {"Anna Kowalski", "Engineering", "Engineer", 0},
    {"Tom Fischer", "Engineering", "Engineer", 0},
    {"Hiroshi Sato", "Engineering", "Engineer", 4},
    {"Laura Garcia", "Engineering", "Site Reliability Engineer", 3},
    {"Camille Dubois", "Marketing", "Head of Marketing", 1},
    {"Oliver Smith", "Marketing", "Content Manager", 2},
    {"Isabella Costa", "Marketing", "Campaign Manager", 1},
    {"Noah Williams", "Marketing", "Designer", 3},
    {"Hannah Schulz", "Finance", "Head of Finance", 0},
    {"Ravi Kumar", "Finance", "Accountant", 4},
    {"Grace Lee", "Finance", "Controller", 3},
    {"Mateo Alvarez", "Operations", "Head of Operations", 0},
    {"Fatima Haddad", "Operations", "Office Manager", 1},
    {"Ethan Clark", "Operations", "Logistics Coordinator", 2},
}};

struct customer_row {
  std::string_view name, region;
};
constexpr std::array<customer_row, 18> customers{{
    {"Northwind Traders", "EMEA"},   {"Contoso GmbH", "EMEA"},
    {"Fabrikam SARL", "EMEA"},       {"Tailspin Toys Ltd", "EMEA"},
    {"Adventure Works", "NA"},       {"Wide World Importers", "NA"},
    {"Blue Yonder Airlines", "NA"},  {"Coho Winery", "NA"},
    {"Litware Inc", "NA"},           {"Alpine Ski House", "EMEA"},
    {"Proseware Pte", "APAC"},       {"Lucerne Publishing", "EMEA"},
    {"Margie's Travel", "NA"},       {"Trey Research", "NA"},
    {"Fourth Coffee", "APAC"},       {"Graphic Design Institute", "EMEA"},
    {"Humongous Insurance", "NA"},   {"Southridge Video", "APAC"},
}};

json make_products(rng& r) {
  json out = json::array();
  int index_in_category = 0;
  std::string_view category;
  for (std::size_t i = 0; i < catalogue.size(); ++i) {
    const product_row& p = catalogue[i];
    if (p.category != category) {
      category = p.category;
      index_in_category = 0;
    }
    ++index_in_category;
    char sku[16];
    std::snprintf(sku, sizeof sku, "%c%c-%03d", std::toupper(p.category[0]),
                  std::toupper(p.category[1]), index_in_category);
    out.push_back({{"id", static_cast<int>(i) + 1},
                   {"sku", sku},
                   {"name", p.name},
                   {"category", p.category},
                   {"price", p.price},
                   {"cost", cents(p.price * r.between(38, 68) / 100.0)},
                   {"supplier", p.supplier}});
  }
  return out;
}

json make_employees(rng& r) {
  json out = json::array();
  int head = 1;
  std::string_view department;
  for (std::size_t i = 0; i < staff.size(); ++i) {
    const employee_row& e = staff[i];
    const int id = static_cast<int>(i) + 1;
    if (e.department != department) {
      department = e.department;
      head = id;
    }
    json manager = id == 1 ? json(nullptr) : json(head == id ? 1 : head);
    const office_row& o = offices[static_cast<std::size_t>(e.office)];
    out.push_back({{"id", id},
                   {"name", e.name},
                   {"email", ""},
                   {"department", e.department},
                   {"title", e.title},
                   {"office", o.city},
                   {"region", o.region},
                   {"manager_id", manager},
                   {"hired", iso_date(r.between(2015, 2024), r.between(0, 364))}});
    // "jane.doe@..." from the name: lower case, spaces to dots.
    std::string email;
    for (char c : e.name) email += c == ' ' ? '.' : static_cast<char>(std::tolower(c));
    out.back()["email"] = email + "@acme-supplies.example";
  }
  return out;
}

json make_orders(rng& r, const json& employees) {
  struct draft {
    int day;
    json row;
  };
  std::vector<draft> drafts;
  static constexpr std::array<double, 8> discounts{0, 0, 0, 0, 0.05, 0.05, 0.1, 0.15};
  for (int i = 0; i < 200; ++i) {
    const int day = r.between(0, 180);  // 2025-01-01 .. 2025-06-30
    const customer_row& c = r.pick(customers);
    const std::size_t p = r.next() % catalogue.size();
    const product_row& prod = catalogue[p];
    const int quantity = prod.price > 300 ? r.between(1, 3) : prod.price > 60 ? r.between(1, 6)
                                                                              : r.between(2, 12);
    const double discount = r.pick(discounts);
    std::string status;
    const int roll = r.between(1, 100);
    if (roll <= 6) status = "cancelled";
    else if (roll <= 10) status = "returned";
    else if (day < 120) status = "delivered";                     // before May
    else if (day < 150) status = roll <= 70 ? "delivered" : "shipped";
    else status = roll <= 45 ? "shipped" : "pending";
    // A sales rep from the customer's region (the head of sales covers regions without one).
    std::vector<int> reps;
    for (const auto& e : employees)
      if (e["department"] == "Sales" && e["title"] != "Head of Sales" && e["region"] == c.region)
        reps.push_back(e["id"].get<int>());
    const int rep = reps.empty() ? 2 : reps[r.next() % reps.size()];
    drafts.push_back({day,
                      json{{"id", 0},
                           {"date", iso_date(2025, day)},
                           {"customer", c.name},
                           {"region", c.region},
                           {"product_id", static_cast<int>(p) + 1},
                           {"quantity", quantity},
                           {"unit_price", prod.price},
                           {"discount", discount},
                           {"total", cents(quantity * prod.price * (1 - discount))},
                           {"status", status},
                           {"sales_rep_id", rep}}});
  }
  // Order ids follow the date, as an order system would number them.
  std::stable_sort(drafts.begin(), drafts.end(),
                   [](const draft& a, const draft& b) { return a.day < b.day; });
  json out = json::array();
  int id = 1001;
  for (auto& d : drafts) {
    d.row["id"] = id++;
    out.push_back(std::move(d.row));
  }
  return out;
}

json make_expenses(rng& r, const json& employees) {
  struct kind {
    std::string_view category;
    std::array<std::string_view, 3> descriptions;
    int min_amount, max_amount;
  };
  static constexpr std::array<kind, 6> kinds{{
      {"Travel", {"Flight to a client meeting", "Hotel, two nights", "Train tickets"}, 80, 950},
      {"Meals", {"Client dinner", "Team lunch", "Working breakfast"}, 20, 240},
      {"Software", {"IDE licence", "Design tool subscription", "Cloud credits"}, 15, 600},
      {"Equipment", {"Laptop stand", "External monitor", "Headset"}, 30, 480},
      {"Training", {"Conference ticket", "Online course", "Certification exam"}, 50, 1200},
      {"Office", {"Printer toner", "Stationery", "Courier fee"}, 10, 120},
  }};
  struct draft {
    int day;
    json row;
  };
  std::vector<draft> drafts;
  for (int i = 0; i < 150; ++i) {
    // Sales and engineering staff spend most; the CEO rarely files expenses.
    int employee = r.between(2, 25);
    if (r.chance(30)) employee = r.between(2, 9);
    const json& e = employees[static_cast<std::size_t>(employee - 1)];
    const kind& k = r.pick(kinds);
    std::string currency;
    for (const auto& o : offices)
      if (o.city == e["office"].get<std::string>()) currency = o.currency;
    const int day = r.between(0, 180);
    const int roll = r.between(1, 100);
    const char* status = roll <= 68 ? "approved" : roll <= 90 ? "pending" : "rejected";
    drafts.push_back({day,
                      json{{"id", 0},
                           {"employee_id", employee},
                           {"date", iso_date(2025, day)},
                           {"category", k.category},
                           {"description", r.pick(k.descriptions)},
                           {"amount", cents(r.between(k.min_amount * 100, k.max_amount * 100) / 100.0)},
                           {"currency", currency},
                           {"status", status}}});
  }
  std::stable_sort(drafts.begin(), drafts.end(),
                   [](const draft& a, const draft& b) { return a.day < b.day; });
  json out = json::array();
  int id = 5001;
  for (auto& d : drafts) {
    d.row["id"] = id++;
    out.push_back(std::move(d.row));
  }
  return out;
}

}  // namespace

nlohmann::ordered_json demo_data(std::uint64_t seed) {
  rng r(seed);
  json products = make_products(r);
  json employees = make_employees(r);
  json orders = make_orders(r, employees);
  json expenses = make_expenses(r, employees);
  return json{{"orders", std::move(orders)},
              {"products", std::move(products)},
              {"employees", std::move(employees)},
              {"expenses", std::move(expenses)}};
}

}  // namespace ptc::demo
