;; Sorted collections: sorted-map, sorted-map-by, sorted-set, sorted-set-by, sorted?, subseq,
;; rsubseq, rseq, and the ordinary collection functions over them. Results print in the
;; collection's own order, as Clojure's tree maps and sets do.
;;;; sorted_map_basic
(sorted-map :c 3 :a 1 :b 2)
;;;; sorted_map_empty
[(sorted-map) (count (sorted-map)) (seq (sorted-map)) (keys (sorted-map)) (vals (sorted-map))]
;;;; sorted_map_repeated_key_last_value
(sorted-map :b 1 :a 2 :b 3)
;;;; sorted_map_int_double_key_same
[(sorted-map 1 :a 1.0 :b) (get (sorted-map 1 :a) 1.0) (find (sorted-map 1 :a) 1.0) (assoc (sorted-map 1 :a) 1.0 :b)]
;;;; sorted_map_odd_args_error
(sorted-map :a)
;;;; sorted_map_mixed_keys_error
(sorted-map 1 :a "b" 2)
;;;; sorted_map_assoc_mixed_error
(assoc (sorted-map :a 1) 2 3)
;;;; sorted_map_get_incomparable_error
(get (sorted-map 1 :a) "x")
;;;; sorted_map_keys_vals_first_last
(let [m (sorted-map "pear" 3 "apple" 1 "fig" 2)] [(keys m) (vals m) (first m) (last m) (count m)])
;;;; sorted_map_assoc_dissoc
(-> (sorted-map 5 :e 1 :a) (assoc 3 :c 0 :z) (dissoc 5) (assoc 9 :i))
;;;; sorted_map_dissoc_absent_and_all
[(dissoc (sorted-map 1 2) 7) (dissoc (sorted-map 1 2) 1) (sorted? (dissoc (sorted-map 1 2) 1))]
;;;; sorted_map_conj_entries
(conj (sorted-map :b 2) [:a 1] [:c 3])
;;;; sorted_map_into
[(into (sorted-map) {:b 1 :a 2 :c 0}) (into (sorted-map) [[3 :c] [1 :a] [2 :b]])]
;;;; sorted_map_merge
[(merge (sorted-map :b 1) {:a 2} {:c 3}) (merge {:b 1} (sorted-map :a 2)) (sorted? (merge (sorted-map) {:x 1}))]
;;;; sorted_map_update
[(update (sorted-map :b 1) :a (fnil inc 0)) (update (sorted-map :b 1 :a 5) :b inc) (update-in (sorted-map :x {:y 1}) [:x :y] inc)]
;;;; sorted_map_contains_get
(let [m (sorted-map :a 1 :b nil)] [(contains? m :a) (contains? m :b) (contains? m :z) (get m :a) (get m :z :none) (m :a) (:a m)])
;;;; sorted_map_find
[(find (sorted-map :a 1 :b 2) :b) (find (sorted-map :a 1) :z)]
;;;; sorted_map_reduce_kv
(reduce-kv (fn [acc k v] (conj acc [k v])) [] (sorted-map :b 1 :a 2 :c 3))
;;;; sorted_map_map_filter
[(map key (sorted-map 3 :c 1 :a 2 :b)) (filter (fn [[k _]] (odd? k)) (sorted-map 3 :c 1 :a 2 :b))]
;;;; sorted_map_equality
[(= (sorted-map 1 2 3 4) {3 4 1 2}) (= {1 2} (sorted-map 1 2)) (= (sorted-map 1 2) {1 3}) (= (sorted-map-by > 1 2 3 4) (sorted-map 1 2 3 4))]
;;;; sorted_map_hash
[(contains? #{{:a 1 :b 2}} (sorted-map :b 2 :a 1)) (get {{:b 2 :a 1} :found} (sorted-map :a 1 :b 2)) (count (set [(sorted-map 1 2) {1 2}]))]
;;;; sorted_map_pr_str_nested
(pr-str (sorted-map :b {:z 1 :a 2} :a (sorted-map :y 1 :x 2)))
;;;; sorted_map_nested_vals
(sorted-map "k2" (sorted-map 2 [1 2]) "k1" (sorted-set 3 1 2))
;;;; sorted_map_empty_keeps_comparator
(let [e (empty (sorted-map-by > 1 :a 2 :b))] [e (sorted? e) (assoc e 1 :x 3 :y 2 :z)])
;;;; sorted_map_str
(str (sorted-map :b 2 :a 1))
;;;; sorted_map_by_gt
(sorted-map-by > 1 :a 3 :c 2 :b)
;;;; sorted_map_by_compare_reversed
(sorted-map-by #(compare %2 %1) "x" 1 "z" 2 "y" 3)
;;;; sorted_map_by_compare_fn
(assoc (sorted-map-by compare :b 2 :a 1) :c 3)
;;;; sorted_map_by_key_length
(sorted-map-by (fn [a b] (compare (count a) (count b))) "ccc" 3 "a" 1 "bb" 2 "dd" 4)
;;;; sorted_map_by_comparator_fn
(sorted-map-by (comparator <) 3 1 2 2)
;;;; sorted_map_by_not_fn_error
(sorted-map-by :a 1 2 3 4)
;;;; sorted_map_by_no_args_error
(sorted-map-by)
;;;; sorted_map_by_dissoc_to_empty
(assoc (dissoc (sorted-map-by > 1 2) 1) 3 4 5 6)
;;;; sorted_set_basic
(sorted-set 3 1 2 1)
;;;; sorted_set_empty
[(sorted-set) (seq (sorted-set)) (count (sorted-set)) (first (sorted-set))]
;;;; sorted_set_strings
(sorted-set "pear" "apple" "fig" "apple")
;;;; sorted_set_keywords
(sorted-set :b :a :c/d :c)
;;;; sorted_set_vectors
(sorted-set [1 2] [1] [0 5] [0 1])
;;;; sorted_set_nil_first
(sorted-set 1 nil 2)
;;;; sorted_set_int_double
[(sorted-set 1 1.0 2) (count (sorted-set 1 1.0 2)) (contains? (sorted-set 1 2) 2.0)]
;;;; sorted_set_mixed_error
(sorted-set 1 "a")
;;;; sorted_set_conj_mixed_error
(conj (sorted-set 1) "a")
;;;; sorted_set_contains_mixed_error
(contains? (sorted-set 1 2) :a)
;;;; sorted_set_conj_disj
[(conj (sorted-set "pear" "apple") "fig") (disj (sorted-set 1 2 3) 2) (disj (sorted-set 1 2) 9)]
;;;; sorted_set_disj_mixed_error
(disj (sorted-set 1 2) :a)
;;;; sorted_set_into
[(into (sorted-set) [5 1 3 1]) (into (sorted-set-by >) [1 5 3])]
;;;; sorted_set_first_last_seq
(let [s (sorted-set 3 1 2)] [(first s) (last s) (seq s) (vec s) (nth (seq s) 1)])
;;;; sorted_set_map_filter
[(map inc (sorted-set 3 1 2)) (filter odd? (sorted-set 5 4 3 2 1)) (reduce + (sorted-set 1 2 3))]
;;;; sorted_set_equality_hash
[(= (sorted-set 1 2) #{2 1}) (= #{"a" "b"} (sorted-set 1 2)) (get {#{1 2} :found} (sorted-set 2 1)) (= (sorted-set-by > 1 2) (sorted-set 2 1))]
;;;; sorted_set_as_fn
[((sorted-set :a :b) :a) ((sorted-set :a :b) :z) (get (sorted-set 1 2) 2)]
;;;; sorted_set_empty_keeps_comparator
(conj (empty (sorted-set-by > 1 2 3)) 5 7 6)
;;;; sorted_set_str
[(str (sorted-set 3 1)) (pr-str (sorted-set-by #(compare %2 %1) "a" "c" "b"))]
;;;; sorted_set_by_gt
(sorted-set-by > 1 3 2)
;;;; sorted_set_by_count
(vec (sorted-set-by #(compare (count %1) (count %2)) "ccc" "a" "bb" "zz"))
;;;; sorted_set_by_fractional_comparator
[(sorted-set-by (fn [a b] 0.5) 1 2) (sorted-set-by (fn [a b] -1.5) 1 2)]
;;;; sorted_set_by_nil_comparator_result_error
(sorted-set-by (fn [a b] nil) 1 2)
;;;; sorted_set_by_keyword_result_error
(sorted-set-by (fn [a b] :x) 1 2)
;;;; sorted_set_by_number_comparator_error
(sorted-set-by 5 1 2)
;;;; sorted_set_by_no_args_error
(sorted-set-by)
;;;; sorted_set_by_vector_key
(map :n (sorted-set-by (fn [a b] (compare [(:g a) (:n a)] [(:g b) (:n b)])) {:g 2 :n "x"} {:g 1 :n "y"} {:g 1 :n "a"}))
;;;; sorted_pred
[(sorted? (sorted-set 1)) (sorted? #{1}) (sorted? [1 2]) (sorted? (sorted-map)) (sorted? {}) (sorted? nil)]
;;;; sorted_pred_after_ops
[(sorted? (conj (sorted-set) 1)) (sorted? (into (sorted-map) {:a 1})) (sorted? (assoc (sorted-map) :a 1)) (sorted? (disj (sorted-set 1) 1))]
;;;; sorted_reversible
[(reversible? (sorted-map)) (reversible? (sorted-set)) (reversible? [1]) (reversible? {}) (reversible? '(1))]
;;;; sorted_subseq_gt
[(subseq (sorted-set 1 2 3 4 5) > 2) (subseq (sorted-set 1 2 3 4 5) > 5) (subseq (sorted-set 1 2 3) > 0)]
;;;; sorted_subseq_ge
[(subseq (sorted-set 1 2 3 4 5) >= 2) (subseq (sorted-set 1 3 5) >= 2) (subseq (sorted-set 1 2) >= 9)]
;;;; sorted_subseq_lt
[(subseq (sorted-set 1 2 3 4 5) < 3) (subseq (sorted-set 1 2 3) < 0) (subseq (sorted-set 1 2 3) < 9)]
;;;; sorted_subseq_le
[(subseq (sorted-set 1 2 3 4 5) <= 3) (subseq (sorted-set 1 2 3) <= 1) (subseq (sorted-set 1 2 3) <= 0)]
;;;; sorted_subseq_range
[(subseq (sorted-set 1 2 3 4 5) >= 2 < 4) (subseq (sorted-set 1 2 3 4 5) > 2 <= 4) (subseq (sorted-set 1 2 3) > 3 < 9) (subseq (sorted-set 1 2 3) > 1 < 2)]
;;;; sorted_subseq_map
(subseq (sorted-map "a" 1 "b" 2 "c" 3 "d" 4) >= "b" < "d")
;;;; sorted_subseq_map_by_gt
[(subseq (sorted-map-by > 1 :a 2 :b 3 :c) > 2) (subseq (sorted-map-by > 1 :a 2 :b 3 :c) < 2)]
;;;; sorted_subseq_other_test
[(subseq (sorted-set 1 2 3) = 2) (subseq (sorted-set 1 2 3) = 1) (subseq (sorted-set 1 2 3) not= 3)]
;;;; sorted_subseq_not_sorted_error
(subseq [1 2] < 3)
;;;; sorted_subseq_arity_error
(subseq (sorted-set 1 2) < 3 >)
;;;; sorted_rsubseq_lt
[(rsubseq (sorted-set 1 2 3 4 5) < 3) (rsubseq (sorted-set 1 2 3) < 0) (rsubseq (sorted-set 1 2 3) < 1)]
;;;; sorted_rsubseq_le
[(rsubseq (sorted-set 1 2 3 4 5) <= 3) (rsubseq (sorted-set 2 4) <= 3)]
;;;; sorted_rsubseq_gt_ge
[(rsubseq (sorted-set 1 2 3 4 5) > 3) (rsubseq (sorted-set 1 2 3 4 5) >= 3) (rsubseq (sorted-set 1 2 3) > 9)]
;;;; sorted_rsubseq_range
[(rsubseq (sorted-set 1 2 3 4 5) > 2 <= 4) (rsubseq (sorted-set 1 2 3 4 5) >= 1 < 3) (rsubseq (sorted-set 5 6) > 1 < 3)]
;;;; sorted_rsubseq_map
(rsubseq (sorted-map :a 1 :b 2 :c 3) <= :b)
;;;; sorted_rsubseq_not_sorted_error
(rsubseq {:a 1} < :b)
;;;; sorted_rseq_vector
[(rseq [1 2 3]) (rseq []) (rseq [:x])]
;;;; sorted_rseq_sorted
[(rseq (sorted-set 3 1 2)) (rseq (sorted-map :b 2 :a 1)) (rseq (sorted-map)) (rseq (sorted-set-by > 1 2))]
;;;; sorted_rseq_list_error
(rseq '(1 2))
;;;; sorted_rseq_nil_error
(rseq nil)
;;;; sorted_frequencies_report
(let [words ["b" "a" "c" "a" "b" "a"]] (into (sorted-map) (frequencies words)))
;;;; sorted_group_by_sorted
(into (sorted-map) (group-by count ["bb" "a" "ccc" "dd"]))
;;;; sorted_leaderboard_desc
(into (sorted-map-by >) {10 "x" 30 "y" 20 "z"})
;;;; sorted_big_set_range
(let [s (into (sorted-set) (map #(mod (* % 7919) 1000) (range 1000)))] [(count s) (take 3 s) (take 3 (rseq s)) (count (subseq s >= 500 < 510))])
;;;; sorted_big_map_reverse_inserts
(let [m (reduce #(assoc %1 %2 (* %2 %2)) (sorted-map) (range 300 0 -1))] [(count m) (first m) (last m) (get m 17) (vec (take 2 (subseq m > 295)))])
