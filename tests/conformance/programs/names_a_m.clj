;; Names a–m of the checklist (and clojure.set / clojure.walk): real semantics and edge cases
;; (empty input, nil, negative numbers, wrong types). Printing cases: names_a_m_print.clj.

;;;; names_a_m_arith_quote_variants
[(+' 1 2) (-' 10) (-' 10 3 2) (*' 2 3.5) (inc' 5) (dec' -5) (+') (*') (inc' 1.5) (dec' 0.5)]

;;;; names_a_m_arith_quote_fold
(reduce *' 1 (range 1 11))

;;;; names_a_m_arith_identities
[(+) (*) (- 5) (- 0.0) (+ 1 2.0) (* 2 0.5) (- 10 1 2 3)]

;;;; names_a_m_arith_overflow
(+ Long/MAX_VALUE 1)

;;;; names_a_m_arith_mul_overflow
(* 3037000500 3037000500)

;;;; names_a_m_arith_nil_arg
(+ 1 nil)

;;;; names_a_m_divide
[(/ 6 3) (/ 6.0 4) (/ -9 3) (/ 10 2 5) (/ 2.0) (/ 0.0 5) (/ -1 0.5)]

;;;; names_a_m_divide_by_zero
(/ 1 0)

;;;; names_a_m_compare_chain
[(< 1 2 3) (< 1 2 2) (<= 1 2 2) (> 3 2 1) (>= 3 3 1) (< 1) (> -1 -2.5) (<= 1.0 1)]

;;;; names_a_m_compare_wrong_type
(< 1 "a")

;;;; names_a_m_equality
[(= 1 1.0) (== 1 1.0) (= [1 2] '(1 2)) (= {:a 1} {:a 1.0}) (= "a" "a" "a") (= nil nil)
 (== 2 2 2.0) (= #{1 2} #{2 1}) (= [] '()) (= [] {})]

;;;; names_a_m_equiv_wrong_type
(== 1 "1")

;;;; names_a_m_abs
[(abs -5) (abs 5) (abs -2.5) (abs 0) (abs -0.0) (abs ##-Inf)]

;;;; names_a_m_abs_min_long
(abs Long/MIN_VALUE)

;;;; names_a_m_abs_nil
(abs nil)

;;;; names_a_m_any_and_or
[(any? nil) (any? false) (and) (or) (and 1 nil 2) (and 1 2) (or false nil) (or nil 0 1)]

;;;; names_a_m_apply
[(apply + 1 2 [3 4]) (apply str []) (apply max [3 9 2]) (apply list 1 [2]) (apply vector nil)]

;;;; names_a_m_apply_empty_max
(apply max [])

;;;; names_a_m_array_map
[(array-map :b 1 :a 2) (array-map) (array-map :a 1 :a 2)]

;;;; names_a_m_assoc_edges
[(assoc nil :a 1) (assoc [1 2] 2 3) (assoc [1 2] 0 :x) (assoc {:a 1} :a 2 :b 3)]

;;;; names_a_m_assoc_vector_out_of_range
(assoc [1 2] 3 3)

;;;; names_a_m_assoc_odd_args
(assoc {} :a 1 :b)

;;;; names_a_m_assoc_in
[(assoc-in {} [:a :b] 1) (assoc-in [[1 2]] [0 1] 9) (assoc-in {:a 1} [] 2)
 (assoc-in nil [:x 0] :v) (assoc-in {:a {:b 1}} [:a :c] 2)]

;;;; names_a_m_as_thread
[(as-> 1 x (+ x 1) (* x 10)) (as-> [1 2] v (conj v 3) (count v)) (as-> nil x)]

;;;; names_a_m_thread_first_last
[(-> 5 (- 2) (* 3)) (->> 5 (- 2) (* 3)) (-> {:a {:b 7}} :a :b) (->> [1 2 3] (map inc) (filter odd?))
 (-> 1) (->> [3 1 2] sort (into []))]

;;;; names_a_m_associative
(map associative? [[] {} '() #{} nil "s" (first {:a 1})])

;;;; names_a_m_bit_ops
[(bit-and 12 10) (bit-or 12 10) (bit-xor 12 10) (bit-not 5) (bit-and-not 12 10)
 (bit-shift-left 1 62) (bit-shift-right -16 2) (bit-set 0 3) (bit-clear 15 0) (bit-flip 5 1)
 (bit-test 5 2) (bit-test 5 1) (bit-and -1 255) (bit-or 1 2 4 8)]

;;;; names_a_m_bit_shift_wraps
[(bit-shift-left 1 64) (bit-shift-left 1 65) (bit-shift-right 256 66) (bit-shift-left -1 63)]

;;;; names_a_m_bit_and_double
(bit-and 1.5 1)

;;;; names_a_m_boolean
[(map boolean [nil false 0 "" [] true]) (boolean? false) (boolean? nil) (boolean? "true")]

;;;; names_a_m_butlast
[(butlast [1 2 3]) (butlast [1]) (butlast []) (butlast nil) (butlast "abc") (butlast {:a 1 :b 2})]

;;;; names_a_m_case
(defn kind [x]
  (case x
    (1 2) :low
    3 :three
    "s" :string
    :k :keyword
    [1 2] :pair
    nil :nothing
    :other))
(mapv kind [1 2 3 "s" :k [1 2] nil 4 '(1 2)])

;;;; names_a_m_case_no_match
(case 9 1 :one 2 :two)

;;;; names_a_m_cat
[(into [] cat [[1 2] [3] [] nil]) (transduce cat + [[1 2] [3]]) (sequence cat [[:a] "bc"])]

;;;; names_a_m_char_predicates
(map (juxt char? string? number?) [\a "a" 1 nil])

;;;; names_a_m_coll_predicates
(mapv (juxt coll? counted? indexed?) [[] '(1) {} #{} "s" nil (range 3) 1])

;;;; names_a_m_comp
[((comp) 5) ((comp str inc) 1) ((comp - *) 2 3) ((comp first rest) [1 2 3])
 (map (comp keyword str) ["a" "b"])]

;;;; names_a_m_comparator
[(sort (comparator >) [3 1 2]) (sort-by :n (comparator <) [{:n 2} {:n 1}])
 ((comparator <) 1 2) ((comparator <) 2 1) ((comparator <) 1 1)]

;;;; names_a_m_compare
[(compare 1 2) (compare 2 1) (compare 1 1.0) (compare "a" "c") (compare "abc" "b") (compare :a :b)
 (compare nil 1) (compare nil nil) (compare [1 2] [1 3]) (compare [1 2 3] [1 3]) (compare \a \c)
 (compare false true) (compare :a/b :b)]

;;;; names_a_m_compare_mixed_types
(compare 1 "a")

;;;; names_a_m_complement
[(filter (complement even?) (range 6)) ((complement nil?) nil) ((complement =) 1 2)]

;;;; names_a_m_completing
[(transduce (map inc) (completing + -) 0 [1 2]) ((completing conj) [1] 2) ((completing conj) [1])]

;;;; names_a_m_concat
[(concat) (concat nil [1] "ab" {:a 1}) (concat [1] '(2) #{}) (apply concat [[1] [2 3]])]

;;;; names_a_m_cond
(defn sign [n] (cond (neg? n) :neg (zero? n) :zero :else :pos))
[(map sign [-3 0 4.5]) (cond) (cond false 1) (cond nil 1 :x 2)]

;;;; names_a_m_cond_threading
[(cond-> 1 true inc false (* 100) :always (* 2)) (cond->> [1 2] true (map inc) false reverse)
 (cond-> {:a 1} (nil? nil) (assoc :b 2) false (dissoc :a)) (cond-> 5)]

;;;; names_a_m_condp
(defn size [n] (condp > n 10 :small 100 :medium :large))
[(map size [1 50 500]) (condp = 2 1 :one 2 :two) (condp some [3 4] #{1 2} :low #{4} :>> inc :none)]

;;;; names_a_m_condp_no_match
(condp = 3 1 :one 2 :two)

;;;; names_a_m_conj
[(conj nil 1) (conj [1] 2 3) (conj '(1) 2 3) (conj {:a 1} [:b 2]) (conj {} {:a 1 :b 2})
 (conj #{} 1 1) (conj) (conj [1]) (conj {:a 1} nil)]

;;;; names_a_m_conj_map_bad_pair
(conj {:a 1} [:b])

;;;; names_a_m_cons
[(cons 1 nil) (cons 1 [2]) (cons [1] #{}) (cons nil '()) (cons 0 (range 3)) (cons :a "bc")]

;;;; names_a_m_constantly
[(map (constantly 7) [1 2 3]) ((constantly nil) 1 2 3) ((constantly [1]))]

;;;; names_a_m_contains
[(contains? [1 2 3] 0) (contains? [1 2] 2) (contains? [1 2] -1) (contains? "abc" 1)
 (contains? nil :a) (contains? {:a nil} :a) (contains? #{nil} nil) (contains? {:a 1} 1)]

;;;; names_a_m_contains_on_list
(contains? '(1 2) 0)

;;;; names_a_m_count
[(count nil) (count "héllo") (count {:a 1 :b 2}) (count #{}) (count '(1 2)) (count (range 7))]

;;;; names_a_m_count_number
(count 5)

;;;; names_a_m_inc_dec
[(inc 1.5) (dec 0) (inc -1) (dec -0.5) (map inc [1 2]) (map dec #{3})]

;;;; names_a_m_dec_overflow
(dec Long/MIN_VALUE)

;;;; names_a_m_inc_nil
(inc nil)

;;;; names_a_m_inc_string
(inc "1")

;;;; names_a_m_dedupe
[(dedupe [1 1 2 1 nil nil]) (dedupe []) (into [] (dedupe) [1 1 2 2 1]) (dedupe "aabba")]

;;;; names_a_m_def_defn
(def rate 3)
(defn scale
  "Multiplies by rate."
  ([x] (* rate x))
  ([x y] (+ (scale x) (scale y))))
(defn- hidden [] :h)
[(scale 2) (scale 1 2) (hidden)]

;;;; names_a_m_defonce
(defonce x 1)
(defonce x 2)
(def y 1)
(def y 2)
[x y]

;;;; names_a_m_disj_dissoc
[(sort (disj #{1 2 3} 2 4)) (disj nil 1) (disj #{1}) (dissoc {:a 1 :b 2} :a :c) (dissoc nil :a)
 (dissoc {:a 1}) (dissoc {:a 1 :b 2 :c 3} :b)]

;;;; names_a_m_distinct
[(distinct [1 2 1 nil nil 1.0]) (distinct []) (distinct "abca") (into [] (distinct) [3 3 1])
 (distinct? 1) (distinct? 1 2 1) (distinct? nil false) (distinct? [1] '(1))]

;;;; names_a_m_do_doseq
[(do) (do 1 2) (doseq [x [1 2]] x) (doseq [x [] y (range)] (/ x y))]

;;;; names_a_m_double
[(double 3) (double -0) (double 2.5) (map double [1 2]) (double? 1.0) (double? 1) (decimal? 1.0)
 (decimal? 1)]

;;;; names_a_m_double_string
(double "1")

;;;; names_a_m_drop
[(drop 2 [1 2 3]) (drop -1 [1 2]) (drop 5 [1]) (drop 0 nil) (drop 1 "abc") (drop 1 {:a 1 :b 2})]

;;;; names_a_m_drop_last_while
[(drop-last [1 2 3]) (drop-last 2 [1 2 3]) (drop-last []) (drop-last -1 [1]) (drop-last 5 [1 2])
 (drop-while neg? [-1 -2 3 -4]) (drop-while neg? []) (drop-while some? [1 2])]

;;;; names_a_m_empty
[(map empty [[1] {:a 1} #{1} '(1) nil]) (empty "abc") (empty (range 3)) (empty? nil) (empty? "")
 (empty? []) (empty? {}) (empty? "a") (empty? (range 0))]

;;;; names_a_m_empty_on_number
(empty? 5)

;;;; names_a_m_ensure_reduced
[(reduce (fn [a x] (if (> x 2) (ensure-reduced a) (+ a x))) 0 [1 2 3 4])
 (unreduced (ensure-reduced (reduced 5))) (reduced? (ensure-reduced 1))
 (reduced? (ensure-reduced (reduced 1))) (unreduced (ensure-reduced 2))]

;;;; names_a_m_ensure_reduced_in_transducer
(transduce (map inc) (fn ([acc] acc) ([acc x] (if (> x 3) (ensure-reduced acc) (+ acc x)))) 0 [1 2 3 4 5])

;;;; names_a_m_even_odd
[(filter even? [-2 -1 0 1 2]) (filter odd? [-3 -2 7]) (even? 0) (odd? -1)]

;;;; names_a_m_even_double
(even? 1.0)

;;;; names_a_m_every_pred
[((every-pred pos? even?) 2 4 6) ((every-pred pos? even?) 2 3) ((every-pred pos?))
 (filter (every-pred number? pos?) [1 -1 "a" 2])]

;;;; names_a_m_every
[(every? pos? []) (every? #{1 2} [1 2 2]) (every? :a [{:a 1} {:a nil}]) (every? nil? nil)
 (every? (fn [[k v]] (keyword? k)) {:a 1})]

;;;; names_a_m_false_predicates
[(false? false) (false? nil) (false? 0) (fn? inc) (fn? :a) (ifn? :a) (ifn? {}) (ifn? "s")
 (ifn? #{}) (fn? #(+ %))]

;;;; names_a_m_ffirst_fnext
[(ffirst [[1 2] [3]]) (fnext [1 2 3]) (ffirst nil) (fnext [1]) (ffirst {:a 1}) (fnext "xyz")]

;;;; names_a_m_filter
[(filter identity [nil false 0 ""]) (filter (fn [[k v]] (> v 1)) {:a 1 :b 2}) (filter odd? nil)
 (filterv nil? [1 nil false]) (filterv even? []) (filter #{\a} "banana")]

;;;; names_a_m_filter_not_callable
(filter 5 [1 2])

;;;; names_a_m_find
[(find {:a nil} :a) (find [10 20] 1) (find {:a 1} :b) (find nil :a) (find [1] 5) (key (find {:k 2} :k))]

;;;; names_a_m_first
[(first "") (first {:a 1}) (first #{}) (first nil) (first '(())) (first (range 3 9))]

;;;; names_a_m_first_number
(first 7)

;;;; names_a_m_flatten
[(flatten [1 [2 [3 '(4)]] #{5}]) (flatten nil) (flatten 5) (flatten [[] [[]]]) (flatten {:a [1]})]

;;;; names_a_m_float_int
[(float 1) (float? 1.0) (float? 1) (int 3.9) (int -3.9) (int \a) (int? 1) (int? 1.0) (integer? 1)
 (integer? 1.0)]

;;;; names_a_m_int_out_of_range
(int 2147483648)

;;;; names_a_m_fn_forms
[((fn [x] (* x x)) 4) ((fn f [n] (if (zero? n) 1 (* n (f (dec n))))) 5) (#(+ %1 %2) 1 2)
 ((fn [& xs] xs)) ((fn [a & more] [a more]) 1 2 3) (#(vector %&) 1 2)]

;;;; names_a_m_fnil
[((fnil + 0) nil 5) ((fnil inc 10) nil) (update {} :c (fnil inc 0)) ((fnil conj []) nil 1)
 ((fnil + 0 0) nil nil) ((fnil inc 10) 1)]

;;;; names_a_m_for
[(for [x [1 2] y [:a :b]] [x y]) (for [x (range 5) :when (odd? x)] x)
 (for [x [1 2 3] :let [y (* x x)] :while (< y 5)] y) (for [x []] x)]

;;;; names_a_m_format
[(format "%5.2f|%-4d|%s|%05d|%x|%%" 3.14159 7 nil 42 255) (format "%s and %s" :a [1 "b"])
 (format "%.3e" 12345.678) (format "%,d" 1234567) (format "no args") (format "%b %c" nil \z)]

;;;; names_a_m_format_bad_conversion
(format "%d" 1.5)

;;;; names_a_m_format_missing_arg
(format "%s %s" 1)

;;;; names_a_m_frequencies
[(frequencies []) (frequencies "abca") (frequencies [nil nil 1]) (frequencies [[1] '(1)])]

;;;; names_a_m_get
[(get [1 2] 5 :d) (get "abc" 1) (get nil :a) (get {:a nil} :a 1) (get [1 2] -1) (get #{:x} :x)
 (get {"a" 1} "a") (get [1 2] 1.5) (get 42 :a) (get "abc" 10 :none)]

;;;; names_a_m_get_in
[(get-in {:a [{:b 1}]} [:a 0 :b]) (get-in {:a 1} []) (get-in {:a 1} [:b :c] :nf) (get-in nil [:a])
 (get-in {:a {:b nil}} [:a :b] :nf) (get-in [[1 2] [3 4]] [1 0])]

;;;; names_a_m_group_by
[(group-by count ["a" "bb" "c"]) (group-by odd? []) (group-by :k [{:k 1 :v :a} {:v :b}])
 (group-by first ["ab" "ac" "b"])]

;;;; names_a_m_hash_map_set
[(hash-map) (hash-map :a 1) (hash-set) (sort (hash-set 3 1 3)) (count (hash-set nil nil))]

;;;; names_a_m_hash_map_odd
(hash-map :a)

;;;; names_a_m_identity
[(identity nil) (map identity "ab") (filter identity [1 nil 2]) (identity [1])]

;;;; names_a_m_if_forms
[(if nil 1 2) (if false 1) (if 0 :yes :no) (if-not nil 1 2) (if-not true 1)
 (if-let [x false] x :none) (if-let [[a b] nil] a :none) (if-let [[a b] [1 2]] (+ a b) :none)
 (if-some [x false] x :none) (if-some [x nil] x :none)]

;;;; names_a_m_interleave
[(interleave [1 2 3] [:a :b]) (interleave) (interleave [1 2]) (interleave [] [1])
 (interleave "ab" [1 2] '(x y))]

;;;; names_a_m_interpose
[(interpose 0 []) (interpose ", " ["a"]) (interpose :x [1 2 3]) (apply str (interpose "-" "abc"))
 (into [] (interpose 0) [1 2])]

;;;; names_a_m_into
[(into {} [[:a 1] [:b 2]]) (into '() [1 2 3]) (into [] nil) (into nil [1 2])
 (into [] (map inc) [1 2]) (into #{} [1 1]) (into {:a 1} {:b 2}) (into [1] '(2 3))]

;;;; names_a_m_into_bad_pair
(into {} [[:a]])

;;;; names_a_m_juxt
[((juxt :a :b count) {:a 1}) ((juxt inc dec) 5) (map (juxt identity -) [1 2])]

;;;; names_a_m_keep
[(keep #(when (odd? %) (* % %)) (range 6)) (keep identity [false nil 0]) (keep :a [{:a 1} {}])
 (keep-indexed (fn [i x] (when (even? i) x)) [:a :b :c]) (keep-indexed (fn [i x] (if (odd? i) x)) "")
 (keep-indexed #(when (pos? %2) %1) [-1 5 -2 7])]

;;;; names_a_m_key_val_keys_vals
[(key (first {:a 1})) (val (first {:a 1})) (keys {}) (keys nil) (keys {:a 1 :b 2}) (vals {})
 (vals {:a 1 :b 2}) (map key {:x 1 :y 2})]

;;;; names_a_m_key_of_vector
(key [1 2])

;;;; names_a_m_keys_of_vector
(keys [1 2])

;;;; names_a_m_keyword
[(keyword "a") (keyword "ns" "b") (keyword nil) (keyword :a) (keyword 'x) (keyword 1)
 (keyword "a/b") (keyword? :a) (keyword? "a") (keyword? 'a)]

;;;; names_a_m_last
[(last []) (last "ab") (last nil) (last {:a 1 :b 2}) (last (range 1000)) (last '(1 nil))]

;;;; names_a_m_let_loop
[(let [] 1) (let [a 1 b (inc a) a (* b 10)] [a b]) (let [[x & r] "abc"] [x r])
 (loop [i 0 acc []] (if (< i 3) (recur (inc i) (conj acc i)) acc))
 (loop [[x & xs] [1 2 3] s 0] (if x (recur xs (+ s x)) s))]

;;;; names_a_m_list
[(list) (list nil) (list 1 [2]) (list? (list)) (list? [1]) (list? (range 2))]

;;;; names_a_m_map
[(map + [1 2 3] [10 20]) (map inc nil) (map (fn [[k v]] [v k]) {:a 1}) (map vector [1 2] "ab" [:x :y :z])
 (map-indexed vector "ab") (map-indexed (fn [i x] (* i x)) [])]

;;;; names_a_m_map_predicates
[(map? {}) (map? []) (map? nil) (map-entry? (first {:a 1})) (map-entry? [1 2]) (map-entry? nil)]

;;;; names_a_m_mapcat_mapv
[(mapcat reverse [[1 2] [3]]) (mapcat identity []) (mapcat list [1 2] [:a :b])
 (mapv + [1 2] [3 4 5]) (mapv inc nil) (mapv first {:a 1 :b 2})]

;;;; names_a_m_mapv_wrong_type
(mapv inc [1 "2"])

;;;; names_a_m_max_min
[(max 1 2.0) (max 1) (min -3 2 -3.5) (max 1 ##NaN) (min ##NaN 1) (max -0.0 0) (min 5 5.0)]

;;;; names_a_m_max_string
(max "a" "b")

;;;; names_a_m_max_no_args
(max)

;;;; names_a_m_max_min_key
[(max-key count "a" "bbb" "cc") (max-key count "ab" "cd") (min-key count "ab" "cd")
 (min-key - 1 5 3) (max-key :n {:n 1 :id :a} {:n 9 :id :b}) (max-key inc 7)]

;;;; names_a_m_merge
[(merge) (merge nil) (merge nil {:a 1}) (merge {:a 1} nil) (merge {:a 1 :b 2} {:a 3} {:c 4})
 (merge {} {})]

;;;; names_a_m_merge_with
[(merge-with + {:a 1} {:a 2 :b 3} nil) (merge-with into {:a [1]} {:a [2]} {:a [3]})
 (merge-with +) (merge-with - {:a 1}) (merge-with (fn [a b] b) {:k 1} {:k nil})]

;;;; names_a_m_mod
[(mod 7 3) (mod -7 3) (mod 7 -3) (mod -7 -3) (mod -7.5 2) (mod 0 5) (mod 5.5 1)]

;;;; names_a_m_mod_zero
(mod 5 0)

;;;; names_a_m_set_basics
[(set/union) (set/union #{1} nil) (sort (set/union #{1 2} #{2 3} #{4})) (set/difference #{1 2} #{2 3})
 (set/difference #{1}) (set/intersection #{1 2} #{2}) (set/intersection #{1} #{2})]

;;;; names_a_m_set_subset_superset
[(set/subset? #{} #{1}) (set/subset? #{1 2} #{1}) (set/subset? #{1} #{1}) (set/superset? #{1} #{1 2})
 (set/superset? #{1 2} #{2}) (set/superset? #{} #{})]

;;;; names_a_m_set_map_invert_rename_keys
[(set/map-invert {:a 1 :b 2}) (set/map-invert {}) (set/rename-keys {:a 1 :b 2} {:a :b})
 (set/rename-keys {:a 1 :b 2} {:a :b :b :a}) (set/rename-keys {:a 1} {:z :y}) (set/rename-keys nil {:a :b})]

;;;; names_a_m_set_rename
[(sort-by :x (set/rename #{{:a 1 :b 2} {:a 3 :b 4}} {:a :x})) (set/rename #{} {:a :b})
 (set/rename #{{:a 1}} {:a :a})]

;;;; names_a_m_set_rename_relation
(def people #{{:id 1 :name "ann"} {:id 2 :name "bo"}})
(->> (set/rename people {:name :who :id :pk}) (sort-by :pk) (mapv (juxt :pk :who)))

;;;; names_a_m_set_project_select
[(set/project #{{:a 1 :b 2}} [:a]) (sort-by :a (set/project #{{:a 1 :b 2} {:a 2 :b 2}} [:a]))
 (sort (set/select odd? #{1 2 3})) (set/select nil? #{}) (set/project #{} [:a])]

;;;; names_a_m_set_index_join
(def rel #{{:a 1 :b 2} {:a 1 :b 3} {:a 2 :b 2}})
(def idx (set/index rel [:a]))
[(sort-by :a (keys idx)) (sort-by :b (get idx {:a 1})) (count (get idx {:a 2}))
 (set/join #{{:a 1 :b 2}} #{{:b 2 :c 3}}) (sort-by :c (set/join #{{:k 1}} #{{:k 1 :c 1} {:k 1 :c 2} {:k 2 :c 3}}))
 (set/join #{{:a 1}} #{{:b 2}} {:a :b})]

;;;; names_a_m_set_wrong_type
(set/union #{1} 5)

;;;; names_a_m_walk_keys
[(walk/keywordize-keys {"a" {"b" 1} 1 2}) (walk/keywordize-keys [{"x" [{"y" 1}]}]) (walk/keywordize-keys nil)
 (walk/stringify-keys {:a {:b [{:c 1}]}}) (walk/stringify-keys {:ns/k 1 "s" 2 3 4})]

;;;; names_a_m_walk_post_pre
[(walk/postwalk #(if (number? %) (inc %) %) [1 {:a 2} '(3) #{}])
 (walk/prewalk (fn [x] (if (vector? x) (vec (remove nil? x)) x)) [1 nil [2 nil]])
 (walk/postwalk identity nil) (walk/prewalk #(if (map? %) (dissoc % :drop) %) {:k {:drop 1 :keep 2}})]

;;;; names_a_m_walk_replace
[(walk/prewalk-replace {:a :b} [:a {:a :a}]) (walk/postwalk-replace {1 :one} [1 [1 2] {1 1}])
 (walk/postwalk-replace {} [1]) (walk/prewalk-replace {[1 2] :pair} [[1 2] 3])]

;;;; names_a_m_walk_walk
[(walk/walk inc reverse [1 2 3]) (walk/walk identity vec '(1 2)) (walk/walk #(* 2 %) identity #{3})
 (walk/walk (fn [[k v]] [v k]) identity {:a 1})]

;;;; names_a_m_walk_order
(walk/postwalk (fn [x] (if (and (vector? x) (every? number? x)) (reduce + x) x)) [[1 2] [3 [4 5]]])
