;; Numbers and arithmetic.
;;;; math_basic
[(+) (*) (+ 1 2 3) (- 10 3 2) (- 5) (* 2 3 4) (+ 1 2.5) (* 2 0.5)]
;;;; math_division_exact
[(/ 6 3) (/ 100 10 2) (/ 7.0 2) (/ 1 2.0) (/ 9 -3)]
;;;; math_division_double_wrap
[(double (/ 1 4)) (double (/ 10 4)) (/ 10.0 4)]
;;;; math_quot_rem_mod
[(quot 7 2) (quot -7 2) (rem 7 2) (rem -7 2) (mod 7 2) (mod -7 2) (mod 7 -2) (mod 7.5 2)]
;;;; math_inc_dec
[(inc 1) (dec 1) (inc 1.5) (dec -1) (inc' 5) (dec' 5)]
;;;; math_abs
[(abs -5) (abs 5) (abs -2.5) (abs 0)]
;;;; math_predicates
[(zero? 0) (zero? 0.0) (pos? 1) (neg? -1) (pos? 0) (even? 4) (odd? 3) (even? 0)]
;;;; math_int_predicates
[(int? 1) (int? 1.0) (integer? 5) (pos-int? 1) (pos-int? 0) (neg-int? -2) (nat-int? 0) (nat-int? -1)]
;;;; math_number_predicates
[(number? 1) (number? 1.5) (number? "1") (double? 1.5) (double? 1) (float? 1.5) (ratio? 1) (rational? 1) (decimal? 1.5)]
;;;; math_double_printing
[1.0 0.1 100.0 1.0E7 1.0E-4 0.001 123456.789 -0.0 1.5e300 (* 1.0 10000000)]
;;;; math_double_arith
[(+ 0.1 0.2) (* 1.1 1.1) (- 1.0 0.9) (/ 1.0 3)]
;;;; math_special_doubles
[##Inf ##-Inf (/ 1.0 0) (/ -1.0 0) (NaN? ##NaN) (infinite? ##Inf) (infinite? 1.0) (NaN? 1.0)]
;;;; math_nan_print
[(/ 0.0 0) ##NaN (= ##NaN ##NaN)]
;;;; math_conversions
[(int 3.7) (int -3.7) (double 3) (int \a) (double 7)]
;;;; math_float_value
(float 1.5)
;;;; math_math_functions
[(Math/sqrt 16) (Math/pow 2 10) (Math/abs -3) (Math/abs -2.5) (Math/floor 2.7) (Math/ceil 2.1) (Math/max 1 5) (Math/min 1.5 0.5)]
;;;; math_round
[(Math/round 2.5) (Math/round 2.4) (Math/round -2.5) (Math/round -2.6) (Math/round 7.0)]
;;;; math_round_two_decimals
(/ (Math/round (* 100 3.14159)) 100.0)
;;;; math_bit_ops
[(bit-and 12 10) (bit-or 12 10) (bit-xor 12 10) (bit-not 5) (bit-shift-left 1 10) (bit-shift-right 1024 3)]
;;;; math_bit_ops_more
[(bit-test 5 0) (bit-test 5 1) (bit-set 0 3) (bit-clear 15 0) (bit-flip 5 1) (bit-and-not 15 4)]
;;;; math_numeric_equality
[(== 1 1.0 1) (= 1 1) (= 1.0 1.0) (= 0.1 (/ 1.0 10)) (== 2 2.0)]
;;;; math_big_longs
[9223372036854775807 -9223372036854775808 (+ 9223372036854775806 1) (- -9223372036854775807 1)]
;;;; math_sum_of_range
(reduce + (range 1 1001))
;;;; math_product
(reduce * (range 1 16))
;;;; math_average_double
(let [xs [3 4 5 6]] (double (/ (reduce + xs) (count xs))))
;;;; math_average_exact
(let [xs [10 20 30]] (/ (reduce + xs) (count xs)))
;;;; math_percent
(let [part 37 whole 200] (* 100.0 (/ part (double whole))))
;;;; math_mixed_compare
[(< 1 1.5 2) (> 2.0 1) (max 3 3.0) (min 2.0 2)]
;;;; math_min_max_double_sum
(let [xs [2.5 7.25 1.0]] [(apply min xs) (apply max xs) (reduce + xs)])
;;;; math_long_division_negative
[(quot -9 4) (rem -9 4) (mod -9 4)]
;;;; math_pow_int_result
(int (Math/pow 3 4))
;;;; math_sqrt_nonperfect
(Math/sqrt 2)
;;;; math_floor_neg
[(Math/floor -2.5) (Math/ceil -2.5) (int (Math/floor 9.99))]
;;;; math_numbers_in_strings
[(str 3.0) (str (/ 9 3)) (str (* 1.5 2))]
;;;; math_dec_to_zero
(loop [n 5 acc []] (if (zero? n) acc (recur (dec n) (conj acc n))))
;;;; math_mod_rem_quot_signs_on_locals
;; Operands from locals (the arithmetic node's fast path, not the builtin): every sign pair,
;; zero, and remainders 0, 1, 2 in a row.
(vec (for [x [-9 -7 -6 -1 0 1 6 7 9 9223372036854775807 -9223372036854775807] y [-4 -3 -2 1 2 3 4 1000]]
       [x y (mod x y) (rem x y) (quot x y)]))
;;;; math_mod_in_a_loop
(loop [i -10 acc []] (if (< i 10) (recur (inc i) (conj acc (mod i 3) (mod i -3))) acc))
