;; Multi-step data programs of the kind an LLM writes.
;;;; real_orders_total_by_customer
(def orders [{:id 1 :customer "ann" :total 120}
             {:id 2 :customer "bob" :total 80}
             {:id 3 :customer "ann" :total 45}
             {:id 4 :customer "cat" :total 300}
             {:id 5 :customer "bob" :total 20}])
(->> orders
     (group-by :customer)
     (map (fn [[c os]] {:customer c :spent (reduce + (map :total os))}))
     (sort-by :spent >))
;;;; real_top_3_products_by_price
(def products [{:name "Laptop" :price 1200 :category "electronics"}
               {:name "Mouse" :price 25 :category "electronics"}
               {:name "Desk" :price 350 :category "furniture"}
               {:name "Chair" :price 150 :category "furniture"}
               {:name "Monitor" :price 400 :category "electronics"}])
(->> products (sort-by :price >) (take 3) (map :name))
;;;; real_avg_price_per_category
(def products [{:name "Laptop" :price 1200 :category "electronics"}
               {:name "Mouse" :price 25 :category "electronics"}
               {:name "Desk" :price 350 :category "furniture"}
               {:name "Chair" :price 150 :category "furniture"}
               {:name "Monitor" :price 400 :category "electronics"}])
(into {}
      (for [[cat items] (group-by :category products)]
        [cat (double (/ (reduce + (map :price items)) (count items)))]))
;;;; real_employees_by_department_count
(def employees [{:name "Alice" :dept "eng" :salary 120000}
                {:name "Bob" :dept "sales" :salary 70000}
                {:name "Carol" :dept "eng" :salary 135000}
                {:name "Dan" :dept "ops" :salary 65000}
                {:name "Eve" :dept "sales" :salary 72000}])
(update-vals (group-by :dept employees) count)
;;;; real_employees_max_salary_per_dept
(def employees [{:name "Alice" :dept "eng" :salary 120000}
                {:name "Bob" :dept "sales" :salary 70000}
                {:name "Carol" :dept "eng" :salary 135000}
                {:name "Dan" :dept "ops" :salary 65000}
                {:name "Eve" :dept "sales" :salary 72000}])
(->> (group-by :dept employees)
     (map (fn [[d es]] [d (:name (apply max-key :salary es))]))
     (into {}))
;;;; real_payroll_total_and_avg
(def salaries [120000 70000 135000 65000 72000])
(let [total (reduce + salaries)]
  {:total total :avg (/ total (count salaries)) :max (apply max salaries) :min (apply min salaries)})
;;;; real_expenses_by_month
(def expenses [{:date "2024-01-15" :amount 50 :cat "food"}
               {:date "2024-01-20" :amount 30 :cat "transport"}
               {:date "2024-02-03" :amount 75 :cat "food"}
               {:date "2024-02-28" :amount 20 :cat "fun"}
               {:date "2024-03-01" :amount 10 :cat "food"}])
(->> expenses
     (group-by #(subs (:date %) 0 7))
     (map (fn [[m xs]] [m (reduce + (map :amount xs))]))
     (sort-by first))
;;;; real_expenses_category_share
(def expenses [{:amount 50 :cat "food"} {:amount 30 :cat "transport"}
               {:amount 75 :cat "food"} {:amount 45 :cat "fun"}])
(let [total (reduce + (map :amount expenses))
      by-cat (group-by :cat expenses)]
  (into {} (map (fn [[c xs]] [c (* 100.0 (/ (reduce + (map :amount xs)) (double total)))]) by-cat)))
;;;; real_join_orders_customers
(def customers [{:id 1 :name "Ann"} {:id 2 :name "Bob"} {:id 3 :name "Cy"}])
(def orders [{:cust-id 1 :item "pen"} {:cust-id 3 :item "ink"} {:cust-id 1 :item "pad"}])
(let [by-id (into {} (map (juxt :id identity) customers))]
  (mapv (fn [o] {:customer (:name (by-id (:cust-id o))) :item (:item o)}) orders))
;;;; real_join_missing_lookup
(def users {1 "ann" 2 "bob"})
(def events [{:user 1 :kind :login} {:user 9 :kind :login} {:user 2 :kind :logout}])
(map #(str (get users (:user %) "unknown") ":" (name (:kind %))) events)
;;;; real_log_level_counts
(def logs ["2024-01-01 INFO start" "2024-01-01 ERROR disk full" "2024-01-02 WARN slow"
           "2024-01-02 ERROR timeout" "2024-01-03 INFO done"])
(->> logs (map #(second (str/split % #" "))) frequencies)
;;;; real_log_error_messages
(def logs ["2024-01-01 INFO start" "2024-01-01 ERROR disk full" "2024-01-02 ERROR timeout"])
(->> logs
     (filter #(str/includes? % "ERROR"))
     (map #(str/join " " (drop 2 (str/split % #" ")))))
;;;; real_log_parse_regex
(def lines ["GET /home 200 12ms" "POST /api 500 340ms" "GET /api 200 45ms"])
(->> lines
     (map #(re-matches #"(\w+) (\S+) (\d+) (\d+)ms" %))
     (map (fn [[_ method path status ms]] {:method method :path path :status (parse-long status) :ms (parse-long ms)}))
     (filter #(= 200 (:status %)))
     (map :ms)
     (reduce +))
;;;; real_nested_update_in
(def state {:inventory {:apples {:qty 5 :price 1} :pears {:qty 2 :price 3}}})
(-> state
    (update-in [:inventory :apples :qty] + 10)
    (assoc-in [:inventory :plums] {:qty 1 :price 4})
    (update-in [:inventory :pears] dissoc :price))
;;;; real_inventory_value
(def inventory {:apples {:qty 5 :price 2} :pears {:qty 2 :price 3} :plums {:qty 0 :price 9}})
(reduce-kv (fn [acc k {:keys [qty price]}] (+ acc (* qty price))) 0 inventory)
;;;; real_inventory_low_stock
(def inventory {:apples {:qty 5} :pears {:qty 2} :plums {:qty 0} :kiwis {:qty 12}})
(->> inventory (filter (fn [[_ v]] (< (:qty v) 3))) (map key) sort)
;;;; real_csv_parse_and_sum
(def csv "name,qty,price\nwidget,3,2.5\ngadget,1,10.0\ngizmo,4,0.25")
(let [[header & rows] (str/split-lines csv)
      ks (map keyword (str/split header #","))
      records (map #(zipmap ks (str/split % #",")) rows)]
  (reduce + (map #(* (parse-long (:qty %)) (parse-double (:price %))) records)))
;;;; real_csv_to_maps
(def csv "id,name\n1,ann\n2,bob")
(let [[h & rows] (str/split-lines csv)
      ks (mapv keyword (str/split h #","))]
  (mapv #(zipmap ks (str/split % #",")) rows))
;;;; real_word_frequencies_top
(def text "the quick brown fox jumps over the lazy dog the fox")
(->> (str/split text #"\s+") frequencies (sort-by (fn [[w n]] [(- n) w])) (take 3) (mapv first))
;;;; real_title_case_names
(def names ["alice SMITH" "bob jones"])
(map (fn [n] (str/join " " (map str/capitalize (str/split n #" ")))) names)
;;;; real_emails_domains
(def emails ["a@x.com" "b@y.org" "c@x.com" "bad-email"])
(->> emails (keep #(second (re-find #"@(.+)$" %))) frequencies)
;;;; real_grade_report
(def students [{:name "Ann" :scores [90 85 77]} {:name "Bob" :scores [60 70 80]} {:name "Cy" :scores [100 95 98]}])
(->> students
     (map (fn [{:keys [name scores]}] {:name name :avg (double (/ (reduce + scores) (count scores)))}))
     (sort-by :avg >)
     (mapv (juxt :name :avg)))
;;;; real_pass_fail_partition
(def scores {"ann" 72 "bob" 45 "cy" 88 "dee" 59})
(let [{pass true fail false} (group-by (fn [[_ s]] (>= s 60)) scores)]
  {:pass (sort (map first pass)) :fail (sort (map first fail))})
;;;; real_running_balance
(def txs [{:type :deposit :amount 100} {:type :withdraw :amount 30} {:type :deposit :amount 50} {:type :withdraw :amount 200}])
(reduce (fn [{:keys [balance] :as acc} {:keys [type amount]}]
          (if (and (= type :withdraw) (> amount balance))
            (update acc :rejected conj amount)
            (assoc acc :balance (if (= type :deposit) (+ balance amount) (- balance amount)))))
        {:balance 0 :rejected []}
        txs)
;;;; real_cumulative_sums
(rest (reduce (fn [acc x] (conj acc (+ (peek acc) x))) [0] [1 2 3 4]))
;;;; real_cumulative_sums_loop
(loop [xs [5 10 15] total 0 out []]
  (if (empty? xs) out (let [t (+ total (first xs))] (recur (rest xs) t (conj out t)))))
;;;; real_dedupe_by_id_keep_first
(def rows [{:id 1 :v "a"} {:id 2 :v "b"} {:id 1 :v "c"} {:id 3 :v "d"}])
(vals (reduce (fn [m r] (if (contains? m (:id r)) m (assoc m (:id r) r))) {} rows))
;;;; real_index_by_id
(def items [{:id "x" :n 1} {:id "y" :n 2}])
(zipmap (map :id items) items)
;;;; real_pluck_and_filter
(def tickets [{:id 1 :status "open" :priority 3} {:id 2 :status "closed" :priority 1}
              {:id 3 :status "open" :priority 1} {:id 4 :status "open" :priority 2}])
(->> tickets (filter #(= "open" (:status %))) (sort-by :priority) (mapv :id))
;;;; real_count_by_status_and_priority
(def tickets [{:status "open" :priority "high"} {:status "open" :priority "low"}
              {:status "closed" :priority "high"} {:status "open" :priority "high"}])
(frequencies (map (juxt :status :priority) tickets))
;;;; real_select_fields
(def users [{:id 1 :name "ann" :email "a@x" :pw "secret"} {:id 2 :name "bob" :email "b@x" :pw "hunter2"}])
(mapv #(select-keys % [:id :email]) users)
;;;; real_rename_fields
(def rows [{:first_name "Ann" :last_name "Lee"} {:first_name "Bo" :last_name "Ng"}])
(mapv #(set/rename-keys % {:first_name :first :last_name :last}) rows)
;;;; real_full_names
(def people [{:first "Ann" :last "Lee" :age 30} {:first "Bo" :last "Ng" :age 17}])
(->> people (filter #(>= (:age %) 18)) (map #(str (:first %) " " (:last %))) (str/join ", "))
;;;; real_histogram_buckets
(def ages [3 15 22 27 35 41 58 63 70])
(->> ages (group-by #(* 10 (quot % 20))) (sort-by key) (map (fn [[b xs]] [b (count xs)])))
;;;; real_median
(defn median [xs]
  (let [s (vec (sort xs)) n (count s) mid (quot n 2)]
    (if (odd? n) (nth s mid) (/ (+ (nth s (dec mid)) (nth s mid)) 2.0))))
[(median [5 1 3]) (median [4 1 3 2])]
;;;; real_min_max_by_field
(def cities [{:name "Oslo" :temp -3} {:name "Rome" :temp 18} {:name "Cairo" :temp 30}])
[(:name (apply min-key :temp cities)) (:name (apply max-key :temp cities))]
;;;; real_nested_sum
(def depts {:eng {:teams {:web [3 4] :infra [5]}} :ops {:teams {:noc [2 2]}}})
(into {} (map (fn [[d {:keys [teams]}]] [d (reduce + (mapcat val teams))]) depts))
;;;; real_flatten_nested_lists
(def catalog [{:cat "a" :items [{:sku 1} {:sku 2}]} {:cat "b" :items [{:sku 3}]}])
(for [{:keys [cat items]} catalog {:keys [sku]} items] (str cat "-" sku))
;;;; real_pairs_combinations
(let [xs [:a :b :c]] (for [i (range (count xs)) j (range (inc i) (count xs))] [(xs i) (xs j)]))
;;;; real_matrix_transpose
(apply mapv vector [[1 2 3] [4 5 6]])
;;;; real_matrix_multiply
(defn mmul [a b] (let [bt (apply mapv vector b)] (mapv (fn [row] (mapv #(reduce + (map * row %)) bt)) a)))
(mmul [[1 2] [3 4]] [[5 6] [7 8]])
;;;; real_chunk_batches
(def ids (range 1 11))
(mapv #(str/join "," %) (partition-all 4 ids))
;;;; real_sliding_window_avg
(map #(/ (reduce + %) 3.0) (partition 3 1 [3 6 9 12 15]))
;;;; real_string_template
(def tpl "Hello {name}, you owe {amount}.")
(reduce (fn [s [k v]] (str/replace s (str "{" (name k) "}") (str v))) tpl {:name "Ann" :amount 42})
;;;; real_query_params
(def qs "a=1&b=hello&c=")
(into {} (map #(let [[k v] (str/split % #"=" 2)] [(keyword k) v]) (str/split qs #"&")))
;;;; real_build_query_string
(str/join "&" (map (fn [[k v]] (str (name k) "=" v)) {:page 2 :size 50 :q "shoes"}))
;;;; real_validate_records
(def recs [{:id 1 :email "a@x.com" :age 30} {:id 2 :email "bad" :age 20} {:id 3 :email "c@y.com" :age -1}])
(defn problems [{:keys [email age]}]
  (cond-> []
    (not (re-find #"@" email)) (conj :email)
    (neg? age) (conj :age)))
(into {} (keep (fn [r] (let [p (problems r)] (when (seq p) [(:id r) p]))) recs))
;;;; real_error_handling_per_item
(defn parse-amount [s] (if-let [n (parse-double s)] n (throw (ex-info "bad amount" {:input s}))))
(map (fn [s] (try (parse-amount s) (catch Exception e (str "skip:" (:input (ex-data e)))))) ["1.5" "x" "2"])
;;;; real_safe_division_results
(map (fn [[a b]] (if (zero? b) :n-a (quot a b))) [[10 2] [5 0] [9 4]])
;;;; real_discount_pipeline
(def cart [{:sku "a" :price 100 :qty 2} {:sku "b" :price 40 :qty 1} {:sku "c" :price 5 :qty 10}])
(let [subtotal (reduce + (map #(* (:price %) (:qty %)) cart))
      discount (if (> subtotal 200) (* subtotal 0.1) 0)]
  {:subtotal subtotal :discount discount :total (- subtotal discount)})
;;;; real_tax_rounding
(def lines [{:net 19.99} {:net 5.01} {:net 100.0}])
(mapv #(/ (Math/round (* (:net %) 1.2 100)) 100.0) lines)
;;;; real_format_report
(def rows [{:name "Widget" :qty 3 :price 2.5} {:name "Gadget" :qty 1 :price 10.0}])
(str/join "\n" (map #(format "%-8s %3d %7.2f" (:name %) (:qty %) (* (:qty %) (:price %))) rows))
;;;; real_dates_compare_strings
(def events [{:at "2024-03-01" :e "c"} {:at "2023-12-31" :e "a"} {:at "2024-01-15" :e "b"}])
(->> events (filter #(pos? (compare (:at %) "2024-01-01"))) (sort-by :at) (map :e))
;;;; real_date_parts
(let [[y m d] (map parse-long (str/split "2024-07-09" #"-"))] {:year y :month m :day d})
;;;; real_group_nested_two_levels
(def sales [{:region "n" :q 1 :v 10} {:region "n" :q 2 :v 5} {:region "s" :q 1 :v 7} {:region "n" :q 1 :v 1}])
(update-vals (group-by :region sales)
             (fn [xs] (update-vals (group-by :q xs) #(reduce + (map :v %)))))
;;;; real_merge_configs
(def defaults {:timeout 30 :retries 3 :log {:level :info :file nil}})
(def overrides {:retries 5 :log {:level :debug}})
(merge-with (fn [a b] (if (map? a) (merge a b) b)) defaults overrides)
;;;; real_deep_merge
(defn deep-merge [& ms] (apply merge-with (fn [a b] (if (and (map? a) (map? b)) (deep-merge a b) b)) ms))
(deep-merge {:a {:b {:c 1 :d 2}}} {:a {:b {:c 9} :e 3}})
;;;; real_tree_depth
(defn depth [node] (if-let [kids (seq (:children node))] (inc (apply max (map depth kids))) 1))
(depth {:children [{:children [{}]} {:children [{:children [{:children []}]}]}]})
;;;; real_tree_sum_walk
(def tree {:v 1 :kids [{:v 2 :kids []} {:v 3 :kids [{:v 4 :kids []}]}]})
(reduce + (map :v (tree-seq #(seq (:kids %)) :kids tree)))
;;;; real_frequencies_to_sorted_vector
(def votes ["b" "a" "c" "b" "a" "b"])
(->> votes frequencies (sort-by (juxt (comp - val) key)) (mapv (fn [[k v]] (str k ":" v))))
;;;; real_interleave_to_map
(let [ks ["a" "b" "c"] vs [1 2 3]] (apply hash-map (interleave ks vs)))
;;;; real_string_stats
(def s "Hello World from PTC")
{:words (count (str/split s #" ")) :upper (count (re-seq #"[A-Z]" s)) :len (count s)}
;;;; real_acronym
(->> (str/split "portable tool calling" #" ") (map #(str/upper-case (subs % 0 1))) (apply str))
;;;; real_percent_change
(def prices [100 110 99 120])
(map (fn [[a b]] (/ (Math/round (* 1000.0 (/ (- b a) (double a)))) 10.0)) (partition 2 1 prices))
;;;; real_top_n_per_group
(def scores [{:team "a" :p "x" :s 5} {:team "a" :p "y" :s 9} {:team "b" :p "z" :s 7} {:team "a" :p "w" :s 8} {:team "b" :p "v" :s 2}])
(into {} (map (fn [[t xs]] [t (mapv :p (take 2 (sort-by :s > xs)))]) (group-by :team scores)))
;;;; real_keyword_string_conversion
(def row {"user_id" 7 "full_name" "Ann Lee"})
(into {} (map (fn [[k v]] [(keyword (str/replace k "_" "-")) v]) row))
;;;; real_count_words_per_line
(map #(count (str/split (str/trim %) #"\s+")) (str/split-lines "one two\n three  four five \nsix"))
;;;; real_find_first_match
(def products [{:sku "A1" :stock 0} {:sku "B2" :stock 4} {:sku "C3" :stock 9}])
(:sku (first (filter #(pos? (:stock %)) products)))
;;;; real_some_by_predicate
(def users [{:name "ann" :admin false} {:name "bob" :admin true}])
[(some #(when (:admin %) (:name %)) users) (boolean (some :admin users)) (every? :name users)]
;;;; real_distinct_sorted_tags
(def posts [{:tags ["clj" "lisp"]} {:tags ["lisp" "fp"]} {:tags []} {:tags ["clj"]}])
(->> posts (mapcat :tags) distinct sort vec)
;;;; real_cond_threading_request
(defn build-req [{:keys [token page]}]
  (cond-> {:method :get :url "/items"}
    token (assoc-in [:headers "Authorization"] (str "Bearer " token))
    page (assoc :query {:page page})))
[(build-req {}) (build-req {:token "t" :page 2})]
