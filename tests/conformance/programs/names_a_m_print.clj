;; Printing: pr-str of results must be byte-identical to Clojure's (doubles, strings with
;; escapes, characters, keywords, nested and empty collections), plus (type x).

;;;; names_a_m_print_double_whole
1.0

;;;; names_a_m_print_double_large_exponent
1e21

;;;; names_a_m_print_double_small_exponent
1.0E-5

;;;; names_a_m_print_double_sum
(+ 0.1 0.2)

;;;; names_a_m_print_negative_zero
[-0.0 (- 0.0) (* -1 0.0)]

;;;; names_a_m_print_infinities
[##Inf ##-Inf (* 2 Double/MAX_VALUE) (- (* 2 Double/MAX_VALUE)) [##Inf {:k ##-Inf}]]

;;;; names_a_m_print_nan_in_map
{:x ##NaN :y [##NaN]}

;;;; names_a_m_print_nan_in_list
(list 1.5 ##NaN (Math/sqrt -1) #{##NaN})

;;;; names_a_m_print_double_thresholds
[100.0 1e7 1.0E6 1234567.0 12345678.9 0.001 1e-3 1.0E-4 1e16 1e15 9999999.0 10000000.0]

;;;; names_a_m_print_double_extremes
[Double/MAX_VALUE Double/MIN_VALUE 4.9E-324 (/ 1.0 3) (* 1.0 Long/MAX_VALUE) 123456789012.5 -1.5e-10]

;;;; names_a_m_print_double_arithmetic
[(* 1.1 1.1) (/ 10 4.0) (- 0.3 0.1) (Math/sqrt 2) (double 1e300) (* 1e300 1e10)]

;;;; names_a_m_print_nested
{:a [1 {:b #{2}} '(3 (4))] :c nil :d {:e {:f []}}}

;;;; names_a_m_print_nested_empty
[[[]] {:a {}} #{#{}} '(()) [() {} #{} ""]]

;;;; names_a_m_print_empty_collections
[[] {} #{} () "" nil (list) (vector) (hash-map) (str)]

;;;; names_a_m_print_nil_inside
[nil [nil] (list nil nil) {nil nil} {:a nil} #{nil}]

;;;; names_a_m_print_string_escapes
"a\nb\tc\"d\\e"

;;;; names_a_m_print_string_control_escapes
["\r" "\f" "\b" "x\r\ny"]

;;;; names_a_m_print_string_unicode
["é" "\u00e9\u4e2d" "\u263A" "naïve café" "日本語"]

;;;; names_a_m_print_string_in_collections
{"k\n" "v\t" :q ["\"quoted\"" "back\\slash"]}

;;;; names_a_m_print_characters
[\newline \space \a \u00e9 \tab \return \backspace \formfeed \" \\ \( \Z \9]

;;;; names_a_m_print_chars_of_string
(seq "a b\n\"é")

;;;; names_a_m_print_keywords
[:a/b :a :b.c/d (keyword "x" "y") :kebab-case? :a1 :*]

;;;; names_a_m_print_symbols
['a/b 'c '+ '*' 'a.b/c '-> (symbol "s") (symbol "n" "m")]

;;;; names_a_m_print_quote_forms
[''x '(quote y) '(1 (2 [3]))]

;;;; names_a_m_print_longs
[Long/MAX_VALUE Long/MIN_VALUE 0 -1 (- 5)]

;;;; names_a_m_print_ranges
[(range 3) (range 0 1 0.25) (range 5 0 -2) (range 0)]

;;;; names_a_m_print_map_entries
[(first {:a 1}) (seq {:a 1 :b "x"}) (vec {:k [1]})]

;;;; names_a_m_print_regex
[#"a+" (re-pattern "a\\d") #"\s*,\s*"]

;;;; names_a_m_print_str_of_values
(str 1.0 nil :a \b "c" [1 "x"] {:a "y"} '(1 "a") #{"s"} 'sym)

;;;; names_a_m_print_str_of_doubles
[(str ##Inf) (str ##-Inf) (str ##NaN) (str -0.0) (str 1e21) (str 0.1) (str 1e-7) (str 100.0)]

;;;; names_a_m_print_pr_str
[(pr-str "a" \b nil) (pr-str) (pr-str {:a 1 :b 2}) (pr-str "") (pr-str [\"]) (pr-str 1.0 "\n")]

;;;; names_a_m_print_str_chars
[(str \newline \a) (str \" \\) (apply str [\a \space \b]) (str "" nil "")]

;;;; names_a_m_print_nested_strings_pr
(pr-str {:msg "line1\nline2" :list ["a\tb"] :c \tab})

;;;; names_a_m_print_type_scalars
[(type 1) (type "s") (type 1.5) (type true) (type \a) (type :k) (type 'x) (type nil)]

;;;; names_a_m_print_type_collections
[(type {}) (type {:a 1}) (type []) (type '(1)) (type ()) (type #{}) (type #{1})
 (type (zipmap (range 9) (range 9)))]

;;;; names_a_m_print_type_misc
[(type inc) (type str/join) (type #"x") (type (try (throw (ex-info "x" {})) (catch Exception e e)))
 (type (reduced 1))]

;;;; names_a_m_print_type_equality
[(= (type 1) (type 2)) (= (type 1) (type 1.0)) (= (type []) (type [1 2])) (pr-str (type {:a 1}))
 (str [(type 1)]) (pr-str [(type "a") (type nil)])]

;;;; names_a_m_print_type_group_by
(group-by type [1 "a" 2 :k "b"])

;;;; names_a_m_print_type_dispatch
(defn describe [x]
  (condp = (type x)
    (type 0) :long
    (type "") :string
    (type []) :vector
    :other))
(mapv describe [5 "s" [1] {:a 1} nil])
