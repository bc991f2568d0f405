;; Programs where PTC-Lisp deliberately differs from Clojure (spec/ptc-lisp.md, "Deliberate
;; differences"). Every case here has a line in ../known_divergences.tsv.
;;;; div_inexact_division_is_double
(/ 1 3)
;;;; div_inexact_division_in_average
(let [xs [1 2 2]] (/ (reduce + xs) (count xs)))
;;;; div_primed_add_overflow_is_error
(+' 9223372036854775807 1)
;;;; div_primed_mul_overflow_is_error
(*' 4611686018427387904 2)
;;;; div_hash_map_keeps_insertion_order
(hash-map :a 1 :b 2 :c 3)
;;;; div_large_map_keeps_insertion_order
(zipmap (range 10) (range 10))
;;;; div_set_prints_sorted
(set [3 1 2])
;;;; div_set_union_prints_sorted
(set/union #{:z :m} #{:a :b})
;;;; div_keyword_finds_string_key
(:name {"name" "Ann"})
;;;; div_get_string_finds_keyword_key
(get {:id 7} "id")
;;;; div_eager_map_raises
(let [xs (map #(quot 10 %) [1 0])] :done)
;;;; div_double_of_inexact_division
(double (/ 1625 3))
;;;; div_partition_double_count_is_error
(partition 2.0 [1 2 3 4])
;;;; div_take_nth_transducer_double_step_is_error
(into [] (take-nth 2.0) [1 2 3 4])
