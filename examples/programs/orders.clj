;; Sales analysis over orders, products and customers — the kind of program an LLM writes.
;;
;;   ptc eval examples/programs/orders.clj --data examples/data/orders.json --show-output
;;
;; data/customers: [{:id "C01" :name "Acme Corp" :region "EU" :tier "gold" ...} ...]
;; data/products:  [{:sku "P-100" :name "Widget" :category "hardware" :price 19.99} ...]
;; data/orders:    [{:id "O-1001" :customer_id "C03" :date "2024-01-04" :status "delivered"
;;                   :items [{:sku "P-301" :qty 1} ...]} ...]

;; Step 1: lookup tables, so each join below is a map access.
(def customers-by-id (into {} (map (juxt :id identity) data/customers)))
(def price-of (into {} (map (juxt :sku :price) data/products)))

(defn round2 [x] (/ (Math/round (* 100.0 x)) 100.0))

(defn order-total
  "Sum of qty × price over an order's lines."
  [{:keys [items]}]
  (round2 (reduce + 0 (map (fn [{:keys [sku qty]}] (* qty (get price-of sku 0))) items))))

;; Step 2: enrich every order with its total and its customer's region and name.
(def enriched
  (for [o data/orders
        :let [c (customers-by-id (:customer_id o))]]
    (assoc o
           :total (order-total o)
           :region (:region c)
           :customer (:name c))))

(println "orders:" (count enriched) "| customers:" (count data/customers)
         "| products:" (count data/products))

;; Cancelled orders bring no revenue.
(def billable (remove #(= "cancelled" (:status %)) enriched))
(println "billable orders:" (count billable))

;; Step 3: revenue per region, largest first.
(def revenue-by-region
  (->> billable
       (group-by :region)
       (map (fn [[region os]] [region (round2 (reduce + (map :total os)))]))
       (sort-by second >)
       (into (array-map))))
(println "revenue by region:" revenue-by-region)

;; Step 4: the three customers with the highest revenue.
(def top-customers
  (->> billable
       (group-by :customer)
       (map (fn [[customer os]]
              {:customer customer
               :orders (count os)
               :revenue (round2 (reduce + (map :total os)))}))
       (sort-by :revenue >)
       (take 3)
       vec))
(doseq [{:keys [customer revenue]} top-customers]
  (println (format "  top customer %-14s %10.2f" customer revenue)))

;; Step 5: average order value and status counts.
(def average-order-value
  (when (seq billable)
    (round2 (/ (reduce + (map :total billable)) (count billable)))))
(println "average order value:" average-order-value)

(def orders-per-status (into {} (sort (frequencies (map :status enriched)))))
(println "orders per status:" orders-per-status)

;; Step 6: which category sells best (quantity, not revenue)?
(def units-by-category
  (let [category-of (into {} (map (juxt :sku :category) data/products))]
    (reduce (fn [acc {:keys [sku qty]}] (update acc (category-of sku) (fnil + 0) qty))
            {}
            (mapcat :items billable))))
(def best-category (key (apply max-key val units-by-category)))
(println "units by category:" units-by-category "-> best:" best-category)

;; The answer.
{:revenue-by-region revenue-by-region
 :top-customers top-customers
 :average-order-value average-order-value
 :orders-per-status orders-per-status
 :best-category best-category
 :total-revenue (round2 (reduce + (map :total billable)))}
