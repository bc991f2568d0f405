;; Multi-step programs over orders, products, customers and inventory, written the way an LLM
;; answers a question over tool data. Each defines its own input inline.
;;;; realistic_orders_top_customers_by_revenue
(def orders [{:id 1 :customer-id 10 :total 250.0 :status "paid"}
             {:id 2 :customer-id 11 :total 99.5 :status "paid"}
             {:id 3 :customer-id 10 :total 40.25 :status "refunded"}
             {:id 4 :customer-id 12 :total 310.0 :status "paid"}
             {:id 5 :customer-id 11 :total 120.0 :status "paid"}
             {:id 6 :customer-id 13 :total 15.0 :status "pending"}
             {:id 7 :customer-id 10 :total 60.0 :status "paid"}])
(def customers [{:id 10 :name "Acme"} {:id 11 :name "Globex"} {:id 12 :name "Initech"} {:id 13 :name "Umbrella"}])
(let [names (into {} (map (juxt :id :name) customers))]
  (->> orders
       (filter #(= "paid" (:status %)))
       (group-by :customer-id)
       (map (fn [[cid os]] {:customer (names cid) :revenue (reduce + (map :total os))}))
       (sort-by :revenue >)
       (take 2)
       vec))
;;;; realistic_orders_avg_order_value_rounded
(def orders [{:id 1 :total 19.99} {:id 2 :total 5.01} {:id 3 :total 100.0} {:id 4 :total 42.5}])
(let [totals (map :total orders)
      avg (/ (reduce + totals) (count totals))]
  (/ (Math/round (* avg 100.0)) 100.0))
;;;; realistic_orders_format_avg_two_decimals
(def orders [{:id 1 :total 19.99} {:id 2 :total 5.01} {:id 3 :total 100.0} {:id 4 :total 42.55}])
(format "Average order: $%.2f over %d orders"
        (/ (reduce + (map :total orders)) (count orders))
        (count orders))
;;;; realistic_orders_revenue_by_month
(def orders [{:id 1 :date "2024-01-05" :total 100}
             {:id 2 :date "2024-01-21" :total 50}
             {:id 3 :date "2024-02-02" :total 75}
             {:id 4 :date "2024-03-15" :total 200}
             {:id 5 :date "2024-03-30" :total 25}
             {:id 6 :date "2024-02-28" :total 5}])
(->> orders
     (group-by #(subs (:date %) 0 7))
     (map (fn [[month os]] [month (reduce + (map :total os))]))
     (sort-by first)
     vec)
;;;; realistic_orders_in_date_range
(def orders [{:id 1 :date "2024-01-05" :total 100}
             {:id 2 :date "2024-01-21" :total 50}
             {:id 3 :date "2024-02-02" :total 75}
             {:id 4 :date "2024-03-15" :total 200}
             {:id 5 :date "2024-03-30" :total 25}])
(->> orders
     (filter (fn [{:keys [date]}]
               (and (>= (compare date "2024-01-15") 0)
                    (<= (compare date "2024-03-15") 0))))
     (mapv :id))
;;;; realistic_orders_join_line_items_products
(def products [{:sku "A1" :name "Widget" :price 2.5}
               {:sku "B2" :name "Gadget" :price 10.0}
               {:sku "C3" :name "Doohickey" :price 7.25}])
(def line-items [{:order 1 :sku "A1" :qty 4}
                 {:order 1 :sku "C3" :qty 1}
                 {:order 2 :sku "B2" :qty 2}
                 {:order 3 :sku "A1" :qty 10}
                 {:order 3 :sku "B2" :qty 1}])
(let [by-sku (into {} (map (juxt :sku identity) products))]
  (->> line-items
       (map (fn [{:keys [order sku qty]}]
              {:order order :amount (* qty (:price (by-sku sku)))}))
       (group-by :order)
       (map (fn [[o xs]] [o (reduce + (map :amount xs))]))
       (into {})))
;;;; realistic_orders_best_selling_product
(def line-items [{:sku "A1" :qty 4} {:sku "C3" :qty 1} {:sku "B2" :qty 2}
                 {:sku "A1" :qty 10} {:sku "B2" :qty 9} {:sku "C3" :qty 3}])
(->> line-items
     (reduce (fn [acc {:keys [sku qty]}] (update acc sku (fnil + 0) qty)) {})
     (apply max-key val)
     key)
;;;; realistic_orders_status_counts_sorted
(def orders [{:status "paid"} {:status "pending"} {:status "paid"} {:status "shipped"}
             {:status "paid"} {:status "cancelled"} {:status "shipped"}])
(->> orders (map :status) frequencies (sort-by (juxt (comp - val) key)) vec)
;;;; realistic_orders_percent_paid
(def orders [{:status "paid"} {:status "pending"} {:status "paid"} {:status "shipped"}
             {:status "paid"} {:status "cancelled"} {:status "shipped"}])
(let [n (count orders)
      paid (count (filter #(= "paid" (:status %)) orders))]
  (str (format "%.1f" (* 100.0 (/ paid n))) "%"))
;;;; realistic_orders_median_total
(def orders [{:total 12} {:total 7} {:total 30} {:total 3} {:total 18} {:total 25}])
(defn median
  "Median of a collection of numbers."
  [xs]
  (let [s (vec (sort xs))
        n (count s)
        mid (quot n 2)]
    (if (even? n)
      (/ (+ (s (dec mid)) (s mid)) 2.0)
      (s mid))))
(median (map :total orders))
;;;; realistic_orders_median_odd_count
(def totals [12 7 30 3 18])
(let [s (sort totals)] (nth s (quot (count s) 2)))
;;;; realistic_orders_discount_tiers
(def orders [{:id 1 :total 45} {:id 2 :total 120} {:id 3 :total 510} {:id 4 :total 99}])
(defn discount-rate [total]
  (cond
    (>= total 500) 0.15
    (>= total 100) 0.1
    :else 0))
(mapv (fn [{:keys [id total]}]
        [id (- total (* total (discount-rate total)))])
      orders)
;;;; realistic_orders_nested_customer_address
(def orders [{:id 1 :customer {:name "Ann" :address {:city "Oslo" :zip "0150"}}}
             {:id 2 :customer {:name "Bob" :address {:city "Bergen"}}}
             {:id 3 :customer {:name "Cid"}}
             {:id 4 :customer {:name "Dee" :address {:city "Oslo" :zip "0155"}}}])
(->> orders
     (map #(get-in % [:customer :address :city] "unknown"))
     frequencies)
;;;; realistic_orders_update_in_status
(def state {:orders {101 {:status "pending" :items 2}
                     102 {:status "paid" :items 1}}})
(-> state
    (assoc-in [:orders 101 :status] "shipped")
    (update-in [:orders 102 :items] inc)
    (update-in [:orders 103] merge {:status "new" :items 0})
    :orders)
;;;; realistic_orders_merge_with_quantities
(def warehouse-a {"A1" 10 "B2" 0 "C3" 5})
(def warehouse-b {"A1" 3 "C3" 7 "D4" 1})
(merge-with + warehouse-a warehouse-b)
;;;; realistic_orders_inventory_low_stock_report
(def inventory [{:sku "A1" :name "Widget" :stock 3 :reorder-at 5}
                {:sku "B2" :name "Gadget" :stock 50 :reorder-at 10}
                {:sku "C3" :name "Doohickey" :stock 0 :reorder-at 2}
                {:sku "D4" :name "Thingamajig" :stock 8 :reorder-at 8}])
(for [{:keys [sku name stock reorder-at]} inventory
      :let [short (- reorder-at stock)]
      :when (>= short 0)]
  (str sku " " name ": order " (inc short)))
;;;; realistic_orders_inventory_value_by_category
(def inventory [{:cat "tools" :qty 5 :cost 12.5}
                {:cat "toys" :qty 10 :cost 3.0}
                {:cat "tools" :qty 2 :cost 40.0}
                {:cat "garden" :qty 0 :cost 99.0}
                {:cat "toys" :qty 1 :cost 15.5}])
(reduce (fn [acc {:keys [cat qty cost]}]
          (update acc cat (fnil + 0) (* qty cost)))
        {}
        inventory)
;;;; realistic_orders_products_price_bands
(def products [{:name "Pen" :price 2} {:name "Lamp" :price 45} {:name "Desk" :price 300}
               {:name "Mug" :price 9} {:name "Chair" :price 150} {:name "Rug" :price 80}])
(->> products
     (group-by (fn [{:keys [price]}]
                 (condp > price
                   10 :cheap
                   100 :mid
                   :premium)))
     (map (fn [[band ps]] [band (sort (map :name ps))]))
     (sort-by (comp name first))
     vec)
;;;; realistic_orders_customers_without_orders
(def customers [{:id 1 :name "Ann"} {:id 2 :name "Bob"} {:id 3 :name "Cid"} {:id 4 :name "Dee"}])
(def orders [{:customer-id 1} {:customer-id 3} {:customer-id 1}])
(let [with-orders (set (map :customer-id orders))]
  (->> customers (remove #(with-orders (:id %))) (mapv :name)))
;;;; realistic_orders_set_difference_skus
(def catalog #{"A1" "B2" "C3" "D4" "E5"})
(def sold ["A1" "C3" "A1" "E5"])
(sort (set/difference catalog (set sold)))
;;;; realistic_orders_repeat_customers
(def orders [{:customer "ann"} {:customer "bob"} {:customer "ann"} {:customer "cid"}
             {:customer "bob"} {:customer "ann"} {:customer "eve"}])
(->> orders
     (map :customer)
     frequencies
     (filter (fn [[_ n]] (> n 1)))
     (map first)
     sort)
;;;; realistic_orders_first_order_per_customer
(def orders [{:id 1 :customer "ann" :date "2024-03-01"}
             {:id 2 :customer "bob" :date "2024-01-15"}
             {:id 3 :customer "ann" :date "2024-02-10"}
             {:id 4 :customer "bob" :date "2024-01-20"}
             {:id 5 :customer "cid" :date "2024-04-01"}])
(->> orders
     (group-by :customer)
     (map (fn [[c os]] [c (:date (first (sort-by :date os)))]))
     (into {}))
;;;; realistic_orders_latest_order_string_compare
(def orders [{:id 1 :date "2024-03-01"} {:id 2 :date "2024-11-15"}
             {:id 3 :date "2024-02-10"} {:id 4 :date "2023-12-31"}])
(:id (reduce (fn [a b] (if (pos? (compare (:date b) (:date a))) b a)) orders))
;;;; realistic_orders_sort_by_date_desc
(def orders [{:id 1 :date "2024-03-01"} {:id 2 :date "2024-11-15"}
             {:id 3 :date "2024-02-10"} {:id 4 :date "2023-12-31"}])
(map :id (sort-by :date #(compare %2 %1) orders))
;;;; realistic_orders_shipping_cost_cond_thread
(def order {:weight 12 :express true :country "NO" :coupon nil})
(let [{:keys [weight express country coupon]} order]
  (cond-> {:base (* weight 2)}
    express (update :base + 15)
    (not= country "US") (assoc :customs 5)
    coupon (assoc :discount coupon)))
;;;; realistic_orders_some_thread_missing_price
(def catalog {"A1" {:name "Widget" :pricing {:list 10.0}}
              "B2" {:name "Gadget"}})
[(some-> (get catalog "A1") :pricing :list (* 0.9))
 (some-> (get catalog "B2") :pricing :list (* 0.9))
 (some-> (get catalog "Z9") :pricing :list (* 0.9))]
;;;; realistic_orders_string_keys_json
(def orders [{"id" 1 "total" 30 "tags" ["gift" "rush"]}
             {"id" 2 "total" 12 "tags" []}
             {"id" 3 "total" 55 "tags" ["rush"]}])
{:rush (mapv #(get % "id") (filter #(some #{"rush"} (get % "tags")) orders))
 :sum (reduce + (map #(get % "total") orders))}
;;;; realistic_orders_keywordize_json
(def raw [{"id" 1 "customer" {"name" "Ann" "tier" "gold"}}
          {"id" 2 "customer" {"name" "Bob" "tier" "silver"}}])
(->> (walk/keywordize-keys raw)
     (filter #(= "gold" (get-in % [:customer :tier])))
     (map #(get-in % [:customer :name])))
;;;; realistic_orders_cart_total_with_tax
(def cart [{:item "book" :price 12.99 :qty 2 :taxable false}
           {:item "pen" :price 1.5 :qty 10 :taxable true}
           {:item "lamp" :price 24.0 :qty 1 :taxable true}])
(def tax-rate 0.25)
(let [subtotal (reduce + (map #(* (:price %) (:qty %)) cart))
      taxable (reduce + (map #(* (:price %) (:qty %)) (filter :taxable cart)))
      tax (* taxable tax-rate)]
  {:subtotal (format "%.2f" subtotal)
   :tax (format "%.2f" tax)
   :total (format "%.2f" (+ subtotal tax))})
;;;; realistic_orders_top_n_per_category
(def products [{:name "Laptop" :cat "elec" :sales 50}
               {:name "Phone" :cat "elec" :sales 90}
               {:name "Cable" :cat "elec" :sales 200}
               {:name "Sofa" :cat "home" :sales 5}
               {:name "Lamp" :cat "home" :sales 30}
               {:name "Rug" :cat "home" :sales 12}])
(->> products
     (group-by :cat)
     (map (fn [[c ps]] [c (->> ps (sort-by :sales >) (take 2) (mapv :name))]))
     (into {}))
;;;; realistic_orders_reduce_kv_totals
(def totals-by-region {"north" [10 20 30] "south" [5] "east" [] "west" [7 7]})
(reduce-kv (fn [acc region xs]
             (if (seq xs)
               (assoc acc region {:n (count xs) :sum (reduce + xs)})
               acc))
           {}
           totals-by-region)
;;;; realistic_orders_zipmap_headers
(def header ["id" "product" "qty"])
(def rows [["1" "Widget" "4"] ["2" "Gadget" "1"] ["3" "Widget" "6"]])
(->> rows
     (map #(zipmap (map keyword header) %))
     (map #(update % :qty parse-long))
     (filter #(= "Widget" (:product %)))
     (map :qty)
     (reduce +))
;;;; realistic_orders_csv_lines_parse
(def csv "id,amount,currency\n1,10.50,USD\n2,3.20,EUR\n3,7.00,USD\n")
(let [[header & lines] (str/split-lines csv)
      ks (map keyword (str/split header #","))]
  (->> lines
       (map #(zipmap ks (str/split % #",")))
       (filter #(= "USD" (:currency %)))
       (map #(Double/parseDouble (:amount %)))
       (reduce +)))
;;;; realistic_orders_select_keys_report
(def orders [{:id 1 :customer "ann" :total 10 :internal-note "x" :warehouse 3}
             {:id 2 :customer "bob" :total 20 :internal-note "y" :warehouse 1}])
(mapv #(select-keys % [:id :customer :total]) orders)
;;;; realistic_orders_rename_keys_export
(def orders [{:id 1 :cust "ann" :amt 10} {:id 2 :cust "bob" :amt 20}])
(mapv #(set/rename-keys % {:cust :customer :amt :amount}) orders)
;;;; realistic_orders_index_by_status
(def orders #{{:id 1 :status "paid"} {:id 2 :status "open"} {:id 3 :status "paid"}})
(let [idx (clojure.set/index orders [:status])]
  (sort (map :id (get idx {:status "paid"}))))
;;;; realistic_orders_partition_by_consecutive_status
(def events ["ok" "ok" "fail" "fail" "fail" "ok" "fail"])
(->> events
     (partition-by identity)
     (map (juxt first count))
     (filter #(= "fail" (first %)))
     (map second)
     (apply max))
;;;; realistic_orders_running_total_reductions_loop
(def daily [120 -30 45 -200 80])
(loop [xs daily bal 100 out []]
  (if (empty? xs)
    {:final bal :history out :overdrawn (boolean (some neg? out))}
    (let [b (+ bal (first xs))]
      (recur (rest xs) b (conj out b)))))
;;;; realistic_orders_every_and_not_any
(def orders [{:id 1 :total 10 :items [{:qty 1}]}
             {:id 2 :total 0 :items []}
             {:id 3 :total 5 :items [{:qty 2} {:qty 1}]}])
{:all-positive (every? #(pos? (:total %)) orders)
 :none-negative (not-any? #(neg? (:total %)) orders)
 :empty-orders (mapv :id (filter (comp empty? :items) orders))
 :units (reduce + (mapcat #(map :qty (:items %)) orders))}
;;;; realistic_orders_mapcat_tags_distinct
(def products [{:name "a" :tags ["sale" "new"]}
               {:name "b" :tags ["new"]}
               {:name "c" :tags nil}
               {:name "d" :tags ["clearance" "sale"]}])
(->> products (mapcat :tags) distinct vec)
;;;; realistic_orders_keep_valid_prices
(def raw-prices ["12.50" "n/a" "" "7" "3.99" nil])
(keep (fn [s] (when (and s (re-matches #"\d+(\.\d+)?" s)) (parse-double s))) raw-prices)
;;;; realistic_orders_price_changes_percent
(def history [{:sku "A" :old 10.0 :new 12.0}
              {:sku "B" :old 50.0 :new 45.0}
              {:sku "C" :old 8.0 :new 8.0}])
(for [{:keys [sku old new]} history]
  [sku (format "%+.1f%%" (* 100 (/ (- new old) old)))])
;;;; realistic_orders_bucket_by_size_case
(def orders [{:id 1 :size "S"} {:id 2 :size "XL"} {:id 3 :size "M"} {:id 4 :size "s"} {:id 5 :size nil}])
(->> orders
     (map (fn [{:keys [size]}]
            (case (some-> size str/upper-case)
              "S" :small
              ("M" "L") :medium
              "XL" :large
              :unknown)))
     frequencies)
;;;; realistic_orders_letfn_recursive_bom
(def bom {"bike" [["wheel" 2] ["frame" 1]]
          "wheel" [["spoke" 32] ["rim" 1]]
          "frame" [["tube" 3]]})
(letfn [(parts [item qty]
          (if-let [children (bom item)]
            (mapcat (fn [[c n]] (parts c (* qty n))) children)
            [[item qty]]))]
  (->> (parts "bike" 3)
       (reduce (fn [m [k n]] (update m k (fnil + 0) n)) {})))
;;;; realistic_orders_when_let_lookup
(def customers {"c1" {:name "Ann" :email "ann@example.com"}
                "c2" {:name "Bob"}})
(defn contact-line [id]
  (if-let [c (get customers id)]
    (if-let [e (:email c)]
      (str (:name c) " <" e ">")
      (str (:name c) " (no email)"))
    (str "unknown customer " id)))
(mapv contact-line ["c1" "c2" "c3"])
;;;; realistic_orders_reorder_quantities_map_vals
(def stock {"A1" 3 "B2" 50 "C3" 0})
(def target 20)
(into {} (for [[sku n] stock :when (< n target)] [sku (- target n)]))
;;;; realistic_orders_update_vals_round
(def revenue {"north" 1234.5678 "south" 99.999 "east" 0.004})
(update-vals revenue #(/ (Math/round (* % 100.0)) 100.0))
;;;; realistic_orders_transduce_sum_paid
(def orders [{:total 10 :paid true} {:total 25 :paid false} {:total 7 :paid true}])
(transduce (comp (filter :paid) (map :total)) + 0 orders)
;;;; realistic_orders_weighted_average_price
(def lots [{:qty 10 :price 2.0} {:qty 30 :price 3.0} {:qty 60 :price 1.5}])
(let [total-qty (reduce + (map :qty lots))
      total-cost (reduce + (map #(* (:qty %) (:price %)) lots))]
  (double (/ total-cost total-qty)))
;;;; realistic_orders_split_full_name_and_sort
(def customers ["smith, john" "doe, jane" "  adams , amy "])
(->> customers
     (map #(map str/trim (str/split % #",")))
     (map (fn [[last first]] (str (str/capitalize first) " " (str/capitalize last))))
     sort
     vec)
;;;; realistic_orders_large_orders_with_customer_name_long
(def customers [{:id "c1" :name "Acme Corp" :country "US"}
                {:id "c2" :name "Globex" :country "DE"}
                {:id "c3" :name "Initech" :country "US"}])
(def orders [{:id 1 :customer-id "c1" :items [{:price 100 :qty 3} {:price 20 :qty 1}]}
             {:id 2 :customer-id "c2" :items [{:price 999 :qty 1}]}
             {:id 3 :customer-id "c3" :items [{:price 5 :qty 4}]}
             {:id 4 :customer-id "c1" :items []}
             {:id 5 :customer-id "c9" :items [{:price 700 :qty 1}]}])
(defn order-total
  "Sum of price * qty over an order's items."
  [order]
  (reduce + 0 (map (fn [{:keys [price qty]}] (* price qty)) (:items order))))
(def customer-by-id (into {} (map (juxt :id identity) customers)))
(->> orders
     (map (fn [o] (assoc o :total (order-total o))))
     (filter #(>= (:total %) 300))
     (map (fn [{:keys [id customer-id total]}]
            (let [c (customer-by-id customer-id)]
              {:order id
               :customer (or (:name c) "?")
               :country (get c :country "n/a")
               :total total})))
     (sort-by :total >)
     vec)
;;;; realistic_orders_country_summary_long
(def orders [{:country "US" :total 100.0 :date "2024-01-02"}
             {:country "DE" :total 80.0 :date "2024-01-03"}
             {:country "US" :total 20.5 :date "2024-02-11"}
             {:country "FR" :total 300.0 :date "2024-02-14"}
             {:country "DE" :total 19.5 :date "2024-03-01"}
             {:country "US" :total 79.5 :date "2024-03-09"}])
(let [by-country (group-by :country orders)
      grand (reduce + (map :total orders))
      summary (for [[c os] by-country
                    :let [sum (reduce + (map :total os))
                          months (->> os (map #(subs (:date %) 5 7)) distinct sort vec)]]
                {:country c
                 :orders (count os)
                 :sum sum
                 :share (format "%.1f%%" (* 100 (/ sum grand)))
                 :months months})]
  (vec (sort-by (juxt (comp - :sum) :country) summary)))
;;;; realistic_orders_abandoned_carts
(def carts [{:id "k1" :updated "2024-05-01T10:00" :checked-out false :items 3}
            {:id "k2" :updated "2024-05-03T09:30" :checked-out true :items 1}
            {:id "k3" :updated "2024-04-20T18:45" :checked-out false :items 0}
            {:id "k4" :updated "2024-04-28T12:00" :checked-out false :items 5}])
(def cutoff "2024-05-01")
(->> carts
     (filter #(and (not (:checked-out %))
                   (pos? (:items %))
                   (neg? (compare (subs (:updated %) 0 10) cutoff))))
     (map :id))
;;;; realistic_orders_group_two_levels
(def sales [{:region "EU" :year 2023 :amt 5} {:region "EU" :year 2024 :amt 7}
            {:region "US" :year 2023 :amt 3} {:region "EU" :year 2023 :amt 1}
            {:region "US" :year 2024 :amt 9}])
(reduce (fn [acc {:keys [region year amt]}]
          (update-in acc [region year] (fnil + 0) amt))
        {}
        sales)
;;;; realistic_orders_fnil_conj_index
(def orders [{:id 1 :customer "ann"} {:id 2 :customer "bob"} {:id 3 :customer "ann"}])
(reduce (fn [m {:keys [id customer]}] (update m customer (fnil conj []) id)) {} orders)
;;;; realistic_orders_min_max_key
(def products [{:name "Pen" :price 2.5} {:name "Desk" :price 300.0} {:name "Mug" :price 9.0}])
[(:name (apply min-key :price products)) (:name (apply max-key :price products))]
;;;; realistic_orders_sum_empty_collection
(def orders [])
{:count (count orders)
 :sum (reduce + (map :total orders))
 :max (when (seq orders) (apply max (map :total orders)))
 :avg (if (empty? orders) 0 (/ (reduce + (map :total orders)) (count orders)))}
;;;; realistic_orders_nil_totals_skipped
(def orders [{:id 1 :total 10} {:id 2 :total nil} {:id 3} {:id 4 :total 5}])
(let [valid (keep :total orders)]
  {:valid (count valid) :missing (- (count orders) (count valid)) :sum (reduce + valid)})
;;;; realistic_orders_err_nil_total_plus
(def orders [{:id 1 :total 10} {:id 2 :total nil} {:id 4 :total 5}])
(reduce + (map :total orders))
;;;; realistic_orders_err_customer_missing_call
(def customers {"c1" {:name "Ann"}})
(def orders [{:id 1 :cid "c1"} {:id 2 :cid "c2"}])
(mapv (fn [o] (str/upper-case (:name (customers (:cid o))))) orders)
;;;; realistic_orders_err_helper_arity
(defn line-total [price qty] (* price qty))
(def items [{:price 2 :qty 3} {:price 5 :qty 1}])
(reduce + (map #(line-total %) items))
;;;; realistic_orders_err_nth_top3_of_two
(def orders [{:id 1 :total 5} {:id 2 :total 9}])
(let [ranked (vec (sort-by :total > orders))]
  {:first (:id (nth ranked 0)) :third (:id (nth ranked 2))})
;;;; realistic_orders_err_unknown_sum_fn
(def orders [{:total 1} {:total 2}])
(sum (map :total orders))
;;;; realistic_orders_err_parse_long_on_decimal
(def rows [["a" "10"] ["b" "2.5"]])
(reduce + (map #(Long/parseLong (second %)) rows))
;;;; realistic_orders_format_half_up_cents
(def prices [2.675 0.125 1.005 10.0 0.35])
(mapv #(format "%.2f" %) prices)
;;;; realistic_orders_format_thousands_separator
(def revenue [{:region "EU" :amount 1234567.891} {:region "US" :amount 98765.4}])
(mapv (fn [{:keys [region amount]}] (format "%s: $%,.2f" region amount)) revenue)
;;;; realistic_orders_format_count_grouping
(def orders (range 1 1201))
(format "Processed %,d orders (%d%% of target)" (* 1000 (count orders)) 120)
;;;; realistic_orders_large_double_total_prints_exponent
(def orders [{:qty 1000000 :price 12.5} {:qty 250000 :price 3.0}])
(let [total (reduce + (map #(* (:qty %) (:price %)) orders))]
  [total (str "Total: " total) (format "%.0f" total) (long total)])
;;;; realistic_orders_cents_truncation_pitfall
(def prices [0.29 1.1 19.99 4.35])
{:int-cents (mapv #(int (* 100 %)) prices)
 :rounded-cents (mapv #(Math/round (* 100 %)) prices)}
;;;; realistic_orders_float_sum_equality
(def items [{:price 0.1} {:price 0.2}])
(let [total (reduce + (map :price items))]
  {:total total :equals-0.3 (= total 0.3) :close (< (Math/abs (- total 0.3)) 1e-9)})
;;;; realistic_orders_int_vs_double_equality
(def orders [{:id 1 :total 100} {:id 2 :total 100.0} {:id 3 :total 99.5}])
{:eq (mapv :id (filter #(= 100 (:total %)) orders))
 :num-eq (mapv :id (filter #(== 100 (:total %)) orders))}
;;;; realistic_orders_max_key_ties_last_wins
(def products [{:name "a" :sold 5} {:name "b" :sold 9} {:name "c" :sold 9} {:name "d" :sold 1}])
[(:name (apply max-key :sold products)) (:name (apply min-key :sold (reverse products)))
 (:name (first (sort-by :sold > products)))]
;;;; realistic_orders_err_max_of_empty_filter
(def orders [{:total 10 :status "paid"} {:total 20 :status "paid"}])
(apply max (map :total (filter #(= "refunded" (:status %)) orders)))
;;;; realistic_orders_err_reduce_max_empty
(def orders [])
(reduce max (map :total orders))
;;;; realistic_orders_reduce_max_with_init
(def orders [])
[(reduce max 0 (map :total orders)) (apply max 0 (map :total orders))]
;;;; realistic_orders_err_max_on_date_strings
(def orders [{:date "2024-03-01"} {:date "2024-04-11"}])
(apply max (map :date orders))
;;;; realistic_orders_numeric_string_sort_pitfall
(def order-ids ["10" "9" "100" "1" "25"])
{:as-strings (vec (sort order-ids))
 :as-numbers (vec (sort-by parse-long order-ids))}
;;;; realistic_orders_csv_trailing_empty_fields
(def rows ["1,Widget,,," "2,Gadget,5," "3,,,"])
(mapv #(str/split % #",") rows)
;;;; realistic_orders_csv_split_limit_keeps_empty
(def rows ["1,Widget,,," "2,Gadget,5,"])
(mapv #(str/split % #"," -1) rows)
;;;; realistic_orders_destructure_or_defaults
(def orders [{:id 1 :qty 2} {:id 2 :qty 1 :discount 0.5} {:id 3 :price 3.0}])
(mapv (fn [{:keys [id qty price discount] :or {qty 1 price 10.0 discount 0}}]
        [id (* qty price (- 1 discount))])
      orders)
;;;; realistic_orders_strs_destructure_json
(def rows [{"sku" "A1" "qty" 3} {"sku" "B2" "qty" 0} {"sku" "C3"}])
(vec (for [{:strs [sku qty] :or {qty 0}} rows :when (pos? qty)] sku))
;;;; realistic_orders_err_format_float_of_long_sum
(def orders [{:total 10} {:total 25}])
(format "Total: %.2f" (reduce + (map :total orders)))
;;;; realistic_orders_format_s_of_values
(def summary {:best "A1" :count 3 :avg 2.0 :tags [:sale "new"]})
(format "best=%s count=%s avg=%s tags=%s missing=%s" (:best summary) (:count summary)
        (:avg summary) (:tags summary) (:nope summary))
;;;; realistic_orders_str_of_mixed_values
(def order {:id 7 :items ["a" "b"] :meta {:gift true} :note nil})
[(str "Order " (:id order) " items=" (:items order) " meta=" (:meta order) " note=" (:note order))
 (str/join ", " [1 nil "a" :k 2.0])
 (pr-str (:items order))]
;;;; realistic_orders_err_update_missing_counter
(def counts {})
(def orders [{:sku "A1"}])
(reduce (fn [m o] (update m (:sku o) inc)) counts orders)
;;;; realistic_orders_compound_growth_iterate
(def start 1000.0)
(def rate 0.07)
(let [years (count (take-while #(< % 2000.0) (iterate #(* % (+ 1 rate)) start)))]
  {:years-to-double years
   :after-5 (format "%.2f" (nth (iterate #(* % (+ 1 rate)) start) 5))})
;;;; realistic_orders_reduced_budget_stop
(def orders [{:id 1 :total 40} {:id 2 :total 35} {:id 3 :total 50} {:id 4 :total 5}])
(reduce (fn [{:keys [spent ids] :as acc} {:keys [id total]}]
          (if (> (+ spent total) 100)
            (reduced acc)
            {:spent (+ spent total) :ids (conj ids id)}))
        {:spent 0 :ids []}
        orders)
;;;; realistic_orders_set_join_relations
(def orders #{{:oid 1 :cid 10} {:oid 2 :cid 11} {:oid 3 :cid 10}})
(def customers #{{:cid 10 :name "Acme"} {:cid 11 :name "Globex"}})
(->> (clojure.set/join orders customers)
     (map (juxt :oid :name))
     sort
     vec)
;;;; realistic_orders_set_select_project
(def orders #{{:oid 1 :total 50 :cid 10} {:oid 2 :total 500 :cid 11} {:oid 3 :total 700 :cid 10}})
(->> (set/select #(> (:total %) 100) orders)
     (#(set/project % [:cid]))
     (map :cid)
     sort)
