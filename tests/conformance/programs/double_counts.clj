;; Counts and indexes given as doubles. PTC-Lisp has no ratios (difference 2), so a program
;; like (take (/ (count xs) 2) xs) passes a double where Clojure passes a ratio. Clojure walks
;; counts down by (dec n) while (pos? n) (take, drop, nthrest, ...: a non-integer count acts as
;; its ceiling) and casts indexes to long (nth, subs, subvec, repeat: truncated toward zero).
;;;; double_counts_take_half_of_odd_count
(let [xs [5 3 8 1 9]] (take (/ (count xs) 2) xs))
;;;; double_counts_take_whole_double
(take 2.0 [1 2 3 4])
;;;; double_counts_take_fraction_is_ceiling
(take 2.5 [1 2 3 4])
;;;; double_counts_take_negative_double
(take -1.5 [1 2 3])
;;;; double_counts_take_nan
(take ##NaN [1 2 3])
;;;; double_counts_take_infinity
(take ##Inf [1 2 3])
;;;; double_counts_take_huge_double
(take 1e30 [1 2 3])
;;;; double_counts_take_from_infinite_range
(take 2.5 (range))
;;;; double_counts_take_from_iterate
(take 2.5 (iterate inc 0))
;;;; double_counts_take_from_string
(take (/ 5 2) "abcd")
;;;; double_counts_take_transducer
(into [] (take 2.5) [1 2 3 4])
;;;; double_counts_take_transducer_sequence
(sequence (take 1.5) [1 2 3])
;;;; double_counts_drop_fraction
(drop 1.5 [1 2 3 4])
;;;; double_counts_drop_negative
(drop -0.5 [1 2])
;;;; double_counts_drop_infinity
(drop ##Inf [1 2 3])
;;;; double_counts_drop_lazy
(drop 2.5 (range 5))
;;;; double_counts_drop_transducer
(into [] (drop 1.5) [1 2 3 4])
;;;; double_counts_take_last
(take-last 1.5 [1 2 3])
;;;; double_counts_take_last_half
(take-last 0.5 [1 2 3])
;;;; double_counts_drop_last
(drop-last 1.5 [1 2 3])
;;;; double_counts_drop_last_half
(drop-last 0.5 [1 2 3])
;;;; double_counts_split_at
(split-at 1.5 [1 2 3])
;;;; double_counts_split_at_half
(split-at 0.5 [1 2 3])
;;;; double_counts_nthrest
(nthrest [1 2 3] 1.5)
;;;; double_counts_nthrest_negative
(nthrest [1 2 3] -0.5)
;;;; double_counts_nthnext
(nthnext [1 2 3] 1.5)
;;;; double_counts_nthnext_half
(nthnext [1 2 3] 0.5)
;;;; double_counts_repeatedly
(repeatedly 2.5 (constantly 1))
;;;; double_counts_partition_all
(partition-all 1.5 [1 2 3 4])
;;;; double_counts_partition_all_step
(partition-all 2 1.5 [1 2 3 4])
;;;; double_counts_doall
(doall 1.5 [1 2])
;;;; double_counts_dorun
(dorun 1.5 [1 2])
;;;; double_counts_nth_truncates
(nth [1 2 3] 1.5)
;;;; double_counts_nth_whole_double
(nth [1 2 3] 1.0)
;;;; double_counts_nth_truncates_down
(nth [1 2 3] 2.9)
;;;; double_counts_nth_negative_fraction_is_zero
(nth [1 2 3] -0.5)
;;;; double_counts_nth_nan_is_zero
(nth [1 2 3] ##NaN)
;;;; double_counts_nth_out_of_bounds
(nth [1 2 3] 3.5)
;;;; double_counts_nth_out_of_bounds_default
(nth [1 2 3] 5.5 :nf)
;;;; double_counts_nth_beyond_long_is_error
(nth [1 2 3] 1e30)
;;;; double_counts_nth_string
(nth "abc" 1.5)
;;;; double_counts_nth_list
(nth '(1 2 3) 1.5)
;;;; double_counts_nth_range
(nth (range 10) 2.5)
;;;; double_counts_nth_lazy
(nth (map inc [1 2 3]) 1.5)
;;;; double_counts_nth_middle_of_odd_count
(let [xs (sort [7 1 5 3 9])] (nth xs (/ (count xs) 2)))
;;;; double_counts_subs
(subs "hello" 1.0 3.0)
;;;; double_counts_subs_truncates
(subs "hello" 1.7)
;;;; double_counts_subs_end
(subs "hello" 1 3.5)
;;;; double_counts_subs_half
(let [s "abcde"] (subs s 0 (/ (count s) 2)))
;;;; double_counts_subs_beyond_long_is_error
(subs "hello" 1e30)
;;;; double_counts_subvec
(subvec [1 2 3 4] 1.0 3.0)
;;;; double_counts_subvec_truncates
(subvec [1 2 3] 0.9)
;;;; double_counts_repeat
(repeat 2.5 :x)
;;;; double_counts_repeat_whole
(str/join (repeat 2.0 "a"))
;;;; double_counts_repeat_negative
(repeat -1.5 :x)
;;;; double_counts_repeat_nan
(repeat ##NaN :x)
;;;; double_counts_repeat_beyond_long_is_error
(repeat 1e30 :x)
;;;; double_counts_vector_as_function_needs_integer
([1 2 3] 1.0)
;;;; double_counts_get_vector_double_is_nil
(get [1 2 3] 1.0)
;;;; double_counts_assoc_vector_needs_integer
(assoc [1 2 3] 1.0 :x)
;;;; double_counts_take_string_count_is_error
(take "2" [1 2])
;;;; double_counts_substring_method_casts_too
(.substring "hello" 1.0)
;;;; double_counts_take_nth_whole_double
(take-nth 2.0 [1 2 3 4])
;;;; double_counts_take_nth_fraction_steps_by_ceiling
(take-nth 2.5 [1 2 3 4 5 6 7])
