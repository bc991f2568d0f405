;; Sequence functions of clojure.core.
;;;; seq_map_basic
(map inc [1 2 3])
;;;; seq_map_multi
(map + [1 2 3] [10 20 30] [100 200])
;;;; seq_map_keyword
(map :name [{:name "a"} {:name "b"} {}])
;;;; seq_map_empty
(map inc [])
;;;; seq_mapv
(mapv str [:a :b] [1 2])
;;;; seq_mapv_set_fn
(mapv #{1 3} [1 2 3])
;;;; seq_filter
(filter even? (range 10))
;;;; seq_filter_map_entries
(filter (fn [[k v]] (> v 1)) {:a 1 :b 2 :c 3})
;;;; seq_filterv
(filterv string? [1 "a" :b "c"])
;;;; seq_remove
(remove nil? [1 nil 2 nil 3])
;;;; seq_remove_pred
(remove #(> % 2) [1 2 3 4 1])
;;;; seq_reduce_sum
(reduce + [1 2 3 4 5])
;;;; seq_reduce_init
(reduce (fn [acc x] (conj acc (* x x))) [] [1 2 3])
;;;; seq_reduce_empty
[(reduce + []) (reduce + 10 []) (reduce max [7])]
;;;; seq_reduce_map_build
(reduce (fn [m w] (update m w (fnil inc 0))) {} ["a" "b" "a" "c" "a"])
;;;; seq_reduce_kv
(reduce-kv (fn [acc k v] (assoc acc v k)) {} {:a 1 :b 2})
;;;; seq_reduce_kv_vector
(reduce-kv (fn [acc i x] (+ acc (* i x))) 0 [5 6 7])
;;;; seq_first_rest_next
[(first [1 2 3]) (rest [1 2 3]) (next [1 2 3]) (rest [1]) (next [1]) (first [])]
;;;; seq_second_last
[(second [1 2 3]) (last [1 2 3]) (second [1]) (last [])]
;;;; seq_ffirst_fnext
[(ffirst [[1 2] [3]]) (fnext [1 2 3]) (nfirst [[1 2 3]]) (nnext [1 2 3 4])]
;;;; seq_nth
[(nth [10 20 30] 1) (nth '(a b c) 2) (nth [1 2] 5 :missing) (nth "abc" 1)]
;;;; seq_nthnext_nthrest
[(nthnext [1 2 3 4] 2) (nthrest [1 2 3 4] 2) (nthnext [1] 3) (nthrest [1] 3)]
;;;; seq_take_drop
[(take 2 [1 2 3]) (drop 2 [1 2 3]) (take 5 [1 2]) (drop 5 [1 2]) (take 0 [1])]
;;;; seq_take_last_drop_last
[(take-last 2 [1 2 3 4]) (drop-last [1 2 3]) (drop-last 2 [1 2 3]) (take-last 9 [1])]
;;;; seq_take_while_drop_while
[(take-while neg? [-2 -1 0 1 -3]) (drop-while neg? [-2 -1 0 1 -3])]
;;;; seq_butlast
[(butlast [1 2 3]) (butlast [1]) (butlast [])]
;;;; seq_concat
[(concat [1 2] '(3) [] [4 5]) (concat)]
;;;; seq_cons
[(cons 0 [1 2]) (cons 1 nil) (cons :a '(:b))]
;;;; seq_conj_kinds
[(conj [1 2] 3 4) (conj '(1 2) 3 4) (conj {:a 1} [:b 2]) (conj [] nil)]
;;;; seq_into
[(into [] '(1 2 3)) (into '() [1 2 3]) (into {} [[:a 1] [:b 2]]) (into [0] (map inc) [1 2])]
;;;; seq_into_map_merge
(into {:a 1} {:b 2 :a 3})
;;;; seq_sort
[(sort [3 1 2]) (sort ["pear" "apple" "fig"]) (sort > [3 1 2]) (sort [])]
;;;; seq_sort_mixed_numbers
(sort [3 1.5 2 -1])
;;;; seq_sort_by
(sort-by count ["ccc" "a" "bb"])
;;;; seq_sort_by_desc
(sort-by :price > [{:price 5} {:price 20} {:price 10}])
;;;; seq_sort_by_stable
(sort-by :k [{:k 1 :id "a"} {:k 0 :id "b"} {:k 1 :id "c"} {:k 0 :id "d"}])
;;;; seq_sort_by_juxt
(sort-by (juxt :last :first) [{:first "b" :last "x"} {:first "a" :last "y"} {:first "a" :last "x"}])
;;;; seq_sort_by_compare_desc
(sort-by :n #(compare %2 %1) [{:n 1} {:n 3} {:n 2}])
;;;; seq_reverse
[(reverse [1 2 3]) (reverse []) (reverse "abc")]
;;;; seq_distinct
(distinct [1 2 1 3 2 4])
;;;; seq_dedupe
(dedupe [1 1 2 2 1 3 3])
;;;; seq_flatten
[(flatten [1 [2 [3 [4]]] 5]) (flatten []) (flatten [[] [[]]])]
;;;; seq_mapcat
(mapcat (fn [x] [x (* 10 x)]) [1 2 3])
;;;; seq_mapcat_identity
(mapcat identity [[1 2] [] [3]])
;;;; seq_keep
(keep #(when (odd? %) (* % 10)) [1 2 3 4 5])
;;;; seq_keep_false
(keep #(if (odd? %) false nil) [1 2 3])
;;;; seq_keep_indexed
(keep-indexed (fn [i x] (when (even? i) x)) [:a :b :c :d :e])
;;;; seq_map_indexed
(map-indexed (fn [i x] [i x]) ["a" "b" "c"])
;;;; seq_partition
[(partition 2 [1 2 3 4 5]) (partition 3 1 [1 2 3 4 5]) (partition 2 2 [:pad] [1 2 3])]
;;;; seq_partition_all
[(partition-all 2 [1 2 3 4 5]) (partition-all 3 [])]
;;;; seq_partition_by
(partition-by even? [1 3 2 4 5 7 6])
;;;; seq_group_by
(group-by odd? [1 2 3 4 5])
;;;; seq_group_by_count
(group-by count ["a" "bb" "c" "dd" "eee"])
;;;; seq_frequencies
(frequencies [:a :b :a :c :b :a])
;;;; seq_interleave
[(interleave [1 2 3] [:a :b :c]) (interleave [1 2] [:a])]
;;;; seq_interpose
(interpose ", " ["a" "b" "c"])
;;;; seq_split_at
(split-at 2 [1 2 3 4 5])
;;;; seq_split_with
(split-with #(< % 3) [1 2 3 1 2])
;;;; seq_range
[(range 5) (range 2 6) (range 10 0 -3) (range 0) (range 1 2 0.25)]
;;;; seq_range_double_step_first_long
(range 0 1 0.25)
;;;; seq_repeat_take
[(repeat 3 :x) (take 4 (repeat 0))]
;;;; seq_iterate
(take 6 (iterate #(* 2 %) 1))
;;;; seq_cycle
(take 7 (cycle [:a :b :c]))
;;;; seq_repeatedly
(repeatedly 3 (constantly "x"))
;;;; seq_range_infinite_take
(take 5 (map #(* % %) (range)))
;;;; seq_lazy_first_of_infinite
(first (filter #(> % 100) (iterate inc 0)))
;;;; seq_some_infinite
(some #(when (> (* % %) 50) %) (range))
;;;; seq_seq_fn
[(seq [1 2]) (seq []) (seq "ab") (seq {:a 1}) (seq nil)]
;;;; seq_empty_pred
[(empty? []) (empty? [1]) (empty? "") (empty? nil) (empty? {})]
;;;; seq_not_empty
[(not-empty []) (not-empty [1]) (not-empty "") (not-empty "x")]
;;;; seq_count
[(count [1 2 3]) (count "hello") (count {:a 1 :b 2}) (count nil) (count '()) (count #{1 2})]
;;;; seq_apply
[(apply + [1 2 3]) (apply max 4 [1 9 2]) (apply str "a" ["b" "c"]) (apply vector 1 2 [3])]
;;;; seq_tree_seq
(tree-seq vector? seq [1 [2 [3]] 4])
;;;; seq_tree_seq_maps
(map :id (tree-seq :children :children {:id 1 :children [{:id 2 :children [{:id 3}]} {:id 4}]}))
;;;; seq_vec_vector_list
[(vec '(1 2)) (vec nil) (vector 1 2 3) (list 1 2 3) (vec "ab") (vector)]
;;;; seq_peek_pop
[(peek [1 2 3]) (peek '(1 2 3)) (pop [1 2 3]) (pop '(1 2 3)) (peek [])]
;;;; seq_subvec
[(subvec [1 2 3 4 5] 1 3) (subvec [1 2 3] 1)]
;;;; seq_replace
[(replace {1 :one 2 :two} [1 2 3 1]) (replace [:a :b :c] [0 2])]
;;;; seq_max_min_key
[(max-key count "a" "abc" "ab") (min-key count "bbb" "a" "cc") (apply max-key :v [{:v 1} {:v 3} {:v 2}])]
;;;; seq_distinct_pred
[(distinct? 1 2 3) (distinct? 1 2 1)]
;;;; seq_empty
[(empty [1 2]) (empty {:a 1}) (empty '(1)) (empty "x")]
;;;; seq_every_pred
[((every-pred odd? pos?) 1 3 5) ((every-pred odd? pos?) 1 -3)]
;;;; seq_some_fn
[((some-fn even? neg?) 1 3 -5) ((some-fn even? neg?) 1 3)]
;;;; seq_some_map_lookup
(some :email [{:name "a"} {:email "x@y.z"} {:email "second"}])
;;;; seq_first_map_order
(first {:z 1 :a 2})
;;;; seq_lazy_map_then_vec
(vec (map-indexed #(str %1 %2) "abc"))
;;;; seq_nested_collections_print
[[1 [2 '(3 4)] {:a [5]} '()] (list [] {} "s")]
