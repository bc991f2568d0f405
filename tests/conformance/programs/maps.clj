;; Maps and associative operations.
;;;; maps_literal_print
{:a 1 :b "two" :c [3] :d {:e nil}}
;;;; maps_get
[(get {:a 1} :a) (get {:a 1} :b) (get {:a 1} :b :default) (get [10 20] 1) (get "abc" 0)]
;;;; maps_keyword_lookup
[(:a {:a 1}) (:b {:a 1}) (:b {:a 1} 0) ({:a 1} :a) ({:a 1} :z :dflt)]
;;;; maps_string_keys
(get {"name" "x" "age" 3} "age")
;;;; maps_assoc
[(assoc {} :a 1) (assoc {:a 1} :a 2) (assoc {:a 1} :b 2 :c 3) (assoc nil :k :v)]
;;;; maps_assoc_order
(-> {} (assoc :z 1) (assoc :a 2) (assoc :m 3) (assoc :z 4))
;;;; maps_assoc_vector
[(assoc [1 2 3] 0 :x) (assoc [1 2] 2 3)]
;;;; maps_dissoc
[(dissoc {:a 1 :b 2 :c 3} :b) (dissoc {:a 1} :z) (dissoc {:a 1 :b 2} :a :b) (dissoc nil :a)]
;;;; maps_dissoc_keeps_order
(dissoc {:d 4 :c 3 :b 2 :a 1} :c)
;;;; maps_update
[(update {:a 1} :a inc) (update {:a 1} :b (fnil inc 0)) (update {:a 1} :a + 10 5) (update [1 2] 0 dec)]
;;;; maps_update_nil_value
(update {} :xs conj 1)
;;;; maps_get_in
[(get-in {:a {:b {:c 1}}} [:a :b :c]) (get-in {:a [1 {:x 9}]} [:a 1 :x]) (get-in {} [:a :b] :none) (get-in {:a 1} [])]
;;;; maps_assoc_in
[(assoc-in {} [:a :b] 1) (assoc-in {:a {:b 1}} [:a :c] 2) (assoc-in {:v [0 1]} [:v 1] :x)]
;;;; maps_update_in
[(update-in {:a {:n 1}} [:a :n] inc) (update-in {} [:a :b] (fnil + 0) 5) (update-in {:l [1 2]} [:l] conj 3)]
;;;; maps_merge
[(merge {:a 1} {:b 2} {:a 3}) (merge {:a 1} nil) (merge) (merge nil {:a 1})]
;;;; maps_merge_with
[(merge-with + {:a 1 :b 2} {:a 10 :c 3}) (merge-with into {:x [1]} {:x [2] :y [3]})]
;;;; maps_select_keys
[(select-keys {:a 1 :b 2 :c 3} [:c :a]) (select-keys {:a 1} [:z]) (select-keys {:a nil} [:a])]
;;;; maps_keys_vals
[(keys {:a 1 :b 2}) (vals {:a 1 :b 2}) (keys {}) (vals {})]
;;;; maps_contains
[(contains? {:a nil} :a) (contains? {:a 1} :b) (contains? [5 6] 1) (contains? [5 6] 5) (contains? #{:x} :x)]
;;;; maps_find
[(find {:a 1} :a) (find {:a 1} :b) (key (find {:k :v} :k)) (val (find {:k :v} :k))]
;;;; maps_key_val_entries
(map (juxt key val) {:a 1 :b 2})
;;;; maps_zipmap
[(zipmap [:a :b :c] [1 2 3]) (zipmap [:a :b] [1]) (zipmap [] [])]
;;;; maps_hash_map_small
(hash-map :only 1)
;;;; maps_array_map
(array-map :z 1 :y 2 :x 3)
;;;; maps_into_from_for
(into {} (for [k [:a :b :c]] [k (name k)]))
;;;; maps_update_keys_vals
[(update-vals {:a 1 :b 2} inc) (update-keys {:a 1 :b 2} name)]
;;;; maps_map_entry_pred
[(map-entry? (first {:a 1})) (map-entry? [:a 1])]
;;;; maps_count_equality
[(count {:a 1 :b 2}) (= {:a 1 :b 2} {:b 2 :a 1})]
;;;; maps_nested_structure
(let [db {:users {1 {:name "Ann" :roles [:admin]} 2 {:name "Bob" :roles []}}}]
  [(get-in db [:users 1 :name]) (count (get-in db [:users 2 :roles])) (-> db (assoc-in [:users 2 :roles] [:dev]) (get-in [:users 2 :roles]))])
;;;; maps_int_keys
(get {1 "one" 2 "two"} 2)
;;;; maps_vector_keys
(get {[1 2] :pair} [1 2])
;;;; maps_keyword_fn_on_nil
(:a nil)
;;;; maps_group_by_then_update_vals
(update-vals (group-by :t [{:t :x :v 1} {:t :y :v 2} {:t :x :v 3}]) #(map :v %))
;;;; maps_frequencies_sorted
(sort-by val > (frequencies "mississippi"))
;;;; maps_reduce_into_map_eight
(reduce #(assoc %1 %2 (* %2 %2)) {} (range 8))
;;;; maps_seq_of_map
(seq {:a 1 :b 2})
;;;; maps_merge_order
(merge {:b 1 :a 2} {:c 3 :b 4})
;;;; maps_assoc_existing_keeps_position
(assoc {:a 1 :b 2 :c 3} :a 100)
;;;; maps_empty_map_ops
[(keys {}) (first {}) (merge {} {}) (into {} [])]
;;;; maps_map_as_seq_of_entries
(mapv (fn [e] [(key e) (inc (val e))]) {:a 1 :b 2})
;;;; maps_record_literals
(let [i 7 s "x"]
  [{:id i :amount (* 1.5 i) :status (if (odd? i) "odd" "even")} {:a 1} {"k" i :k s 1 2 nil 3}
   {:a 1 :b 2 :c 3 :d 4 :e 5 :f 6 :g 7 :h 8} ((juxt count :i :a) {:a 1 :b 2 :c 3 :d 4 :e 5 :f 6 :g 7 :h 8 :i i})
   (mapv (fn [n] {:n n :sq (* n n)}) (range 3)) (assoc {:a i} :b 2) (:amount {:id i :amount 3})
   (count {:a [1 2] :b {:c i}}) (keys {:z 1 :y 2 :x 3}) (= {:a 1 :b 2} {:b 2 :a 1}) {}])
;;;; maps_record_literal_value_order
(let [v []] {:a 1 :b (/ 1 0) :c (nth v 5)})
;;;; maps_record_literal_value_error
(let [xs (mapv (fn [i] {:i i :inv (/ 10 (- 3 i))}) (range 5))] xs)
