// java.time.LocalDate for programs (spec namespace java-time-local-date): LocalDate/parse, /of,
// /now, /ofEpochDay, /ofYearDay (also spelled java.time.LocalDate/...), DateTimeFormatter/ofPattern,
// and the date methods as builtins named with their leading dot (.plusDays, .isBefore, ...), as
// string_methods.cpp does for strings. .toString, .compareTo and .equals work on any value.
// Representation (date.hpp): dates are inline epoch days; a formatter is its pattern string;
// DayOfWeek and Month values are their names ("MONDAY", "MARCH"), which .getValue turns back
// into numbers.
#include <algorithm>
#include <ctime>

#include "ptc/lisp/builtin.hpp"
#include "ptc/lisp/date.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/string.hpp"

namespace ptc::lisp {
namespace {

using args_t = std::span<const value>;

std::int64_t day_arg(std::string_view fn, args_t a, std::size_t i) {
  if (!a[i].is(type::date)) errors::argument(fn, i, "a date", a[i]);
  return a[i].as_epoch_day();
}

// An amount of days, weeks, months or years. Java takes a long; Clojure passes a double
// truncated, as it does for any long parameter.
std::int64_t amount_arg(std::string_view fn, args_t a, std::size_t i) {
  if (a[i].is(type::integer)) return a[i].as_int();
  if (a[i].is(type::floating)) {
    double d = a[i].as_double();
    if (!(d > -9.2e18 && d < 9.2e18)) errors::argument(fn, i, "an integer", a[i]);
    return static_cast<std::int64_t>(d);
  }
  errors::argument(fn, i, "an integer", a[i]);
}

std::int64_t checked_add(std::int64_t x, std::int64_t y) {
  std::int64_t r;
  if (__builtin_add_overflow(x, y, &r)) errors::arithmetic("integer overflow");
  return r;
}
std::int64_t checked_mul(std::int64_t x, std::int64_t y) {
  std::int64_t r;
  if (__builtin_mul_overflow(x, y, &r)) errors::arithmetic("integer overflow");
  return r;
}

value plus_days(std::string_view fn, std::int64_t day, std::int64_t n) {
  return date::from_day(fn, checked_add(day, n));
}

// Java's plusMonths/plusYears: the day is clamped to the new month's length.
value plus_months(std::string_view fn, std::int64_t day, std::int64_t n) {
  date::civil c = date::from_epoch_day(day);
  std::int64_t months = checked_add(c.year * 12 + (c.month - 1), n);
  std::int64_t year = months >= 0 ? months / 12 : -((-months + 11) / 12);
  int month = static_cast<int>(months - year * 12) + 1;
  if (year < date::min_year || year > date::max_year) return date::make(fn, year, month, 1);  // raises
  return date::make(fn, year, month, std::min(c.day, date::month_length(year, month)));
}

value plus_years(std::string_view fn, std::int64_t day, std::int64_t n) {
  date::civil c = date::from_epoch_day(day);
  std::int64_t year = checked_add(c.year, n);
  if (year < date::min_year || year > date::max_year) return date::make(fn, year, c.month, 1);  // raises
  return date::make(fn, year, c.month, std::min(c.day, date::month_length(year, c.month)));
}

// minusX(n) is plusX(-n); Long.MIN_VALUE cannot be negated, and no date survives it anyway.
std::int64_t negate(std::int64_t n) {
  if (n == INT64_MIN) errors::arithmetic("integer overflow");
  return -n;
}

#define DATE_SHIFT(cname, jname, how, sign)                                                   \
  value cname(context&, args_t a) {                                                         \
    return how(jname, day_arg(jname, a, 0), sign(amount_arg(jname, a, 1)));                 \
  }
#define PLUS(n) (n)
DATE_SHIFT(d_plus_days, ".plusDays", plus_days, PLUS)
DATE_SHIFT(d_minus_days, ".minusDays", plus_days, negate)
DATE_SHIFT(d_plus_months, ".plusMonths", plus_months, PLUS)
DATE_SHIFT(d_minus_months, ".minusMonths", plus_months, negate)
DATE_SHIFT(d_plus_years, ".plusYears", plus_years, PLUS)
DATE_SHIFT(d_minus_years, ".minusYears", plus_years, negate)
#undef DATE_SHIFT
#undef PLUS

value d_plus_weeks(context&, args_t a) {
  return plus_days(".plusWeeks", day_arg(".plusWeeks", a, 0), checked_mul(amount_arg(".plusWeeks", a, 1), 7));
}
value d_minus_weeks(context&, args_t a) {
  return plus_days(".minusWeeks", day_arg(".minusWeeks", a, 0),
                   checked_mul(negate(amount_arg(".minusWeeks", a, 1)), 7));
}

value d_is_after(context&, args_t a) {
  return value::boolean(day_arg(".isAfter", a, 0) > day_arg(".isAfter", a, 1));
}
value d_is_before(context&, args_t a) {
  return value::boolean(day_arg(".isBefore", a, 0) < day_arg(".isBefore", a, 1));
}
value d_is_equal(context&, args_t a) {
  return value::boolean(day_arg(".isEqual", a, 0) == day_arg(".isEqual", a, 1));
}

value d_to_epoch_day(context&, args_t a) { return value::integer(day_arg(".toEpochDay", a, 0)); }
value d_get_year(context&, args_t a) { return value::integer(date::from_epoch_day(day_arg(".getYear", a, 0)).year); }
value d_get_month_value(context&, args_t a) {
  return value::integer(date::from_epoch_day(day_arg(".getMonthValue", a, 0)).month);
}
value d_get_month(context&, args_t a) {
  return make_string(std::string(date::month_name(date::from_epoch_day(day_arg(".getMonth", a, 0)).month)));
}
value d_get_day_of_month(context&, args_t a) {
  return value::integer(date::from_epoch_day(day_arg(".getDayOfMonth", a, 0)).day);
}
value d_get_day_of_week(context&, args_t a) {
  return make_string(std::string(date::day_name(date::day_of_week(day_arg(".getDayOfWeek", a, 0)))));
}
value d_get_day_of_year(context&, args_t a) {
  return value::integer(date::day_of_year(day_arg(".getDayOfYear", a, 0)));
}
value d_length_of_month(context&, args_t a) {
  date::civil c = date::from_epoch_day(day_arg(".lengthOfMonth", a, 0));
  return value::integer(date::month_length(c.year, c.month));
}
value d_length_of_year(context&, args_t a) {
  return value::integer(date::is_leap(date::from_epoch_day(day_arg(".lengthOfYear", a, 0)).year) ? 366 : 365);
}
value d_is_leap_year(context&, args_t a) {
  return value::boolean(date::is_leap(date::from_epoch_day(day_arg(".isLeapYear", a, 0)).year));
}

value d_with_day_of_month(context&, args_t a) {
  date::civil c = date::from_epoch_day(day_arg(".withDayOfMonth", a, 0));
  return date::make(".withDayOfMonth", c.year, c.month, arg::integer(".withDayOfMonth", a, 1));
}
value d_with_month(context&, args_t a) {
  date::civil c = date::from_epoch_day(day_arg(".withMonth", a, 0));
  std::int64_t m = arg::integer(".withMonth", a, 1);
  if (m < 1 || m > 12) return date::make(".withMonth", c.year, m, 1);  // raises
  return date::make(".withMonth", c.year, m, std::min(c.day, date::month_length(c.year, static_cast<int>(m))));
}
value d_with_year(context&, args_t a) {
  date::civil c = date::from_epoch_day(day_arg(".withYear", a, 0));
  std::int64_t y = arg::integer(".withYear", a, 1);
  if (y < date::min_year || y > date::max_year) return date::make(".withYear", y, c.month, 1);  // raises
  return date::make(".withYear", y, c.month, std::min(c.day, date::month_length(y, c.month)));
}
value d_with_day_of_year(context&, args_t a) {
  date::civil c = date::from_epoch_day(day_arg(".withDayOfYear", a, 0));
  std::int64_t n = arg::integer(".withDayOfYear", a, 1);
  if (n < 1 || n > 366)
    raise(error_kind::type, ".withDayOfYear: Invalid value for DayOfYear (valid values 1 - 365/366): " + std::to_string(n));
  if (n == 366 && !date::is_leap(c.year))
    raise(error_kind::type, ".withDayOfYear: Invalid date 'DayOfYear 366' as '" + std::to_string(c.year) +
                                "' is not a leap year");
  return value::date(date::to_epoch_day(c.year, 1, 1) + n - 1);
}

// (.format date formatter), and DateTimeFormatter.format's order (.format formatter date).
value d_format(context&, args_t a) {
  if (a[0].is(type::string) && a[1].is(type::date))
    return make_string(date::format(".format", a[1].as_epoch_day(), string_text(a[0])));
  std::int64_t day = day_arg(".format", a, 0);
  if (!a[1].is(type::string))
    errors::argument(".format", 1, "a formatter (DateTimeFormatter/ofPattern)", a[1]);
  return make_string(date::format(".format", day, string_text(a[1])));
}

// ChronoUnit's between: whole units from a to b, truncated toward zero.
std::int64_t units_between(std::string_view fn, const value& unit, std::size_t unit_index, std::int64_t from,
                           std::int64_t to) {
  std::string_view u = unit.is(type::string) ? std::string_view(string_text(unit)) : std::string_view();
  if (u == "Days") return to - from;
  if (u == "Weeks") return (to - from) / 7;
  auto packed = [](std::int64_t day) {
    date::civil c = date::from_epoch_day(day);
    return (c.year * 12 + (c.month - 1)) * 32 + c.day;
  };
  std::int64_t months = (packed(to) - packed(from)) / 32;
  if (u == "Months") return months;
  if (u == "Years") return months / 12;
  if (u == "Decades") return months / 120;
  if (u == "Centuries") return months / 1200;
  if (u == "Millennia") return months / 12000;
  errors::argument(fn, unit_index, "a date unit (java.time.temporal.ChronoUnit/DAYS, /WEEKS, /MONTHS, /YEARS)",
                   unit);
}

value d_between(context&, args_t a) {
  return value::integer(units_between(".between", a[0], 0, day_arg(".between", a, 1), day_arg(".between", a, 2)));
}
value d_until(context&, args_t a) {
  return value::integer(units_between(".until", a[2], 2, day_arg(".until", a, 0), day_arg(".until", a, 1)));
}

// DayOfWeek.getValue and Month.getValue of the names that stand for them.
value d_get_value(context&, args_t a) {
  if (a[0].is(type::string)) {
    std::string_view s = string_text(a[0]);
    for (int i = 1; i <= 7; ++i)
      if (s == date::day_name(i)) return value::integer(i);
    for (int i = 1; i <= 12; ++i)
      if (s == date::month_name(i)) return value::integer(i);
  }
  errors::argument(".getValue", 0, "a day of the week or a month (from .getDayOfWeek or .getMonth)", a[0]);
}

// Object methods on any value: Java's toString is Clojure's str, compareTo is compare, and
// equals is = (a nil receiver throws, as calling a method on null does).
value o_to_string(context& c, args_t a) {
  if (a[0].is_nil()) errors::argument(".toString", 0, "a value (not nil)", a[0]);
  if (a[0].is(type::string)) return a[0];
  return make_string(str_of(a[0], &c));
}
value o_compare_to(context&, args_t a) {
  if (a[0].is_nil()) errors::argument(".compareTo", 0, "a value (not nil)", a[0]);
  if (a[0].is(type::date)) return value::integer(date::compare(a[0].as_epoch_day(), day_arg(".compareTo", a, 1)));
  if (a[1].is_nil()) errors::argument(".compareTo", 1, "a value (not nil)", a[1]);
  return value::integer(compare_values(a[0], a[1]));
}
value o_equals(context&, args_t a) {
  if (a[0].is_nil()) errors::argument(".equals", 0, "a value (not nil)", a[0]);
  return value::boolean(equal(a[0], a[1]));
}

constexpr builtin_def method_defs[] = {
    {".between", 3, 3, d_between},
    {".compareTo", 2, 2, o_compare_to},
    {".equals", 2, 2, o_equals},
    {".format", 2, 2, d_format},
    {".getDayOfMonth", 1, 1, d_get_day_of_month},
    {".getDayOfWeek", 1, 1, d_get_day_of_week},
    {".getDayOfYear", 1, 1, d_get_day_of_year},
    {".getMonth", 1, 1, d_get_month},
    {".getMonthValue", 1, 1, d_get_month_value},
    {".getValue", 1, 1, d_get_value},
    {".getYear", 1, 1, d_get_year},
    {".isAfter", 2, 2, d_is_after},
    {".isBefore", 2, 2, d_is_before},
    {".isEqual", 2, 2, d_is_equal},
    {".isLeapYear", 1, 1, d_is_leap_year},
    {".lengthOfMonth", 1, 1, d_length_of_month},
    {".lengthOfYear", 1, 1, d_length_of_year},
    {".minusDays", 2, 2, d_minus_days},
    {".minusMonths", 2, 2, d_minus_months},
    {".minusWeeks", 2, 2, d_minus_weeks},
    {".minusYears", 2, 2, d_minus_years},
    {".plusDays", 2, 2, d_plus_days},
    {".plusMonths", 2, 2, d_plus_months},
    {".plusWeeks", 2, 2, d_plus_weeks},
    {".plusYears", 2, 2, d_plus_years},
    {".toEpochDay", 1, 1, d_to_epoch_day},
    {".toString", 1, 1, o_to_string},
    {".until", 3, 3, d_until},
    {".withDayOfMonth", 2, 2, d_with_day_of_month},
    {".withDayOfYear", 2, 2, d_with_day_of_year},
    {".withMonth", 2, 2, d_with_month},
    {".withYear", 2, 2, d_with_year},
};

// ---- LocalDate/ and DateTimeFormatter/ ----

value ld_parse(context&, args_t a) {
  const std::string& text = arg::string("LocalDate/parse", a, 0);
  if (a.size() < 2) return date::parse("LocalDate/parse", text, date::iso_pattern);
  if (!a[1].is(type::string))
    errors::argument("LocalDate/parse", 1, "a formatter (DateTimeFormatter/ofPattern)", a[1]);
  return date::parse("LocalDate/parse", text, string_text(a[1]));
}

value ld_of(context&, args_t a) {
  std::int64_t year = arg::integer("LocalDate/of", a, 0);
  std::int64_t month = 0;
  if (a[1].is(type::string)) {  // a Month (java.time.Month/MARCH)
    for (int i = 1; i <= 12 && month == 0; ++i)
      if (string_text(a[1]) == date::month_name(i)) month = i;
    if (month == 0) errors::argument("LocalDate/of", 1, "a month number (1-12)", a[1]);
  } else {
    month = arg::integer("LocalDate/of", a, 1);
  }
  return date::make("LocalDate/of", year, month, arg::integer("LocalDate/of", a, 2));
}

// The current date in UTC (programs run without a time zone).
value ld_now(context&, args_t) {
  std::int64_t secs = static_cast<std::int64_t>(std::time(nullptr));
  return value::date(secs >= 0 ? secs / 86400 : -((-secs + 86399) / 86400));
}

value ld_of_epoch_day(context&, args_t a) {
  return date::from_day("LocalDate/ofEpochDay", arg::integer("LocalDate/ofEpochDay", a, 0));
}

value ld_of_year_day(context&, args_t a) {
  std::int64_t year = arg::integer("LocalDate/ofYearDay", a, 0);
  std::int64_t n = arg::integer("LocalDate/ofYearDay", a, 1);
  value first = date::make("LocalDate/ofYearDay", year, 1, 1);  // checks the year
  if (n < 1 || n > 366)
    raise(error_kind::type, "LocalDate/ofYearDay: Invalid value for DayOfYear (valid values 1 - 365/366): " + std::to_string(n));
  if (n == 366 && !date::is_leap(year))
    raise(error_kind::type, "LocalDate/ofYearDay: Invalid date 'DayOfYear 366' as '" + std::to_string(year) +
                                "' is not a leap year");
  return value::date(first.as_epoch_day() + n - 1);
}

constexpr builtin_def local_date_defs[] = {
    {"now", 0, 0, ld_now},
    {"of", 3, 3, ld_of},
    {"ofEpochDay", 1, 1, ld_of_epoch_day},
    {"ofYearDay", 2, 2, ld_of_year_day},
    {"parse", 1, 2, ld_parse},
};

value f_of_pattern(context&, args_t a) {
  const std::string& p = arg::string("DateTimeFormatter/ofPattern", a, 0);
  date::check_pattern("DateTimeFormatter/ofPattern", p);
  return a[0];
}

constexpr builtin_def formatter_defs[] = {
    {"ofPattern", 1, 1, f_of_pattern},
};

}  // namespace

void register_date(builtin_table& t) {
  t.add("", method_defs);
  t.add("LocalDate", local_date_defs);
  t.alias("java.time.LocalDate", "LocalDate");
  t.add("DateTimeFormatter", formatter_defs);
  t.alias("java.time.format.DateTimeFormatter", "DateTimeFormatter");
}

}  // namespace ptc::lisp
