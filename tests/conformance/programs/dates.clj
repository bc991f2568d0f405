;; java.time.LocalDate: parsing, arithmetic, comparison, formatting, and the date work LLM
;; programs do over data (orders by date, grouping by month, days between). Dates are shown
;; through str: Clojure's pr-str of a date carries an identity hash.

;;;; dates_parse_str
(str (LocalDate/parse "2024-03-15"))
;;;; dates_fully_qualified_parse
(str (java.time.LocalDate/parse "2024-03-15"))
;;;; dates_of
[(str (LocalDate/of 2024 2 29)) (str (java.time.LocalDate/of 1999 12 31))]
;;;; dates_of_month_enum
(str (LocalDate/of 2024 java.time.Month/MARCH 5))
;;;; dates_plus_days_across_year
(str (.plusDays (LocalDate/parse "2023-12-30") 5))
;;;; dates_minus_days_leap
[(str (.minusDays (LocalDate/parse "2024-03-01") 1)) (str (.minusDays (LocalDate/parse "2023-03-01") 1))]
;;;; dates_plus_months_clamps
[(str (.plusMonths (LocalDate/parse "2024-01-31") 1)) (str (.plusMonths (LocalDate/parse "2023-01-31") 1))
 (str (.plusMonths (LocalDate/parse "2024-05-31") -13)) (str (.minusMonths (LocalDate/parse "2024-03-31") 1))]
;;;; dates_plus_years_leap_day
[(str (.plusYears (LocalDate/parse "2024-02-29") 1)) (str (.minusYears (LocalDate/parse "2024-02-29") 4))
 (str (.plusYears (LocalDate/parse "2024-02-29") 4))]
;;;; dates_weeks
[(str (.plusWeeks (LocalDate/parse "2024-12-25") 2)) (str (.minusWeeks (LocalDate/parse "2024-01-03") 1))]
;;;; dates_before_after_equal
(let [a (LocalDate/parse "2024-03-01") b (LocalDate/parse "2024-03-02")]
  [(.isBefore a b) (.isAfter a b) (.isBefore b a) (.isAfter b a) (.isEqual a a) (.isEqual a b) (.isBefore a a)])
;;;; dates_epoch_day
[(.toEpochDay (LocalDate/parse "1970-01-01")) (.toEpochDay (LocalDate/parse "2024-03-15"))
 (.toEpochDay (LocalDate/parse "1969-12-31")) (str (LocalDate/ofEpochDay 19797))]
;;;; dates_getters
(let [d (LocalDate/parse "2024-03-15")]
  [(.getYear d) (.getMonthValue d) (.getDayOfMonth d) (.getDayOfYear d) (.lengthOfMonth d) (.isLeapYear d)
   (.lengthOfYear d)])
;;;; dates_day_of_week_str
(map #(str (.getDayOfWeek (LocalDate/parse %))) ["2024-03-15" "2024-03-16" "2024-03-17" "2024-03-18"])
;;;; dates_day_of_week_value
(map #(.getValue (.getDayOfWeek (LocalDate/parse %))) ["2024-03-15" "2024-03-17" "2024-03-18"])
;;;; dates_weekend_filter
(->> ["2024-03-14" "2024-03-15" "2024-03-16" "2024-03-17" "2024-03-18"]
     (filter #(#{"SATURDAY" "SUNDAY"} (str (.getDayOfWeek (LocalDate/parse %))))))
;;;; dates_month_name
[(str (.getMonth (LocalDate/parse "2024-09-01"))) (.getValue (.getMonth (LocalDate/parse "2024-09-01")))]
;;;; dates_equality
[(= (LocalDate/parse "2024-01-01") (LocalDate/of 2024 1 1)) (= (LocalDate/parse "2024-01-01") (LocalDate/of 2024 1 2))
 (= (LocalDate/parse "2024-01-01") "2024-01-01") (.equals (LocalDate/of 2024 1 1) (LocalDate/parse "2024-01-01"))]
;;;; dates_compare
(let [a (LocalDate/parse "2024-01-15") b (LocalDate/parse "2024-01-20") c (LocalDate/parse "2023-06-01")]
  [(compare a b) (compare b a) (compare a a) (.compareTo a c) (.compareTo c a) (compare a (LocalDate/parse "2024-03-15"))])
;;;; dates_sort
(map str (sort [(LocalDate/parse "2024-03-01") (LocalDate/parse "2023-12-31") (LocalDate/parse "2024-01-15")]))
;;;; dates_sort_orders_by_date
(def orders [{:id 1 :date "2024-03-15" :total 40} {:id 2 :date "2024-01-02" :total 15}
             {:id 3 :date "2024-02-28" :total 70} {:id 4 :date "2023-12-31" :total 25}])
(map :id (sort-by #(LocalDate/parse (:date %)) orders))
;;;; dates_latest_order
(def orders [{:id 1 :date "2024-03-15"} {:id 2 :date "2024-01-02"} {:id 3 :date "2024-04-01"}])
(:id (apply max-key #(.toEpochDay (LocalDate/parse (:date %))) orders))
;;;; dates_group_by_month
(def orders [{:date "2024-01-05" :total 10} {:date "2024-01-20" :total 5} {:date "2024-02-03" :total 7}
             {:date "2024-03-11" :total 1} {:date "2024-02-29" :total 3}])
(->> orders
     (group-by #(let [d (LocalDate/parse (:date %))] (str (.getYear d) "-" (format "%02d" (.getMonthValue d)))))
     (map (fn [[m os]] [m (reduce + (map :total os))]))
     (sort-by first)
     vec)
;;;; dates_days_between_epoch
(- (.toEpochDay (LocalDate/parse "2024-03-01")) (.toEpochDay (LocalDate/parse "2024-01-15")))
;;;; dates_chrono_days_between
[(.between java.time.temporal.ChronoUnit/DAYS (LocalDate/parse "2024-01-15") (LocalDate/parse "2024-03-01"))
 (.between java.time.temporal.ChronoUnit/DAYS (LocalDate/parse "2024-03-01") (LocalDate/parse "2024-01-15"))]
;;;; dates_chrono_months_years_between
(let [a (LocalDate/parse "2023-01-31") b (LocalDate/parse "2024-03-30")]
  [(.between java.time.temporal.ChronoUnit/MONTHS a b) (.between java.time.temporal.ChronoUnit/YEARS a b)
   (.between java.time.temporal.ChronoUnit/WEEKS a b) (.between java.time.temporal.ChronoUnit/MONTHS b a)])
;;;; dates_format_pattern
(.format (LocalDate/parse "2024-03-05") (java.time.format.DateTimeFormatter/ofPattern "dd/MM/yyyy"))
;;;; dates_format_text_fields
(.format (LocalDate/parse "2024-03-05") (java.time.format.DateTimeFormatter/ofPattern "EEE, MMM d yyyy | EEEE MMMM"))
;;;; dates_format_short_numbers
(.format (LocalDate/parse "2024-03-05") (java.time.format.DateTimeFormatter/ofPattern "d.M.yy"))
;;;; dates_format_iso
[(.format (LocalDate/parse "2024-03-05") java.time.format.DateTimeFormatter/ISO_LOCAL_DATE)
 (.format (LocalDate/of 10000 1 1) java.time.format.DateTimeFormatter/ISO_LOCAL_DATE)]
;;;; dates_format_quoted_literal
(.format (LocalDate/parse "2024-11-05") (java.time.format.DateTimeFormatter/ofPattern "'Q'Q yyyy 'o''clock' DDD"))
;;;; dates_parse_pattern
(str (LocalDate/parse "15/03/2024" (java.time.format.DateTimeFormatter/ofPattern "dd/MM/yyyy")))
;;;; dates_parse_pattern_text_month
[(str (LocalDate/parse "Mar 5, 2024" (java.time.format.DateTimeFormatter/ofPattern "MMM d, yyyy")))
 (str (LocalDate/parse "20240305" (java.time.format.DateTimeFormatter/ofPattern "yyyyMMdd")))
 (str (LocalDate/parse "5/3/24" (java.time.format.DateTimeFormatter/ofPattern "d/M/yy")))]
;;;; dates_parse_pattern_smart_day
(str (LocalDate/parse "31/04/2023" (java.time.format.DateTimeFormatter/ofPattern "dd/MM/yyyy")))
;;;; dates_parse_bad_month_caught
(try (LocalDate/parse "2024-13-01") (catch Exception e :invalid))
;;;; dates_parse_bad_day_caught
(try (str (LocalDate/parse "2024-02-30")) (catch java.time.format.DateTimeParseException e :invalid))
;;;; dates_parse_garbage_caught
(map #(try (str (LocalDate/parse %)) (catch Exception e nil)) ["2024-01-05" "hello" "2024-1-05" "2024-01-05 " "2023-02-29"])
;;;; dates_of_invalid_caught
[(try (LocalDate/of 2024 2 30) (catch Exception e :invalid)) (try (LocalDate/of 2024 13 1) (catch Exception e :invalid))]
;;;; dates_with_day_of_month
(let [d (LocalDate/parse "2024-02-10")]
  [(str (.withDayOfMonth d 1)) (str (.withDayOfMonth d (.lengthOfMonth d)))])
;;;; dates_to_string_and_str
(let [d (LocalDate/parse "2024-03-15")] [(.toString d) (str "Due: " d) (str d " to " (.plusDays d 6))])
;;;; dates_as_map_keys
(get {(LocalDate/parse "2024-01-01") :new-year} (LocalDate/of 2024 1 1))
;;;; dates_distinct_in_set
(count (set (map #(LocalDate/parse %) ["2024-01-01" "2024-01-01" "2024-01-02"])))
;;;; dates_sequence_of_days
(let [start (LocalDate/parse "2024-02-27")] (map #(str (.plusDays start %)) (range 4)))
;;;; dates_orders_in_range
(def orders [{:id 1 :date "2024-03-15"} {:id 2 :date "2024-01-02"} {:id 3 :date "2024-02-01"} {:id 4 :date "2024-02-29"}])
(let [from (LocalDate/parse "2024-02-01") to (LocalDate/parse "2024-02-29")]
  (->> orders
       (filter #(let [d (LocalDate/parse (:date %))] (and (not (.isBefore d from)) (not (.isAfter d to)))))
       (map :id)))
;;;; dates_now_is_recent
[(.isAfter (LocalDate/now) (LocalDate/parse "2020-01-01")) (.isBefore (LocalDate/now) (LocalDate/parse "2200-01-01"))]
;;;; dates_overdue_days
(def today (LocalDate/parse "2024-03-20"))
(->> [{:invoice "A" :due "2024-03-01"} {:invoice "B" :due "2024-03-25"} {:invoice "C" :due "2024-02-10"}]
     (keep #(let [days (- (.toEpochDay today) (.toEpochDay (LocalDate/parse (:due %))))]
              (when (pos? days) [(:invoice %) days])))
     vec)
;;;; dates_min_max_by_compare
(let [ds (map #(LocalDate/parse %) ["2024-05-01" "2023-11-30" "2024-01-09"])]
  [(str (reduce #(if (neg? (compare %1 %2)) %1 %2) ds)) (str (reduce #(if (.isAfter %1 %2) %1 %2) ds))])
;;;; dates_epoch_day_round_trip
(map #(str (LocalDate/ofEpochDay (.toEpochDay (LocalDate/parse %)))) ["0001-01-01" "1600-02-29" "9999-12-31"])
;;;; dates_year_edges
[(str (LocalDate/of -5 1 1)) (str (LocalDate/of 5 1 1)) (str (LocalDate/of 12345 6 7))]
;;;; dates_realized_after_doall
(let [s (map inc [1 2 3])] (doall s) (realized? s))
;;;; dates_realized_repeatedly
(realized? (repeatedly rand))
;;;; dates_realized_vector_error
(realized? [1 2])
;;;; dates_now_arithmetic
(let [t (LocalDate/now)] [(= t (.plusDays (.minusDays t 3) 3)) (.isBefore (.minusDays t 1) t) (compare t t)])
