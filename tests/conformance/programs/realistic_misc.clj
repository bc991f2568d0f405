;; Multi-step programs over expenses, events, projects, configs, grades and other everyday data,
;; written the way an LLM answers a question over tool data. Each defines its own input inline.
;;;; realistic_misc_expenses_monthly_by_category
(def expenses [{:date "2024-01-03" :cat "food" :amount 12.5}
               {:date "2024-01-17" :cat "rent" :amount 900.0}
               {:date "2024-01-20" :cat "food" :amount 30.25}
               {:date "2024-02-01" :cat "rent" :amount 900.0}
               {:date "2024-02-14" :cat "fun" :amount 60.0}
               {:date "2024-02-15" :cat "food" :amount 8.75}])
(reduce (fn [acc {:keys [date cat amount]}]
          (update-in acc [(subs date 0 7) cat] (fnil + 0) amount))
        {}
        expenses)
;;;; realistic_misc_expenses_over_budget
(def budget {"food" 40 "fun" 50 "travel" 200})
(def spent [{:cat "food" :amount 25} {:cat "fun" :amount 70} {:cat "food" :amount 20}
            {:cat "gifts" :amount 15}])
(let [totals (reduce (fn [m {:keys [cat amount]}] (update m cat (fnil + 0) amount)) {} spent)]
  (->> totals
       (keep (fn [[c t]]
               (let [b (get budget c)]
                 (cond
                   (nil? b) [c :no-budget]
                   (> t b) [c (- t b)]))))
       (sort-by first)
       vec))
;;;; realistic_misc_expenses_share_percent
(def expenses [{:cat "food" :amount 120} {:cat "rent" :amount 800} {:cat "fun" :amount 80}])
(let [total (reduce + (map :amount expenses))]
  (mapv (fn [{:keys [cat amount]}] [cat (format "%.1f%%" (* 100.0 (/ amount total)))]) expenses))
;;;; realistic_misc_expenses_split_bill
(def bill {:total 187.35 :people ["ann" "bob" "cid"] :tip-pct 15})
(let [{:keys [total people tip-pct]} bill
      with-tip (* total (+ 1 (/ tip-pct 100.0)))
      each (/ with-tip (count people))]
  {:with-tip (format "%.2f" with-tip)
   :each (format "%.2f" each)
   :rounded-each (/ (Math/ceil (* each 100)) 100)})
;;;; realistic_misc_expenses_largest_per_month
(def expenses [{:date "2024-01-03" :what "coffee" :amount 4}
               {:date "2024-01-17" :what "laptop" :amount 1500}
               {:date "2024-02-01" :what "rent" :amount 900}
               {:date "2024-02-14" :what "flowers" :amount 60}])
(->> expenses
     (group-by #(subs (:date %) 0 7))
     (map (fn [[m es]] [m (:what (apply max-key :amount es))]))
     (sort-by first)
     vec)
;;;; realistic_misc_expenses_weekday_weekend
(def expenses [{:day "Mon" :amount 10} {:day "Sat" :amount 50} {:day "Sun" :amount 30}
               {:day "Wed" :amount 5} {:day "Fri" :amount 20}])
(let [weekend #{"Sat" "Sun"}
      {we true wd false} (group-by #(contains? weekend (:day %)) expenses)]
  {:weekend (reduce + (map :amount we)) :weekday (reduce + (map :amount wd))})
;;;; realistic_misc_expenses_currency_convert
(def rates {"USD" 1.0 "EUR" 1.1 "GBP" 1.25})
(def expenses [{:amount 100 :cur "EUR"} {:amount 40 :cur "USD"} {:amount 10 :cur "GBP"}
               {:amount 5 :cur "JPY"}])
(let [converted (map (fn [{:keys [amount cur]}]
                       (when-let [r (rates cur)] (* amount r)))
                     expenses)]
  {:usd-total (format "%.2f" (reduce + (remove nil? converted)))
   :unconverted (count (filter nil? converted))})
;;;; realistic_misc_events_upcoming_sorted
(def events [{:title "Launch" :date "2024-06-01"} {:title "Retro" :date "2024-03-29"}
             {:title "Offsite" :date "2024-09-12"} {:title "Kickoff" :date "2024-01-08"}])
(def today "2024-03-15")
(->> events
     (filter #(pos? (compare (:date %) today)))
     (sort-by :date)
     (map #(str (:date %) " " (:title %))))
;;;; realistic_misc_events_overlapping
(def meetings [{:id 1 :start "09:00" :end "10:00"} {:id 2 :start "09:30" :end "10:30"}
               {:id 3 :start "11:00" :end "12:00"} {:id 4 :start "11:59" :end "12:30"}])
(for [a meetings
      b meetings
      :when (< (:id a) (:id b))
      :when (and (neg? (compare (:start a) (:end b)))
                 (neg? (compare (:start b) (:end a))))]
  [(:id a) (:id b)])
;;;; realistic_misc_events_per_weekday_count
(def events [{:weekday "Mon"} {:weekday "Tue"} {:weekday "Mon"} {:weekday "Fri"} {:weekday "Mon"}])
(def order ["Mon" "Tue" "Wed" "Thu" "Fri"])
(let [f (frequencies (map :weekday events))]
  (mapv (fn [d] [d (get f d 0)]) order))
;;;; realistic_misc_events_capacity_remaining
(def events [{:name "A" :capacity 30 :registered ["x" "y"]}
             {:name "B" :capacity 2 :registered ["x" "y" "z"]}
             {:name "C" :capacity 10 :registered []}])
(mapv (fn [{:keys [name capacity registered]}]
        (let [left (- capacity (count registered))]
          [name (if (neg? left) (str "overbooked by " (- left)) left)]))
      events)
;;;; realistic_misc_events_attendees_union
(def sessions {"s1" ["ann" "bob"] "s2" ["bob" "cid"] "s3" []})
(->> (vals sessions) (map set) (apply set/union) sort vec)
;;;; realistic_misc_grades_letter_and_avg
(def students [{:name "ann" :scores [90 85 100]} {:name "bob" :scores [60 70 65]}
               {:name "cid" :scores [78 82 80]} {:name "dee" :scores []}])
(defn average [xs] (when (seq xs) (/ (reduce + xs) (double (count xs)))))
(defn letter [avg]
  (cond (nil? avg) "-"
        (>= avg 90) "A"
        (>= avg 80) "B"
        (>= avg 70) "C"
        :else "F"))
(mapv (fn [{:keys [name scores]}]
        (let [a (average scores)]
          [name (some-> a (* 10) Math/round (/ 10.0)) (letter a)]))
      students)
;;;; realistic_misc_grades_rank_with_ties
(def scores [["ann" 90] ["bob" 85] ["cid" 90] ["dee" 70]])
(let [sorted (sort-by (juxt (comp - second) first) scores)]
  (loop [xs sorted rank 0 prev nil i 1 out []]
    (if-let [[n s] (first xs)]
      (let [r (if (= s prev) rank i)]
        (recur (rest xs) r s (inc i) (conj out [r n])))
      out)))
;;;; realistic_misc_grades_class_stats
(def scores [72 88 95 61 79 84 90])
(let [n (count scores)
      mean (/ (reduce + scores) (double n))
      variance (/ (reduce + (map #(Math/pow (- % mean) 2) scores)) n)]
  {:mean (format "%.2f" mean)
   :stddev (format "%.2f" (Math/sqrt variance))
   :range [(apply min scores) (apply max scores)]})
;;;; realistic_misc_projects_task_completion
(def projects [{:name "alpha" :tasks [{:done true} {:done false} {:done true} {:done true}]}
               {:name "beta" :tasks [{:done false}]}
               {:name "gamma" :tasks []}])
(mapv (fn [{:keys [name tasks]}]
        (let [n (count tasks) d (count (filter :done tasks))]
          {:project name
           :progress (if (zero? n) "n/a" (str (quot (* 100 d) n) "%"))}))
      projects)
;;;; realistic_misc_projects_overdue
(def tasks [{:id 1 :due "2024-03-10" :done false} {:id 2 :due "2024-03-20" :done false}
            {:id 3 :due "2024-03-01" :done true} {:id 4 :due nil :done false}])
(def today "2024-03-15")
(->> tasks
     (filter #(and (not (:done %)) (:due %) (neg? (compare (:due %) today))))
     (map :id))
;;;; realistic_misc_projects_dependencies_order
(def deps {"deploy" ["build" "test"] "test" ["build"] "build" ["fetch"] "fetch" []})
(letfn [(visit [done node]
          (if (some #{node} done)
            done
            (conj (reduce visit done (get deps node [])) node)))]
  (visit [] "deploy"))
;;;; realistic_misc_inventory_restock_plan_long
(def inventory [{:sku "P1" :name "paper" :on-hand 12 :daily-use 4 :lead-days 5 :pack 10}
                {:sku "P2" :name "toner" :on-hand 2 :daily-use 0.5 :lead-days 7 :pack 1}
                {:sku "P3" :name "pens" :on-hand 200 :daily-use 3 :lead-days 2 :pack 50}
                {:sku "P4" :name "staples" :on-hand 0 :daily-use 1 :lead-days 3 :pack 5}])
(defn needed
  "Units needed to cover the lead time plus a 2-day buffer."
  [{:keys [daily-use lead-days]}]
  (* daily-use (+ lead-days 2)))
(defn packs-to-order [{:keys [on-hand pack] :as item}]
  (let [gap (- (needed item) on-hand)]
    (if (pos? gap) (long (Math/ceil (/ gap pack))) 0)))
(->> inventory
     (map #(assoc % :order (packs-to-order %)))
     (filter #(pos? (:order %)))
     (map (juxt :name :order #(* (:order %) (:pack %))))
     vec)
;;;; realistic_misc_inventory_expiring_soon
(def batches [{:item "milk" :expires "2024-03-17"} {:item "cheese" :expires "2024-04-30"}
              {:item "yogurt" :expires "2024-03-15"} {:item "bread" :expires "2024-03-14"}])
(def today "2024-03-15")
(def horizon "2024-03-20")
(->> batches
     (group-by (fn [{:keys [expires]}]
                 (cond (neg? (compare expires today)) :expired
                       (<= (compare expires horizon) 0) :soon
                       :else :ok)))
     (map (fn [[status bs]] [status (mapv :item bs)]))
     (into {}))
;;;; realistic_misc_err_transfer_missing_sku
(def stock {:oslo {"A" 10 "B" 2} :rome {"A" 0 "B" 7}})
(defn transfer [s from to sku n]
  (if (>= (get-in s [from sku] 0) n)
    (-> s (update-in [from sku] - n) (update-in [to sku] (fnil + 0) n))
    s))
(-> stock
    (transfer :oslo :rome "A" 4)
    (transfer :rome :oslo "B" 10)
    (transfer :rome :oslo "C" 0))
;;;; realistic_misc_inventory_transfer_assoc_in
(def stock {:oslo {"A" 10 "B" 2} :rome {"A" 0 "B" 7}})
(defn transfer
  "Moves n units of sku between sites when the source has enough."
  [s from to sku n]
  (if (>= (get-in s [from sku] 0) n)
    (-> s (update-in [from sku] - n) (update-in [to sku] (fnil + 0) n))
    s))
(-> stock
    (transfer :oslo :rome "A" 4)
    (transfer :rome :oslo "B" 10)
    (transfer :oslo :rome "B" 2)
    (assoc-in [:bergen "A"] 1))
;;;; realistic_misc_config_deep_merge
(def defaults {:db {:host "localhost" :port 5432 :pool {:min 1 :max 5}} :debug false})
(def overrides {:db {:host "prod.db" :pool {:max 20}} :debug true})
(defn deep-merge [& ms]
  (apply merge-with (fn [a b] (if (and (map? a) (map? b)) (deep-merge a b) b)) ms))
(deep-merge defaults overrides)
;;;; realistic_misc_config_env_lines
(def env "DB_HOST=prod\n# comment\nDB_PORT=6543\n\nDEBUG = true\n")
(->> (str/split-lines env)
     (map str/trim)
     (remove #(or (str/blank? %) (str/starts-with? % "#")))
     (map #(mapv str/trim (str/split % #"=" 2)))
     (into {}))
;;;; realistic_misc_config_missing_keys
(def required [:host :port :user])
(def config {:host "x" :user nil})
(vec (remove #(some? (get config %)) required))
;;;; realistic_misc_config_postwalk_defaults
(def cfg {:a {:timeout nil :retries 3} :b [{:timeout 5} {:timeout nil}]})
(walk/postwalk (fn [x] (if (and (map? x) (contains? x :timeout) (nil? (:timeout x)))
                         (assoc x :timeout 30)
                         x))
               cfg)
;;;; realistic_misc_config_prewalk_replace
(def template {:greeting :name :footer [:name "!"]})
(walk/prewalk-replace {:name "Ann"} template)
;;;; realistic_misc_url_query_parse
(def url "https://shop.example.com/search?q=red+shoes&size=42&page=2")
(let [[_ query] (str/split url #"\?" 2)]
  (->> (str/split query #"&")
       (map #(str/split % #"="))
       (map (fn [[k v]] [(keyword k) (str/replace v "+" " ")]))
       (into {})))
;;;; realistic_misc_url_host_counts
(def urls ["https://a.com/x" "http://b.org/y" "https://a.com/z" "ftp://c.net" "https://b.org/"])
(->> urls
     (keep #(second (re-find #"^\w+://([^/]+)" %)))
     frequencies
     (sort-by (juxt (comp - val) key))
     vec)
;;;; realistic_misc_text_sentence_stats
(def text "The quick brown fox. It jumps!  Over the lazy dog? Yes.")
(let [sentences (->> (str/split text #"[.!?]") (map str/trim) (remove str/blank?))
      words (re-seq #"[A-Za-z]+" text)]
  {:sentences (count sentences)
   :words (count words)
   :avg-word-len (format "%.2f" (double (/ (reduce + (map count words)) (count words))))
   :longest (first (sort-by (juxt (comp - count) identity) words))})
;;;; realistic_misc_text_slugify
(def titles ["Hello, World!" "  Clojure 1.11 Released  " "Déjà vu -- again"])
(mapv #(-> %
           str/lower-case
           str/trim
           (str/replace #"[^a-z0-9]+" "-")
           (str/replace #"^-|-$" ""))
      titles)
;;;; realistic_misc_text_palindromes
(def words ["Level" "hello" "Racecar" "a" "noon " "abca"])
(filterv (fn [w]
           (let [s (str/lower-case (str/trim w))]
             (and (> (count s) 1) (= s (str/reverse s)))))
         words)
;;;; realistic_misc_text_anagram_groups
(def words ["listen" "silent" "enlist" "google" "gooegl" "cat" "act" "dog"])
(->> words
     (group-by #(apply str (sort %)))
     vals
     (filter #(> (count %) 1))
     (map sort)
     (sort-by first)
     vec)
;;;; realistic_misc_text_char_frequencies_top
(def s "mississippi river")
(->> (remove #{\space} s) frequencies (sort-by (juxt (comp - val) key)) (take 3) vec)
;;;; realistic_misc_text_truncate_ellipsis
(def titles ["Short" "A considerably longer headline that goes on" "Exactly twenty chars"])
(mapv #(if (> (count %) 20) (str (subs % 0 17) "...") %) titles)
;;;; realistic_misc_text_wrap_words
(def text "the quick brown fox jumps over the lazy dog")
(->> (str/split text #" ")
     (reduce (fn [lines w]
               (let [cur (peek lines)]
                 (if (and cur (<= (+ (count cur) 1 (count w)) 15))
                   (conj (pop lines) (str cur " " w))
                   (conj lines w))))
             [])
     )
;;;; realistic_misc_weather_daily_summary
(def readings [{:day "2024-03-01" :temp 3.5} {:day "2024-03-01" :temp 7.25}
               {:day "2024-03-02" :temp -1.0} {:day "2024-03-02" :temp 4.0}
               {:day "2024-03-02" :temp 2.5} {:day "2024-03-03" :temp 10.0}])
(->> readings
     (group-by :day)
     (map (fn [[d rs]]
            (let [ts (map :temp rs)]
              [d {:min (apply min ts) :max (apply max ts)
                  :avg (format "%.1f" (/ (reduce + ts) (count ts)))}])))
     (sort-by first)
     vec)
;;;; realistic_misc_weather_warmest_streak
(def temps [5 7 9 8 10 12 15 3 4])
(->> (partition 2 1 temps)
     (map (fn [[a b]] (> b a)))
     (partition-by identity)
     (filter first)
     (map count)
     (reduce max 0)
     inc)
;;;; realistic_misc_library_overdue_fines
(def loans [{:book "SICP" :due "2024-03-01" :returned "2024-03-05"}
            {:book "HtDP" :due "2024-03-10" :returned "2024-03-09"}
            {:book "TAoCP" :due "2024-03-03" :returned nil}])
(defn day-of [d] (parse-long (subs d 8 10)))
(def today "2024-03-12")
(for [{:keys [book due returned]} loans
      :let [end (or returned today)
            late (- (day-of end) (day-of due))]
      :when (pos? late)]
  {:book book :days-late late :fine (* 0.25 late)})
;;;; realistic_misc_poll_winner_with_tiebreak
(def votes ["red" "blue" "green" "blue" "red" "blue" "red" "green"])
(let [counts (frequencies votes)
      top (apply max (vals counts))
      winners (sort (map key (filter #(= top (val %)) counts)))]
  {:top top :winners (vec winners) :tie (> (count winners) 1)})
;;;; realistic_misc_matrix_row_col_sums
(def m [[1 2 3] [4 5 6] [7 8 9]])
{:rows (mapv #(reduce + %) m)
 :cols (apply mapv + m)
 :diag (reduce + (map-indexed (fn [i row] (nth row i)) m))}
;;;; realistic_misc_pagination
(def items (vec (range 1 24)))
(def page-size 5)
(let [pages (partition-all page-size items)]
  {:pages (count pages) :page-3 (vec (nth pages 2)) :last (vec (last pages))})
;;;; realistic_misc_shopping_list_merge
(def lists [{"eggs" 6 "milk" 1} {"milk" 2 "bread" 1} {} {"eggs" 12}])
(apply merge-with + lists)
;;;; realistic_misc_recipe_scale
(def recipe {:serves 4 :ingredients [{:item "flour" :qty 500 :unit "g"}
                                     {:item "eggs" :qty 3 :unit nil}
                                     {:item "milk" :qty 0.3 :unit "l"}]})
(defn scale [{:keys [serves ingredients]} n]
  (let [f (/ n (double serves))]
    (mapv (fn [{:keys [item qty unit]}]
            (str item ": " (format "%.1f" (* qty f)) (when unit (str " " unit))))
          ingredients)))
(scale recipe 6)
;;;; realistic_misc_flight_connections
(def flights [{:from "OSL" :to "CPH" :price 80} {:from "CPH" :to "ROM" :price 120}
              {:from "OSL" :to "ROM" :price 260} {:from "OSL" :to "AMS" :price 90}
              {:from "AMS" :to "ROM" :price 100}])
(->> (for [a flights
           b flights
           :when (and (= "OSL" (:from a)) (= (:to a) (:from b)) (= "ROM" (:to b)))]
       {:via (:to a) :price (+ (:price a) (:price b))})
     (concat (for [f flights :when (and (= "OSL" (:from f)) (= "ROM" (:to f)))]
               {:via nil :price (:price f)}))
     (sort-by :price)
     first)
;;;; realistic_misc_sensor_gaps
(def readings [{:t 0 :v 1} {:t 10 :v 2} {:t 20 :v 2} {:t 50 :v 3} {:t 60 :v 1} {:t 100 :v 0}])
(->> (partition 2 1 readings)
     (keep (fn [[a b]] (let [gap (- (:t b) (:t a))] (when (> gap 15) [(:t a) (:t b) gap]))))
     vec)
;;;; realistic_misc_sensor_normalize
(def values [10 20 15 30 25])
(let [lo (apply min values) hi (apply max values)]
  (mapv #(double (/ (- % lo) (- hi lo))) values))
;;;; realistic_misc_invoice_lines_long
(def invoice {:number "INV-0042"
              :customer {:name "Acme" :vat-id "NO123"}
              :lines [{:desc "Consulting" :hours 12.5 :rate 150}
                      {:desc "Support" :hours 3 :rate 90}
                      {:desc "Travel" :fixed 420.0}]
              :vat 0.25})
(defn line-amount [{:keys [hours rate fixed]}]
  (if fixed fixed (* hours rate)))
(let [lines (:lines invoice)
      amounts (map line-amount lines)
      net (reduce + amounts)
      vat (* net (:vat invoice))
      rows (map (fn [l a] (format "%-12s %10.2f" (:desc l) (double a))) lines amounts)]
  (str/join "\n"
            (concat [(str (:number invoice) " for " (get-in invoice [:customer :name]))]
                    rows
                    [(format "%-12s %10.2f" "Net" net)
                     (format "%-12s %10.2f" "VAT" vat)
                     (format "%-12s %10.2f" "Total" (+ net vat))])))
;;;; realistic_misc_cond_thread_filters
(def params {:min-price 10 :category nil :in-stock true :sort :price})
(def products [{:n "a" :price 5 :category "x" :stock 1} {:n "b" :price 20 :category "y" :stock 0}
               {:n "c" :price 15 :category "x" :stock 3} {:n "d" :price 12 :category "y" :stock 2}])
(let [{:keys [min-price category in-stock sort]} params]
  (cond->> products
    min-price (filter #(>= (:price %) min-price))
    category (filter #(= category (:category %)))
    in-stock (filter #(pos? (:stock %)))
    sort (sort-by sort)
    true (map :n)))
;;;; realistic_misc_some_thread_deep_lookup
(def response {:data {:items [{:id 1 :attrs {:color "red"}} {:id 2}]}})
[(some-> response :data :items first :attrs :color str/upper-case)
 (some-> response :data :items second :attrs :color str/upper-case)
 (some->> response :data :items (map :id) (reduce +))]
;;;; realistic_misc_juxt_multi_sort
(def players [{:name "ann" :score 30 :time 12} {:name "bob" :score 30 :time 9}
              {:name "cid" :score 45 :time 20} {:name "dee" :score 10 :time 5}])
(map :name (sort-by (juxt (comp - :score) :time) players))
;;;; realistic_misc_compare_desc_strings
(def names ["delta" "alpha" "charlie" "bravo"])
(sort #(compare %2 %1) names)
;;;; realistic_misc_map_invert_lookup
(def codes {"NO" "Norway" "SE" "Sweden" "DK" "Denmark"})
(let [by-name (set/map-invert codes)]
  (mapv by-name ["Sweden" "Norway" "Finland"]))
;;;; realistic_misc_interleave_labels
(def labels ["q1" "q2" "q3"])
(def answers ["yes" "no" "maybe"])
(zipmap labels answers)
;;;; realistic_misc_frequencies_percent_rounded
(def answers ["yes" "no" "yes" "yes" "maybe" "no" "yes"])
(let [n (count answers)]
  (->> (frequencies answers)
       (map (fn [[a c]] [a (Math/round (* 100.0 (/ c n)))]))
       (sort-by second >)
       vec))
;;;; realistic_misc_err_get_in_then_call
(def config {:handlers {}})
((get-in config [:handlers :on-save]) "doc")
;;;; realistic_misc_err_count_on_number
(def budget {:food 40})
(count (:food budget))
;;;; realistic_misc_err_destructure_map_as_vector
(def point {:x 1 :y 2})
(let [[x y] point] (+ x y))
;;;; realistic_misc_err_recur_not_tail
(defn total [xs] (if (empty? xs) 0 (+ (first xs) (recur (rest xs)))))
(total [1 2 3])
;;;; realistic_misc_err_throw_ex_info_validation
(def expenses [{:amount 10} {:amount -5}])
(doseq [e expenses]
  (when (neg? (:amount e))
    (throw (ex-info "negative amount" {:expense e}))))
;;;; realistic_misc_err_bad_format_arg
(def total 12.5)
(format "%d items" total)
;;;; realistic_misc_merge_with_into_vectors
(def a {"ann" ["t1"] "bob" ["t2"]})
(def b {"ann" ["t3" "t4"] "cid" ["t5"]})
(merge-with into a b)
;;;; realistic_misc_nil_safe_merges
(def base nil)
[(merge base {:a 1}) (assoc base :b 2) (merge-with + nil {:c 3}) (into {} nil) (conj nil 1)]
;;;; realistic_misc_zipmap_uneven
(def fields [:id :name :email])
(def row [7 "Ann"])
(zipmap fields row)
;;;; realistic_misc_into_map_from_pairs_with_nil
(def pairs [[:a 1] nil [:b 2]])
(into {} pairs)
;;;; realistic_misc_get_on_strings_and_vectors
(def rec {:code "XK-42" :tags ["a" "b"]})
[(get (:code rec) 0) (get (:tags rec) 5 "none") (:missing "text") (get-in rec [:tags 1])]
;;;; realistic_misc_empty_results_shapes
(def xs [])
[(first xs) (last xs) (peek xs) (seq xs) (count nil) (empty? nil) (str/join "," nil) (reduce + xs)]
;;;; realistic_misc_math_pow_sqrt_results
(def sides [[3 4] [5 12] [1 1]])
(mapv (fn [[a b]] [(Math/sqrt (+ (Math/pow a 2) (Math/pow b 2))) (Math/pow a b)]) sides)
;;;; realistic_misc_sort_mixed_numbers
(def readings [3 1.5 2 -0.5 10])
[(vec (sort readings)) (apply max readings) (apply min readings) (reduce + readings)]
;;;; realistic_misc_sort_keywords_and_by_val
(def counts {:zeta 3 :alpha 3 :mid 7})
[(vec (sort (keys counts))) (vec (sort-by (juxt (comp - val) key) counts))]
;;;; realistic_misc_distinct_mixed_number_types
(def ids [1 1.0 2 2 3.5])
[(vec (distinct ids)) (count (set ids)) (contains? #{1 2} 1.0)]
;;;; realistic_misc_partition_drops_incomplete
(def values [1 2 3 4 5 6 7])
{:partition (vec (partition 3 values)) :all (vec (partition-all 3 values))
 :pad (vec (partition 3 3 [0 0] values))}
;;;; realistic_misc_take_drop_last_split_at
(def scores [9 4 7 1 8 6])
[(take-last 2 scores) (drop-last 2 scores) (split-at 2 scores) (nthrest scores 4)]
;;;; realistic_misc_format_padding_table
(def rows [["apples" 3 1.5] ["kiwi" 12 0.25]])
(mapv (fn [[n q p]] (format "%-8s|%4d|%6.2f|%05d" n q p q)) rows)
;;;; realistic_misc_err_peek_then_arith
(def stack [])
(+ 1 (peek stack))
;;;; realistic_misc_err_assoc_vector_past_end
(def slots ["a" "b"])
(assoc slots 3 "d")
;;;; realistic_misc_letfn_recursive_build
(letfn [(countdown [n] (if (zero? n) [] (conj (countdown (dec n)) n)))
        (total [xs] (if (empty? xs) 0 (+ (first xs) (total (rest xs)))))]
  (let [xs (countdown 6)] [xs (total xs)]))
;;;; realistic_misc_interleave_uneven_and_mapv_uneven
(def names ["a" "b" "c"])
(def scores [1 2])
[(interleave names scores) (mapv vector names scores) (mapv + [1 2 3] [10 20])]
;;;; realistic_misc_select_rename_existing_keys
(def m {:a 1 :b 2 :c 3})
[(select-keys m [:a :missing]) (set/rename-keys m {:a :b}) (set/rename-keys m {:a :x :b :a})]
;;;; realistic_misc_repeat_rule_lines
(def report ["Title" "Body"])
(str/join "\n" [(apply str (repeat 10 "=")) (first report) (str/join (repeat 10 "-")) (second report)])
;;;; realistic_misc_some_every_empty_edge
(def xs [])
[(every? pos? xs) (some pos? xs) (not-any? pos? xs) (not-empty xs) (str/blank? nil) (str/blank? " \t")]
;;;; realistic_misc_quot_rem_on_doubles
(def minutes 135.5)
[(quot minutes 60) (rem minutes 60) (mod -7.5 2) (quot 7 2.0) (Math/abs -0.0)]
;;;; realistic_misc_integer_radix_strings
(def ids [255 10 4096])
[(mapv #(Integer/toString % 16) ids) (mapv #(Long/toString % 2) [5 8]) (Integer/parseInt "ff" 16)]
