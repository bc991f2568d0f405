;; A range call consumed directly by map, mapv, filter, filterv, remove or reduce is counted
;; out without making its list (the analyzer fuses it): results, calls and errors must be
;; those of the builtins over the realised range, for every shape of range.
;;;; fused_range_map_shapes
[(map inc (range 5)) (map inc (range 2 10 3)) (map inc (range 10 0 -1)) (map inc (range -5 5))
 (map inc (range 0)) (map inc (range 5 5)) (map inc (range 3 1)) (map inc (range 1 0 -3))
 (map inc (range 0 10 20)) (map inc (range -3)) (map inc (range 7 -8 -5))]
;;;; fused_range_mapv_shapes
[(mapv inc (range 5)) (mapv inc (range 2 10 3)) (mapv #(* % %) (range 10 0 -2)) (mapv inc (range 0))
 (mapv str (range 3)) (mapv inc (range 3 1))]
;;;; fused_range_filter_remove
[(filter even? (range 10 0 -1)) (filterv odd? (range -5 5)) (remove odd? (range 0))
 (remove even? (range 1 20 3)) (filter #(> % 5) (range 8)) (filterv pos? (range -2 3))
 (filter #{2 4} (range 6)) (remove {1 :one 3 :three} (range 5))]
;;;; fused_range_map_functions
[(map #{1 3} (range 5)) (map {1 :one} (range 3)) (map :a (range 2)) (map (fn [i] {:i i}) (range 3))
 (map str (range 2 4)) (map (partial * 2) (range 4)) (map (comp inc inc) (range 3))]
;;;; fused_range_reduce
[(reduce + (range 101)) (reduce + 5 (range 10 1)) (reduce + (range 0)) (reduce + 7 (range 0))
 (reduce * (range 1 11)) (reduce conj [] (range 4)) (reduce max (range -5 5)) (reduce + (range 10 0 -3))
 (reduce (fn [m i] (assoc m i (* i i))) {} (range 5))
 (reduce (fn [a x] (if (> x 3) (reduced a) (+ a x))) (range 10))
 (reduce (fn [a x] (if (> x 3) (reduced a) (+ a x))) 100 (range 10))
 (reduce (fn [a x] (conj a x)) (list) (range 3)) (reduce str (range 4))]
;;;; fused_range_not_integer
[(map inc (range 0.5 3)) (mapv inc (range 1 2 0.25)) (reduce + (range 0 1 0.1)) (filter pos? (range -1.5 2))
 (take 3 (map inc (range 1 5 0))) (take 3 (filter even? (range))) (first (map inc (range 5 1 0)))
 (reduce + 0 (take 5 (range)))]
;;;; fused_range_nested
[(reduce + (map inc (range 10))) (count (filter odd? (range 100))) (reduce + (mapv #(* 2 %) (range 50)))
 (map #(reduce + (range %)) (range 5)) (mapv (fn [i] (mapv inc (range i))) (range 4))
 (let [n 4] (map #(* n %) (range n))) (->> (range 20) (filter even?) (map #(* % %)) (reduce +))
 (map + (range 3) (range 5)) (reduce + (range 100000)) (count (mapv inc (range 100000)))]
;;;; fused_range_extremes
[(map identity (range 9223372036854775800 9223372036854775807 3))
 (map identity (range -9223372036854775808 -9223372036854775805))
 (mapv dec (range 9223372036854775807 9223372036854775804 -1))
 (count (filter odd? (range -9223372036854775808 -9223372036854775708)))]
;;;; fused_range_side_effects
(let [seen (vec (map (fn [i] (println i) (* 10 i)) (range 3)))] seen)
;;;; fused_range_error_not_a_function
(map 5 (range 3))
;;;; fused_range_error_filter_not_a_function
(vec (filter "x" (range 3)))
;;;; fused_range_error_range_argument
(map inc (range "a"))
;;;; fused_range_error_range_argument_reduce
(reduce + 0 (range 1 :x))
;;;; fused_range_error_in_the_function
(mapv #(/ 10 %) (range 3 -1 -1))
;;;; fused_range_near_overflow
[(vec (map inc (range 9223372036854775806 9223372036854775807 1)))
 (vec (map inc (range 9223372036854775805 9223372036854775807)))]
;;;; fused_range_error_overflow
(mapv #(+ % 2) (range 9223372036854775804 9223372036854775807))
;;;; fused_range_error_reduce_arity
(reduce max (range 0))
;;;; fused_range_error_reduce_types
(reduce + (map (fn [i] (if (= i 3) :x i)) (range 5)))
;;;; fused_range_for
[(for [i (range 5)] (* i i)) (for [i (range 10) :when (odd? i) :let [j (* i 2)] :while (< j 12)] j)
 (for [i (range 3) j (range i)] [i j]) (for [x [1 2] i (range x 0 -1)] [x i]) (for [i (range 0.5 2)] i)
 (for [i (range 0)] i) (for [i (range 1 5 0) :while (< i 0)] i) (count (for [i (range 100000)] i))
 (for [[a b] (map vector (range 3) (range 3 6))] (+ a b)) (for [i (range 3) :when (even? i)] {:i i})]
;;;; fused_range_doseq
(let [v (vec (for [i (range 4)] (do (doseq [j (range i)] (println j)) i)))] v)
;;;; fused_range_for_error_range_argument
(for [i (range "x")] i)
;;;; fused_range_for_error_body
(vec (for [i (range 3 -1 -1)] (/ 6 i)))
;;;; fused_range_vec_set_into
[(vec (range 5)) (vec (range 10 0 -3)) (vec (range 0)) (sort (set (range 4))) (set (range 0))
 (into [9] (range 3)) (into nil (range 3)) (into '(0) (range 1 3)) (sort (into #{1} (range 3)))
 (vec (range 0.5 3)) (into [] (range 1 2 0.25)) (count (vec (range 1000)))]
;;;; fused_range_into_map_error
(into {} (range 3))
;;;; fused_range_into_bad_target
(into 5 (range 3))
;;;; fused_range_into_empty_bad_target
[(into 5 (range 0)) (into 5 []) (into 5 nil) (into 5 (map inc [])) (into (map inc [1]) [5]) (into (map inc [1]) (range 2))]
