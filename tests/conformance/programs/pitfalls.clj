;; Edge cases LLM-written programs hit often: nil flowing through pipelines, empty inputs,
;; wrong argument types.
;;;; pitfall_apply_max_empty
(apply max [])
;;;; pitfall_reduce_max_empty
(reduce max [])
;;;; pitfall_reduce_max_empty_with_init
(reduce max 0 [])
;;;; pitfall_sum_with_nil_price
(reduce + (map :price [{:price 1} {:name "no price"}]))
;;;; pitfall_sum_with_nil_guarded
(reduce + (keep :price [{:price 1} {:name "no price"} {:price 2}]))
;;;; pitfall_count_missing_key
[(count (:items {})) (first (:items nil)) (seq (:items {:items []}))]
;;;; pitfall_keyword_on_string
(:name "Ann")
;;;; pitfall_get_in_vector_index
(get-in {:rows [{:v 1} {:v 2}]} [:rows 1 :v])
;;;; pitfall_get_in_out_of_range
(get-in {:rows [{:v 1}]} [:rows 5 :v])
;;;; pitfall_nth_empty
(nth [] 0)
;;;; pitfall_first_of_empty_map
[(first {}) (seq "") (vals nil) (keys nil)]
;;;; pitfall_sort_by_nil_coll
[(sort-by :a nil) (mapv :a nil) (into [] nil) (apply + nil)]
;;;; pitfall_str_join_nil
[(str/join ", " nil) (count (str/split "" #","))]
;;;; pitfall_split_nil
(str/split nil #",")
;;;; pitfall_name_nil
(name nil)
;;;; pitfall_keyword_nil
(keyword nil)
;;;; pitfall_parse_long_nil
(parse-long nil)
;;;; pitfall_parse_long_spaces
[(parse-long " 42") (parse-long "+42") (parse-long "042") (parse-double " 1.5 ")]
;;;; pitfall_int_of_string
(int "5")
;;;; pitfall_add_nil
(+ 1 nil)
;;;; pitfall_compare_nil_number
(< nil 1)
;;;; pitfall_zero_nil
(zero? nil)
;;;; pitfall_sqrt_negative
(Math/sqrt -1)
;;;; pitfall_assoc_in_nil
[(assoc-in nil [:a :b] 1) (update-in {} [:a] conj 1) (update nil :n (fnil inc 0))]
;;;; pitfall_merge_with_nil
(merge-with + {:a 1} nil {:a 2})
;;;; pitfall_subs_too_long
(subs "short" 0 10)
;;;; pitfall_upper_case_nil_safe
(some-> nil str/upper-case)
;;;; pitfall_contains_on_list
(contains? '(1 2) 1)
;;;; pitfall_map_on_map_returns_entries
(map identity {:a 1})
;;;; pitfall_into_map_from_pairs_of_lists
(into {} (map (fn [x] [x (* x x)]) [1 2]))
;;;; pitfall_conj_vector_vs_list
[(conj [1 2] 0) (conj '(1 2) 0) (conj (map inc [0 1]) 0)]
;;;; pitfall_concat_strings
(concat "ab" "cd")
;;;; pitfall_equal_vector_list
[(= [1 2] (map inc [0 1])) (= [] '()) (= [] nil) (= {} nil)]
;;;; pitfall_int_division_truncation
[(quot 7 2) (int (/ 7 2)) (/ 8 2)]
;;;; pitfall_count_of_number
(count 123)
;;;; pitfall_empty_string_is_truthy
(if "" :truthy :falsy)
;;;; pitfall_zero_is_truthy
(filter identity [0 1 nil 2 false])
;;;; pitfall_str_on_map
(str {:a 1 :b "x"})
;;;; pitfall_max_key_ties
(max-key :n {:id 1 :n 5} {:id 2 :n 5})
;;;; pitfall_min_key_ties
(min-key :n {:id 1 :n 5} {:id 2 :n 5})
;;;; pitfall_max_equal_mixed
[(max 3 3.0) (max 3.0 3) (min 2 2.0)]
;;;; pitfall_sort_stable_desc
(sort-by :k > [{:k 1 :id :a} {:k 2 :id :b} {:k 1 :id :c}])
;;;; pitfall_group_by_missing_key
(group-by :team [{:team "a"} {:name "x"} {:team "a"}])
;;;; pitfall_frequencies_of_maps
(frequencies [{:a 1} {:a 1} {:a 2}])
;;;; pitfall_last_of_map
(last {:a 1 :b 2})
;;;; pitfall_range_negative_step_empty
[(range 5 0) (range 0 5 -1) (take 3 (range 0 -10 -2))]
;;;; pitfall_doubles_equal_ints_in_sets
[(contains? #{1 2} 1.0) (get {1 :x} 1.0) (= 1 1.0)]
;;;; pitfall_format_nil_arg
(format "%s and %s" "x" nil)
