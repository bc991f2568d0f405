;; Chained map/filter/remove stages consumed by reduce, count, map, mapv, filter, filterv or
;; remove run item by item where the order of calls cannot be seen (the analyzer's effect
;; analysis); results and errors must be those of the stage-by-stage builtins.
;;;; fused_stages_basic
(let [orders [{:status "shipped" :amount 10.5} {:status "pending" :amount 3} {:status "shipped" :amount 2}
              {:amount 7} {:status "shipped"}]]
  [(->> orders (filter #(= "shipped" (:status %))) (map :amount) (remove nil?) (reduce +))
   (->> orders (filter #(= (:status %) "shipped")) (map :amount) (filter some?) (reduce + 100))
   (count (filter :status orders)) (count (remove :status orders)) (map :amount (filter :status orders))
   (mapv :status (remove #(= "shipped" (:status %)) orders)) (filter :amount (map #(select-keys % [:amount]) orders))
   (filterv number? (map :amount orders)) (remove nil? (map :status orders))])
;;;; fused_stages_builtins_as_stages
[(reduce + (map inc (filter odd? [1 2 3 4 5]))) (count (filter even? (map inc [1 2 3 4])))
 (reduce max (map :n (filter :ok [{:ok true :n 3} {:n 9} {:ok 1 :n 5}]))) (map str (filter keyword? [:a 1 :b]))
 (reduce * 1 (map dec (filter pos? [-1 2 3 0 4]))) (mapv identity (remove nil? [1 nil 2]))
 (reduce + (map :n (filter #(and (:ok %) (not= 2 (:n %))) [{:ok true :n 2} {:ok true :n 5} {:n 1}])))
 (count (map #(if (:x %) 1 2) (filter map? [{:x 1} 5 {} nil])))]
;;;; fused_stages_sources
[(reduce + (map inc (filter odd? nil))) (count (filter odd? '(1 2 3))) (map inc (filter odd? #{1 2 3 5}))
 (reduce + (map val (filter #(odd? (val %)) {:a 1 :b 2 :c 3}))) (map inc (filter odd? []))
 (take 3 (map inc (filter odd? (range)))) (reduce + (map inc (filter odd? (range 10))))
 (map inc (filter odd? (vec (range 10)))) (count (filter #{2 3} (map inc [1 2 3])))]
;;;; fused_stages_reduce_early_stop
[(reduce (fn [a x] (if (> a 10) (reduced a) (+ a x))) (map :n (filter :n [{:n 5} {} {:n 7} {:n 9} {:n :x}])))
 (reduce (fn [a x] (if (= x 3) (reduced [:found a]) (+ a x))) 0 (map inc (filter odd? [0 1 2 4 6])))
 (reduce conj [] (map :a (filter :a [{:a 1} {:b 2} {:a 3}])))
 (reduce (fn [m x] (assoc m x (count m))) {} (map :k (remove :skip [{:k :a} {:k :b :skip true} {:k :c}])))]
;;;; fused_stages_empty
[(reduce + (map :n (filter :ok []))) (reduce + 5 (map :n (filter :ok [{:n 1}]))) (count (filter :ok []))
 (mapv inc (filter odd? [2 4])) (filterv odd? (map inc [1 3]))]
;;;; fused_stages_sorted_and_odd_items
[(map :a (filter map? [(sorted-map :a 1 :b 2) {:a 3} [1 2] "s" nil]))
 (count (filter :a [(sorted-map :a 1) (hash-map :b 2) {:a nil}]))
 (map #(get % 1) (filter vector? [[0 1] [2] {:a 1} "xy"]))
 (map :k (filter #(= % {:k 1}) [{:k 1} (sorted-map :k 1) {:k 2}]))]
;;;; fused_stages_error_in_the_consumer
(reduce + (map :n (filter :ok [{:ok true :n 1} {:ok true :n "x"} {:ok true :n 2}])))
;;;; fused_stages_error_in_a_stage
(reduce + (map inc (filter odd? [1 2 :x 3])))
;;;; fused_stages_error_first_stage_wins
(reduce + (map #(/ 10 %) (filter number? [1 0 :a "b"])))
;;;; fused_stages_error_stage_before_consumer
(count (map #(/ 1 %) (filter integer? [1 0 2])))
;;;; fused_stages_error_not_a_function
(reduce + (map 5 (filter odd? [1 2])))
;;;; fused_stages_error_filter_not_a_function
(count (filter "x" (map inc [1 2])))
;;;; fused_stages_error_arity
(reduce max (map :n (filter :ok [])))
;;;; fused_stages_error_wrong_arity_fn
(reduce + (map (fn [a b] a) (filter odd? [1 2 3])))
;;;; fused_stages_error_not_a_collection
(reduce + (map inc (filter odd? 5)))
;;;; fused_stages_side_effects_in_the_consumer
(reduce (fn [a x] (println "saw" x) (+ a x)) 0 (map :n (filter :ok [{:ok true :n 1} {:n 2} {:ok true :n 3}])))
;;;; fused_stages_side_effects_in_a_stage
(vec (filter odd? (map (fn [x] (println x) (inc x)) [1 2 3])))
;;;; fused_stages_vec_and_set
[(vec (map inc (filter odd? [1 2 3]))) (set (map :k (filter :k [{:k 2} {:k 1} {} {:k 2}])))
 (count (vec (map inc (filter odd? [1 2 3])))) (map inc (vec (filter odd? [1 2 3]))) (vec (filter odd? nil))
 (count (set (map :k [{:k [1]} {:k [1]} {:k 2}]))) (vec (remove nil? (map :a [{:a 1} {} {:a 3}])))
 (reduce + (vec (map inc (filter even? [0 1 2])))) (set (filter string? (map :s [{:s "b"} {:s "a"} {:s "b"}])))]
;;;; fused_stages_error_vec
(vec (map inc (filter odd? 5)))
;;;; fused_stages_over_range
[(->> (range 10) (map inc) (filter odd?) (reduce +)) (->> (range 10) (filter odd?) (map #(* % %)) (reduce + 100))
 (count (remove even? (range 1 20 3))) (->> (range 10 0 -3) (map dec) vec) (->> (range 5) (mapv inc) (filter even?))
 (->> (range 6) (filterv odd?) (map #(* 2 %)) (reduce +)) (set (map #(mod % 3) (range 10))) (vec (map inc (range 0)))
 (reduce + (map inc (range 5 5))) (reduce + 7 (filter odd? (range -5 0))) (count (map inc (range 3 -3 -2)))
 (->> (range 0.5 3) (map inc) (filter #(> % 2)) vec) (->> (range 1 2 0.25) (map #(* 2 %)) (reduce +))
 (->> (range 10) (map (fn [i] {:id i :odd (odd? i)})) (filter :odd) (map :id) (reduce +))
 (->> (range 100) (map #(* % %)) (filter #(< 1000 % 2000)) (remove even?) (map dec) (reduce conj []))]
;;;; fused_stages_over_range_early_stop
[(reduce (fn [a x] (if (> a 20) (reduced a) (+ a x))) (map inc (filter even? (range 100))))
 (reduce (fn [a x] (if (= x 7) (reduced [:hit a]) (+ a x))) 0 (map inc (range 10)))
 (take 3 (map inc (filter odd? (range 10)))) (first (map :a (map (fn [i] {:a i}) (range 1 4))))]
;;;; fused_stages_over_range_extremes
[(->> (range 9223372036854775805 9223372036854775807) (map #(- % 9223372036854775800)) vec)
 (->> (range -9223372036854775808 -9223372036854775805) (filter even?) (map #(+ % 9223372036854775807)) vec)]
;;;; fused_stages_over_range_side_effects_in_a_stage
(->> (range 4) (map (fn [i] (println "map" i) (* 10 i))) (filter (fn [x] (println "filter" x) (pos? x))) (reduce +))
;;;; fused_stages_over_range_side_effects_in_the_consumer
(reduce (fn [a x] (println "got" x) (+ a x)) 0 (filter odd? (map #(quot 20 %) (range 1 5))))
;;;; fused_stages_over_range_error_in_a_stage
(->> (range 5) (map #(/ 10 (- % 3))) (filter pos?) (reduce +))
;;;; fused_stages_over_range_error_first_stage_wins
(->> (range 5) (map #(if (= % 4) (/ 1 0) %)) (map #(if (= % 1) (inc nil) %)) (reduce +))
;;;; fused_stages_over_range_error_in_the_consumer
(reduce + (map (fn [i] (if (= i 3) :x i)) (filter some? (range 5))))
;;;; fused_stages_over_range_error_overflow
(->> (range 9223372036854775804 9223372036854775807) (map #(+ % 2)) (filter odd?) vec)
;;;; fused_stages_over_range_error_range_argument
(->> (range 1 "x") (map inc) (filter odd?) (reduce +))
;;;; fused_stages_over_range_error_not_a_function
(->> (range 3) (map inc) (filter 7) count)
;;;; fused_stages_let_bound
[(let [xs (map inc (range 10))] (reduce + (filter odd? xs)))
 (let [n 6 xs (map (fn [i] {:id i :amount (* 1.5 i) :status (if (zero? (mod i 3)) "shipped" "pending")}) (range n))]
   (->> xs (filter #(= "shipped" (:status %))) (map :amount) (reduce +)))
 (let [xs (filter odd? [1 2 3 4 5]) ys (map inc xs)] (->> ys (map #(* % %)) vec))
 (let [xs (map inc (range 5))] [(count (filter odd? xs)) (count xs)])
 (let [xs (remove nil? [1 nil 2])] (set (map dec xs)))]
;;;; fused_stages_let_bound_error_in_the_binding
(let [xs (map #(/ 10 (- % 2)) (range 4))] (count (filter pos? xs)))
;;;; fused_stages_let_bound_error_binding_first
(let [xs (map #(/ 10 (- % 2)) (range 4))] (reduce + (map #(inc nil) xs)))
;;;; fused_stages_let_bound_side_effects
(let [xs (map (fn [i] (println "m" i) i) (range 3))] (reduce + (filter odd? xs)))
;;;; fused_stages_let_bound_consumer
[(let [xs (map inc (range 10))] (reduce + xs)) (let [xs (filter odd? [1 2 3])] (reduce + 10 xs))
 (let [xs (map inc (range 1 20 3)) ys (filter even? xs)] (count ys)) (let [xs (map :a [{:a 1} {:a 2}])] (vec xs))
 (let [xs (remove even? (range 6))] (set xs)) (let [xs (map inc [1 2])] (mapv dec xs))
 (let [xs (filter odd? (range 9))] (filterv #(> % 2) xs)) (let [xs (map inc (range 3))] (map #(* % %) xs))]
;;;; fused_stages_let_bound_consumer_error
(let [xs (map #(/ 12 %) [1 2 0])] (count xs))
;;;; fused_stages_let_bound_consumer_error_in_the_consumer
(let [xs (map identity [1 :x 2])] (reduce + xs))
;;;; fused_stages_into
[(into [] (map inc (range 5))) (into {} (map (fn [i] [i (* i i)]) (range 4))) (into nil (map inc [1 2]))
 (into '(0) (filter odd? [1 2 3])) (into [9] (->> [1 2 3 4] (map inc) (filter even?)))
 (into {:a 1} (map (fn [x] [x x]) [:b :a])) (sort (into #{} (map #(mod % 3) (range 10))))
 (into [] (remove nil? (map :a [{:a 1} {} {:a 3}]))) (let [xs (map inc [1 2 3])] (into [0] xs))
 (into {} (map (fn [[k v]] [v k]) {:a 1 :b 2})) (into [] (map inc (filter even? (range 10))))
 (into {} (map (fn [m] m) [{:x 1} {:y 2}]))]
;;;; fused_stages_into_not_pairs
(into {} (map inc [1 2]))
;;;; fused_stages_into_bad_target
(into 5 (map inc [1]))
;;;; fused_stages_into_error_in_a_stage
(into 5 (map #(/ 1 %) [1 0]))
;;;; fused_stages_into_side_effects
(into [] (map (fn [i] (println "m" i) i) (filter (fn [i] (println "f" i) (odd? i)) (range 4))))
