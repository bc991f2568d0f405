#pragma once
// The demo's business data: orders, products, employees and expenses of a small company in the
// first half of 2025, generated from a fixed seed so every run, test and scripted LLM response
// sees exactly the same records.
//
//   {"orders":    [{"id": 1001, "date": "2025-01-03", "customer": "Northwind Traders",
//                   "region": "EMEA", "product_id": 7, "quantity": 3, "unit_price": 89.0,
//                   "discount": 0.1, "total": 240.3, "status": "delivered", "sales_rep_id": 8}],
//    "products":  [{"id": 1, "sku": "EL-001", "name": "Wireless Mouse", "category": "Electronics",
//                   "price": 24.9, "cost": 11.2, "supplier": "Logitrade"}],
//    "employees": [{"id": 1, "name": "Margaret Chen", "department": "Executive",
//                   "title": "Chief Executive Officer", "region": "EMEA", "manager_id": null,
//                   "hired": "2016-04-11"}],
//    "expenses":  [{"id": 5001, "employee_id": 8, "date": "2025-02-12", "category": "Travel",
//                   "description": "Flight to Berlin", "amount": 412.5, "currency": "EUR",
//                   "status": "approved"}]}
//
// Order totals are in EUR; expenses are in EUR, USD or GBP (the `exchange-rate` tool converts).
#include <cstdint>

#include <nlohmann/json.hpp>

namespace ptc::demo {

/// The seed of the data every demo run uses.
inline constexpr std::uint64_t default_seed = 20250314;

/// The demo data set (about 200 orders, 30 products, 25 employees, 150 expenses) for `seed`.
/// The same seed always gives byte-identical JSON on every platform.
nlohmann::ordered_json demo_data(std::uint64_t seed = default_seed);

}  // namespace ptc::demo
