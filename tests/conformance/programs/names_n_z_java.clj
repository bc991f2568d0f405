;; Java interop names: Math/..., Double/..., Long/..., Integer/..., and String methods (.indexOf ...).
;;;; nzj_math_abs
[(Math/abs -5) (Math/abs 5) (Math/abs -0.0) (Math/abs -2.5) (Math/abs ##-Inf) (Math/abs 0)]
;;;; nzj_math_abs_string_is_type_error
(Math/abs "1")
;;;; nzj_math_ceil_floor
[(Math/ceil 1.2) (Math/ceil -1.2) (Math/floor -1.2) (Math/floor 3) (Math/ceil 3) (Math/floor -0.5) (Math/ceil -0.5) (Math/floor 1e20)]
;;;; nzj_math_floor_nil_is_type_error
(Math/floor nil)
;;;; nzj_math_max_min
[(Math/max 1 2) (Math/max -1.5 -2.0) (Math/min 3 -3) (Math/min 0.0 -0.0) (Math/max 1.0 2.0) (Math/min 5 5) (Math/max -9 -10)]
;;;; nzj_math_max_mixed_types
(Math/max 1 2.0)
;;;; nzj_math_pow_sqrt
[(Math/pow 2 -1) (Math/pow 0 0) (Math/pow -8 (/ 1.0 3)) (Math/pow 10 2) (Math/sqrt 2) (Math/sqrt -1) (Math/sqrt 0) (Math/pow 2.5 2)]
;;;; nzj_math_sqrt_string_is_type_error
(Math/sqrt "4")
;;;; nzj_math_round
[(Math/round 2.5) (Math/round -2.5) (Math/round 0.49999) (Math/round -0.5) (Math/round 7.0) (Math/round 1e20) (Math/round -1e20)]
;;;; nzj_math_round_integer_arg
(Math/round 7)
;;;; nzj_math_round_nil_is_type_error
(Math/round nil)
;;;; nzj_math_trig
[(Math/sin (/ 3.141592653589793 2)) (Math/cos 3.141592653589793) (Math/tan 0.0) (Math/asin 1) (Math/acos 1) (Math/atan 0) (Math/atan2 1 1) (Math/asin 2)]
;;;; nzj_math_hyperbolic
[(Math/sinh 0) (Math/cosh 0) (Math/tanh 0) (Math/tanh 100) (Math/sinh 1.0)]
;;;; nzj_math_exp_log
[(Math/exp 1) (Math/log 2.718281828459045) (Math/log 0) (Math/log -1) (Math/log10 0.001) (Math/cbrt -8) (Math/hypot -5 12) (Math/exp -1000)]
;;;; nzj_math_signum_degrees
[(Math/signum -3.5) (Math/signum 0.0) (Math/signum 2.0) (Math/toDegrees 3.141592653589793) (Math/toRadians 180) (Math/toRadians -90)]
;;;; nzj_math_random_in_range
(let [xs (repeatedly 50 #(Math/random))] [(every? #(and (>= % 0.0) (< % 1.0)) xs) (every? double? xs)])
;;;; nzj_math_realistic_percent
(defn pct [part whole] (/ (Math/round (* 1000.0 (/ part whole))) 10.0))
[(pct 1 3) (pct 2 3) (pct 0 5) (pct 5 5)]
;;;; nzj_double_constants
[(> Double/POSITIVE_INFINITY 1e308) (< Double/NEGATIVE_INFINITY -1e308) (= Double/NaN Double/NaN) (Double/isNaN Double/NaN) (Double/isInfinite Double/NEGATIVE_INFINITY) (Double/isInfinite 1e308) (Double/isNaN 1.0) (str Double/NaN)]
;;;; nzj_double_constants_arith
[(+ 1 Double/POSITIVE_INFINITY) (- Double/NEGATIVE_INFINITY) (* 0 Double/POSITIVE_INFINITY) (max 1 Double/NEGATIVE_INFINITY)]
;;;; nzj_double_parse_double
[(Double/parseDouble "1.5") (Double/parseDouble "-2") (Double/parseDouble "1e-3") (Double/parseDouble " 3.5 ") (Double/parseDouble "NaN") (Double/parseDouble "-Infinity")]
;;;; nzj_double_parse_double_bad
(Double/parseDouble "abc")
;;;; nzj_double_parse_double_empty
(Double/parseDouble "")
;;;; nzj_double_parse_double_nil
(Double/parseDouble nil)
;;;; nzj_double_value_of
[(Double/valueOf "2") (Double/valueOf "-0.25") (Double/valueOf 3.0)]
;;;; nzj_double_value_of_bad
(Double/valueOf "x1")
;;;; nzj_double_is_nan_string_is_type_error
(Double/isNaN "NaN")
;;;; nzj_long_parse_long
[(Long/parseLong "123") (Long/parseLong "-0") (Long/parseLong "+5") (Long/parseLong "9223372036854775807")]
;;;; nzj_long_parse_long_overflow
(Long/parseLong "9223372036854775808")
;;;; nzj_long_parse_long_decimal
(Long/parseLong "1.0")
;;;; nzj_long_parse_long_nil
(Long/parseLong nil)
;;;; nzj_long_value_of_to_string
[(Long/valueOf "42") (Long/valueOf "-1") (Long/toString 0) (Long/toString -99) (Long/toString 9223372036854775807)]
;;;; nzj_long_value_of_bad
(Long/valueOf "4 2")
;;;; nzj_integer_parse_int
[(Integer/parseInt "7") (Integer/parseInt "-2147483648") (Integer/parseInt "2147483647") (Integer/parseInt "007") (+ 1 (Integer/parseInt "41"))]
;;;; nzj_integer_parse_int_overflow
(Integer/parseInt "2147483648")
;;;; nzj_integer_parse_int_blank
(Integer/parseInt " 1")
;;;; nzj_integer_parse_int_double
(Integer/parseInt "1.5")
;;;; nzj_integer_value_of_to_string
[(Integer/valueOf "12") (Integer/valueOf "-3") (Integer/toString 255) (Integer/toString -1) (str (Integer/valueOf "5") "x")]
;;;; nzj_integer_value_of_bad
(Integer/valueOf "twelve")
;;;; nzj_string_length
[(.length "") (.length "hello") (.length "héllo") (.length "a b\n")]
;;;; nzj_string_length_nil
(.length nil)
;;;; nzj_string_index_of
[(.indexOf "hello" "l") (.indexOf "hello" "z") (.indexOf "hello" "") (.indexOf "" "a") (.indexOf "héllo" "l") (.indexOf "hello" "l" 3) (.indexOf "aaa" "aa")]
;;;; nzj_string_last_index_of
[(.lastIndexOf "hello" "l") (.lastIndexOf "hello" "z") (.lastIndexOf "a/b/c" "/") (.lastIndexOf "" "") (.lastIndexOf "héhé" "é")]
;;;; nzj_string_contains_starts_ends
[(.contains "hello" "") (.contains "" "a") (.contains "café" "fé") (.startsWith "hello" "") (.startsWith "abc" "ABC") (.endsWith "naïve" "ve") (.endsWith "" "")]
;;;; nzj_string_contains_nil_arg
(.contains "abc" nil)
;;;; nzj_string_substring
[(.substring "hello" 1) (.substring "hello" 0 0) (.substring "hello" 5) (.substring "héllo" 1 3) (.substring "abc" 1 3)]
;;;; nzj_string_substring_out_of_range
(.substring "abc" 2 5)
;;;; nzj_string_substring_negative
(.substring "abc" -1)
;;;; nzj_string_trim
[(.trim "") (.trim "  a  ") (.trim "\t\nx\r ") (.trim "a b")]
;;;; nzj_string_char_at
[(.charAt "abc" 0) (.charAt "héllo" 1) (str (.charAt "xyz" 2))]
;;;; nzj_string_char_at_out_of_range
(.charAt "abc" 3)
;;;; nzj_string_case_empty
[(.isEmpty "") (.isEmpty " ") (.equalsIgnoreCase "ÉCOLE" "école") (.equalsIgnoreCase "a" "b") (.toLowerCase "ÀB") (.toUpperCase "àb") (.toUpperCase "")]
;;;; nzj_string_methods_in_pipeline
(->> ["  Alice " "bob" "  CAROL"] (map #(.trim %)) (filter #(.startsWith (.toLowerCase %) "a")) (map #(.length %)))
;;;; nzj_math_inverse_trig_domain
[(Math/asin -1) (Math/acos -1) (Math/acos 2) (Math/atan 1) (Math/atan ##Inf) (Math/asin 0.5)]
;;;; nzj_math_atan_string_is_type_error
(Math/atan "1")
;;;; nzj_math_hyperbolic_identity
(let [x 0.5] [(< (Math/abs (- (Math/tanh x) (/ (Math/sinh x) (Math/cosh x)))) 1e-12) (Math/cosh -1.0) (Math/sinh -1.0) (Math/tanh ##-Inf)])
;;;; nzj_math_random_dice
(let [rolls (repeatedly 200 #(inc (long (* 6 (Math/random)))))] [(every? #(<= 1 % 6) rolls) (count rolls)])
