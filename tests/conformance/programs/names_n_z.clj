;; clojure.core names n–z: every supported name in at least two cases, with edge cases (empty
;; input, nil, negative numbers, unicode, wrong argument types).
;;;; nz_name
[(name :a) (name :ns/k) (name 'sym) (name 'a/b) (name "plain") (name :héllo)]
;;;; nz_name_nil_is_type_error
(name nil)
;;;; nz_name_number_is_type_error
(name 42)
;;;; nz_nat_int
[(nat-int? 0) (nat-int? 5) (nat-int? -1) (nat-int? 1.0) (nat-int? nil) (nat-int? "1")]
;;;; nz_neg_int_pos_int
[(neg-int? -3) (neg-int? 0) (neg-int? -3.0) (pos-int? 1) (pos-int? 0) (pos-int? 2.5) (pos-int? nil)]
;;;; nz_neg_pos
[(neg? -1) (neg? 0) (neg? -0.0) (neg? -0.5) (pos? 0) (pos? 0.1) (pos? ##Inf) (neg? ##-Inf)]
;;;; nz_neg_nil_is_type_error
(neg? nil)
;;;; nz_pos_string_is_type_error
(pos? "1")
;;;; nz_next
[(next []) (next [1]) (next nil) (next [1 2 3]) (next "ab") (next {:a 1 :b 2}) (next '(1))]
;;;; nz_nfirst_nnext
[(nfirst [[1 2] [3]]) (nfirst [[1]]) (nfirst nil) (nfirst []) (nnext [1 2 3]) (nnext [1 2]) (nnext nil) (nnext "abc")]
;;;; nz_not
[(not nil) (not false) (not 0) (not "") (not []) (not true) (not :k)]
;;;; nz_not_arity
(not 1 2)
;;;; nz_not_any_not_every
[(not-any? odd? []) (not-any? nil? [1 nil]) (not-any? odd? [2 4]) (not-every? even? []) (not-every? even? [2 3]) (not-every? even? [2 4]) (not-any? :a [{:b 1} {}])]
;;;; nz_not_empty
[(not-empty []) (not-empty "") (not-empty [1]) (not-empty {}) (not-empty nil) (not-empty "ab") (not-empty {:a 1}) (not-empty '())]
;;;; nz_not_empty_number_is_type_error
(not-empty 5)
;;;; nz_not_eq
[(not= 1 1.0) (not= 1) (not= [1 2] '(1 2)) (not= "a" "a" "b") (not= nil nil) (not= :a "a") (not= {:a 1} {:a 1})]
;;;; nz_nth
[(nth "abc" 1) (nth [1] 5 :d) (nth nil 0) (nth '(1 2 3) 2) (nth (range 10) 3) (nth [] 0 nil) (nth "é€x" 1)]
;;;; nz_nth_negative_is_index_error
(nth [1 2] -1)
;;;; nz_nth_list_out_of_range
(nth '(1 2) 2)
;;;; nz_nth_string_out_of_range
(nth "ab" 2)
;;;; nz_nthnext_nthrest
[(nthnext [1 2 3] 2) (nthnext [1 2] 5) (nthnext [] 0) (nthnext [1 2] 0) (nthrest [1 2 3] 2) (nthrest [1 2] 5) (nthrest [1] 1) (nthnext "abc" 1)]
;;;; nz_nthrest_empty_coll_returned_as_is
[(nthrest [] 1) (nthrest nil 1) (nthrest "" 2) (nthrest '() 3)]
;;;; nz_nthrest_zero_returns_coll
[(nthrest [1 2] 0) (nthrest '(3 4) 0) (nthrest [1 2 3] -1)]
;;;; nz_number
[(number? 1) (number? 1.5) (number? "1") (number? nil) (number? ##NaN) (number? \1) (number? -0)]
;;;; nz_odd
[(odd? -3) (odd? 0) (odd? 1) (odd? -2) (odd? 9223372036854775807)]
;;;; nz_odd_double_is_type_error
(odd? 1.5)
;;;; nz_odd_nil_is_type_error
(filter odd? [1 nil 3])
;;;; nz_or
[(or) (or nil false) (or false nil) (or nil 0) (or 1 (/ 1 0)) (or false "") (or nil [])]
;;;; nz_or_short_circuit
[(or (seq []) (first [nil]) :fallback) (or (:a {:a false}) (:b {:b 2})) (or (some even? [1 3]) :none)]
;;;; nz_or_in_default
(defn greet [m] (str "hi " (or (:name m) "stranger")))
[(greet {:name "Ann"}) (greet {}) (greet {:name nil}) (greet {:name false})]
;;;; nz_parse_boolean
[(parse-boolean "true") (parse-boolean "false") (parse-boolean "TRUE") (parse-boolean "yes") (parse-boolean "") (parse-boolean " true")]
;;;; nz_parse_boolean_non_string
(parse-boolean 1)
;;;; nz_parse_double
[(parse-double "1.5") (parse-double "1e3") (parse-double "-0.5") (parse-double "abc") (parse-double "") (parse-double "42") (parse-double "1,5")]
;;;; nz_parse_double_special
[(parse-double "NaN") (parse-double "Infinity") (parse-double "-Infinity") (parse-double ".5") (parse-double "5.")]
;;;; nz_parse_double_nil_is_type_error
(parse-double nil)
;;;; nz_parse_long
[(parse-long "42") (parse-long "-7") (parse-long "+7") (parse-long "1.5") (parse-long "") (parse-long "9223372036854775807") (parse-long "9223372036854775808") (parse-long " 1") (parse-long "1_000")]
;;;; nz_parse_long_number_is_type_error
(parse-long 42)
;;;; nz_partial
[((partial + 1) 2 3) ((partial str)) ((partial conj [1]) 2) ((partial max 5) 1 9) ((partial get {:a 1}) :a) ((partial - 10))]
;;;; nz_partial_map
(map (partial * 2) [1 2 3])
;;;; nz_partition
[(partition 2 [1 2 3 4 5]) (partition 2 1 [1 2 3]) (partition 3 3 [:pad] [1 2 3 4]) (partition 2 []) (partition 3 [1 2]) (partition 2 "abcd")]
;;;; nz_partition_pad_short
[(partition 3 3 [] [1 2 3 4]) (partition 2 3 [1 2 3 4 5 6 7]) (partition 1 nil)]
;;;; nz_partition_all
[(partition-all 2 [1 2 3]) (partition-all 2 1 [1 2 3]) (partition-all 3 []) (partition-all 5 [1 2]) (partition-all 1 "ab")]
;;;; nz_partition_by
[(partition-by odd? [1 3 2 4 5]) (partition-by identity "aabbc") (partition-by odd? []) (partition-by :t [{:t 1} {:t 1} {:t 2}]) (partition-by nil? [nil nil 1])]
;;;; nz_pcalls
[(pcalls (fn [] 1) #(+ 1 1)) (pcalls) (pcalls (constantly nil))]
;;;; nz_pcalls_error_propagates
(try (doall (pcalls (fn [] 1) (fn [] (/ 1 0)))) (catch Exception e :failed))
;;;; nz_pmap
[(pmap inc [1 2 3]) (pmap + [1 2] [10 20 30]) (pmap inc []) (pmap :a [{:a 1} {}]) (pmap inc nil)]
;;;; nz_pmap_error_propagates
(try (doall (pmap (fn [x] (nth [1 2] x)) [0 1 2])) (catch Exception e :failed))
;;;; nz_peek_pop
[(peek [1 2 3]) (peek '(1 2 3)) (peek []) (peek nil) (pop [1 2 3]) (pop '(1 2 3)) (pop nil) (pop [1])]
;;;; nz_peek_on_set_is_type_error
(peek #{1})
;;;; nz_pop_on_string_is_type_error
(pop "abc")
;;;; nz_pr_str
[(pr-str) (pr-str nil) (pr-str "a" 1) (pr-str \a) (pr-str [nil "x" :k]) (pr-str "é\n\"q\"") (pr-str '(1 "two")) (pr-str {:a "b"})]
;;;; nz_pr_str_nested_empty
[(pr-str []) (pr-str {}) (pr-str '()) (pr-str #{}) (pr-str 1.0) (pr-str -0.0) (pr-str ##Inf)]
;;;; nz_println_returns_nil
[(println "hello") (println) (println 1 nil "x") (println [1 "a"])]
;;;; nz_println_in_doseq
(doseq [x [1 2]] (println "item" x))
;;;; nz_qualified_simple_keyword
[(qualified-keyword? :a/b) (qualified-keyword? :a) (qualified-keyword? 'a/b) (simple-keyword? :a) (simple-keyword? :a/b) (simple-keyword? "a") (simple-keyword? nil)]
;;;; nz_qualified_simple_symbol
[(qualified-symbol? 'a/b) (qualified-symbol? 'a) (qualified-symbol? :a/b) (simple-symbol? 'a) (simple-symbol? 'a/b) (simple-symbol? "a") (qualified-ident? :x/y) (qualified-ident? 'x/y) (qualified-ident? :x)]
;;;; nz_quot
[(quot 7 2) (quot -7 2) (quot 7 -2) (quot 0 5) (quot 7.5 2) (quot -7.5 2)]
;;;; nz_quot_by_zero
(quot 1 0)
;;;; nz_quot_string_is_type_error
(quot "7" 2)
;;;; nz_quote
['(1 2) (quote x) '[a b] (quote nil) '{:a (+ 1 2)} (first '(inc 1)) (quote (quote y))]
;;;; nz_quote_symbol_type
[(symbol? 'x) (list? '(1)) (count '(1 (2 3))) (= 'a (quote a))]
;;;; nz_range
[(range 0) (range 5 0 -2) (range 3 3) (take 3 (range)) (range -2 2) (range 3 0) (range 0 10 4)]
;;;; nz_range_doubles
[(range 0 1 0.25) (range 0.5 3) (count (range 1000))]
;;;; nz_range_string_is_type_error
(range "5")
;;;; nz_ratio_rational
[(ratio? 1) (ratio? 0.5) (ratio? nil) (rational? 1) (rational? 1.5) (rational? nil) (rational? "1")]
;;;; nz_re_find
[(re-find #"\d+" "ab12cd34") (re-find #"(\w)(\d)" "a1") (re-find #"x" "abc") (re-find #"(a)?b" "b") (re-find #"é+" "caféé!") (re-find #"^$" "")]
;;;; nz_re_find_nil_is_type_error
(re-find #"a" nil)
;;;; nz_re_matches
[(re-matches #"\d+" "12a") (re-matches #"\d+" "12") (re-matches #"(\d+)-(\d+)" "1-2") (re-matches #"a*" "") (re-matches #"(?i)abc" "ABC")]
;;;; nz_re_pattern
[(re-find (re-pattern "a+") "baaa") (str/replace "a1b2" (re-pattern "\\d") "#") (re-matches (re-pattern "[a-z]+@[a-z]+\\.com") "me@x.com") (re-seq (re-pattern "\\s+") "a  b c")]
;;;; nz_re_pattern_number_is_type_error
(re-pattern 5)
;;;; nz_re_seq
[(re-seq #"\d" "a1b2") (re-seq #"x" "abc") (re-seq #"(\w)=(\d)" "a=1 b=2") (re-seq #"\w+" "") (re-seq #"[a-z]+" "héllo wörld")]
;;;; nz_recur_loop
[(loop [i 0 acc []] (if (< i 3) (recur (inc i) (conj acc i)) acc))
 ((fn f [n acc] (if (zero? n) acc (recur (dec n) (* acc n)))) 10 1)
 (loop [xs [1 2 3] total 0] (if-let [x (first xs)] (recur (rest xs) (+ total x)) total))]
;;;; nz_recur_defn_tail
(defn count-down [n] (if (pos? n) (recur (dec n)) :done))
(count-down 100000)
;;;; nz_recur_wrong_count
(loop [a 1 b 2] (if (> a 5) a (recur (inc a))))
;;;; nz_reduce
[(reduce + []) (reduce + 5 []) (reduce max [3]) (reduce conj [] "ab") (reduce + nil) (reduce * [1 2 3 4]) (reduce (fn [acc [k v]] (+ acc v)) 0 {:a 1 :b 2})]
;;;; nz_reduce_reduced
[(reduce (fn [a x] (if (> a 5) (reduced a) (+ a x))) (range 10))
 (reduce (fn [_ x] (reduced x)) nil [7 8 9])
 (reduced? (reduced 1)) (reduced? 1) (unreduced (reduced 5)) (unreduced 5)]
;;;; nz_reduce_empty_no_init_calls_f
(reduce (fn ([] :nothing) ([a b] (+ a b))) [])
;;;; nz_reduce_bad_fn
(reduce 5 [1 2])
;;;; nz_reduce_kv
[(reduce-kv (fn [m k v] (assoc m v k)) {} {:a 1 :b 2}) (reduce-kv (fn [acc i x] (+ acc (* i x))) 0 [1 2 3]) (reduce-kv (fn [a k v] (conj a k)) [] nil) (reduce-kv (fn [a k v] (+ a v)) 0 {})]
;;;; nz_reduce_kv_reduced
(reduce-kv (fn [acc k v] (if (= k :stop) (reduced acc) (+ acc v))) 0 {:a 1 :stop 0 :b 100})
;;;; nz_rem
[(rem -7 2) (rem 7 -2) (rem 7 2) (rem 7.5 2) (rem -7.5 2) (rem 0 3)]
;;;; nz_rem_by_zero
(rem 1 0)
;;;; nz_rem_nil_is_type_error
(rem nil 2)
;;;; nz_remove
[(remove nil? [1 nil 2]) (remove #{:a} [:a :b]) (remove odd? nil) (remove :done [{:done true :id 1} {:id 2}]) (remove even? (range 6)) (remove #(= \a %) "banana")]
;;;; nz_remove_not_fn
(remove 1 [1 2])
;;;; nz_replace
[(replace {:a 1} [:a :b :a]) (replace [10 20] [0 1 5]) (replace {1 :one} '(1 2)) (replace {} []) (replace {:a nil} [:a])]
;;;; nz_rest
[(rest nil) (rest [1]) (rest "abc") (rest []) (rest {:a 1 :b 2}) (rest '(1 2))]
;;;; nz_rest_number_is_type_error
(rest 42)
;;;; nz_reverse
[(reverse []) (reverse nil) (reverse "abc") (reverse {:a 1}) (reverse [1 [2 3]]) (reverse (range 4)) (apply str (reverse "héllo"))]
;;;; nz_reverse_number_is_type_error
(reverse 1)
;;;; nz_reversible
[(reversible? []) (reversible? '()) (reversible? {}) (reversible? nil) (reversible? "ab") (reversible? #{})]
;;;; nz_second
[(second []) (second [1]) (second "ab") (second {:a 1 :b 2}) (second nil) (second '(1 2 3)) (second [nil 2])]
;;;; nz_second_number_is_type_error
(second 12)
;;;; nz_select_keys
[(select-keys {:a 1 :b 2} [:a :c]) (select-keys {} [:a]) (select-keys nil [:a]) (select-keys {:a nil} [:a]) (select-keys [10 20 30] [0 2]) (select-keys {:a 1 :b 2} []) (select-keys {"a" 1 :a 2} ["a"])]
;;;; nz_select_keys_order
(select-keys {:a 1 :b 2 :c 3} [:c :a])
;;;; nz_seq
[(seq []) (seq "") (seq "ab") (seq {:a 1}) (seq nil) (seq '()) (seq [nil]) (seq (range 0))]
;;;; nz_seq_number_is_type_error
(seq 1)
;;;; nz_seq_keyword_is_type_error
(seq :k)
;;;; nz_seq_preds
[(seq? '(1)) (seq? []) (seq? (map inc [1])) (seq? nil) (seq? (seq [1])) (seqable? nil) (seqable? "") (seqable? 1) (seqable? {}) (seqable? :k)]
;;;; nz_sequential
[(sequential? []) (sequential? '()) (sequential? {}) (sequential? #{}) (sequential? "") (sequential? nil) (sequential? (map inc [1])) (sequential? (range 3))]
;;;; nz_set
[(set [1 1]) (set nil) (set "aa") (count (set [1 1 2 2 3])) (sort (set [3 1 2 1])) (set []) (set {:a 1}) (contains? (set "héllo") \é)]
;;;; nz_set_pred
[(set? #{}) (set? #{1}) (set? []) (set? {}) (set? nil) (set? (set [1]))]
;;;; nz_set_number_is_type_error
(set 5)
;;;; nz_some
[(some even? [1 3]) (some #{2} [1 2]) (some :a [{:b 1} {:a 5}]) (some nil? []) (some identity [nil false 0]) (some even? nil) (some #(when (> % 2) (* % 10)) [1 2 3 4])]
;;;; nz_some_not_fn
(some 5 [1 2])
;;;; nz_some_thread
[(some-> {:a {:b 1}} :a :b inc) (some-> nil inc) (some-> {:a nil} :a inc) (some-> 5 (- 2) (* 3)) (some-> {:a false} :a not)]
;;;; nz_some_thread_last
[(some->> [1 2] (map inc) (reduce +)) (some->> nil (map inc)) (some->> {:a 1} :b (str "x")) (some->> [3 1 2] sort first)]
;;;; nz_some_fn
[((some-fn even? neg?) 3) ((some-fn :a :b) {:b 2}) ((some-fn even?)) ((some-fn even? neg?) 1 -3) ((some-fn nil?) 1 2 nil) ((some-fn :x) {})]
;;;; nz_some_pred
[(some? nil) (some? false) (some? 0) (some? "") (some? []) (filter some? [1 nil 2 false])]
;;;; nz_sort
[(sort []) (sort nil) (sort > [1 3 2]) (sort ["b" "A" "a"]) (sort [[2 1] [1 2] [1 1]]) (sort [nil 1]) (sort [1 2.5 0 -1]) (sort "cab")]
;;;; nz_sort_comparator_fn
[(sort #(compare %2 %1) ["a" "c" "b"]) (sort (fn [a b] (< (count a) (count b))) ["ccc" "a" "bb"]) (sort [:b :a :c]) (sort [\b \a])]
;;;; nz_sort_mixed_is_type_error
(sort [1 :a])
;;;; nz_sort_maps_is_type_error
(sort [{:a 1} {:a 2}])
;;;; nz_sort_by
[(sort-by :age [{:age 3} {:age 1}]) (sort-by count > ["aa" "b" "ccc"]) (sort-by first [[1 :b] [0 :x] [1 :a]]) (sort-by :k []) (sort-by - [1 3 2]) (sort-by :n [{:n nil} {:n 2} {:n 1}])]
;;;; nz_sort_by_multiple_keys
(sort-by (juxt :dept :name) [{:dept "b" :name "z"} {:dept "a" :name "y"} {:dept "b" :name "a"}])
;;;; nz_sort_by_mixed_keys_is_type_error
(sort-by :v [{:v 1} {:v "a"}])
;;;; nz_split_at_with
[(split-at 2 [1 2 3]) (split-at 0 []) (split-at 5 [1]) (split-at -1 [1 2]) (split-with odd? [1 3 4 5]) (split-with odd? []) (split-with pos? [-1 2]) (split-at 1 "ab")]
;;;; nz_str
[(str) (str nil) (str 1.0) (str \a "b") (str :a/b) (str ##Inf) (str (list)) (str []) (str nil "x" nil) (str -0.0) (str 'sym) (str "é" \€)]
;;;; nz_str_big_numbers
[(str 9223372036854775807) (str 1.5e300) (str 123456789.0) (str 0.1) (str 1e7) (str 1e-3)]
;;;; nz_string_pred
[(string? "") (string? \a) (string? nil) (string? :a) (string? (str 1)) (string? 'a)]
;;;; nz_subs
[(subs "héllo" 1 2) (subs "abc" 3) (subs "abc" 0 0) (subs "hello world" 6) (subs "€uro" 0 1)]
;;;; nz_subs_end_before_start
(subs "abc" 2 1)
;;;; nz_subs_negative
(subs "abc" -1)
;;;; nz_subs_past_end
(subs "abc" 1 10)
;;;; nz_subs_nil_is_type_error
(subs nil 0)
;;;; nz_subvec
[(subvec [1 2 3] 1) (subvec [1 2 3] 1 1) (subvec [1 2 3] 0 3) (subvec [] 0) (conj (subvec [1 2 3] 0 2) :x)]
;;;; nz_subvec_out_of_range
(subvec [1 2] 3)
;;;; nz_subvec_reversed
(subvec [1 2 3] 2 1)
;;;; nz_subvec_list_is_type_error
(subvec '(1 2 3) 1)
;;;; nz_symbol
[(symbol "a") (symbol "ns" "n") (symbol 'x) (= 'abc (symbol "abc")) (symbol? (symbol "q")) (name (symbol "p/q")) (namespace (symbol "p/q"))]
;;;; nz_symbol_pred
[(symbol? 'a) (symbol? "a") (symbol? :a) (symbol? nil) (symbol? (first '(f x))) (symbol? 'a/b)]
;;;; nz_take
[(take 0 [1]) (take -1 [1]) (take 5 [1 2]) (take 2 nil) (take 3 "abcd") (take 2 {:a 1 :b 2 :c 3}) (take 3 (repeat :x)) (take 2 (iterate inc 5))]
;;;; nz_take_string_count_is_type_error
(take "2" [1 2 3])
;;;; nz_take_last
[(take-last 2 [1 2 3]) (take-last 0 [1]) (take-last 5 [1]) (take-last 2 []) (take-last 2 nil) (take-last 1 "abc") (take-last -1 [1 2])]
;;;; nz_take_while
[(take-while neg? [-1 -2 0 -3]) (take-while odd? []) (take-while pos? (range 5)) (take-while #(< % 3) (range)) (take-while some? [1 nil 2]) (take-while #(not= \space %) "ab cd")]
;;;; nz_transduce
[(transduce (map inc) + [1 2 3]) (transduce (filter odd?) conj [] (range 6)) (transduce (map inc) + 10 []) (transduce (comp (map inc) (filter even?)) + [1 2 3]) (transduce (take 2) conj [1 2 3 4]) (transduce (map :n) max 0 [{:n 3} {:n 9}])]
;;;; nz_transduce_str
(transduce (comp (remove nil?) (map name) (interpose ",")) str [:a nil :b])
;;;; nz_tree_seq
[(tree-seq vector? seq [1 [2 [3]]]) (map :id (tree-seq map? :children {:id 1 :children [{:id 2 :children [{:id 3}]} {:id 4}]})) (tree-seq seq? seq '()) (count (tree-seq coll? seq {:a [1 2]}))]
;;;; nz_true_pred
[(true? true) (true? 1) (true? "true") (true? nil) (true? (= 1 1)) (filter true? [true 1 false true])]
;;;; nz_try_catch
[(try (/ 1 0) (catch Exception e :caught)) (try 1 (finally 2)) (try (throw (ex-info "x" {:a 1})) (catch Exception e (ex-data e))) (try (nth [] 1) (catch Exception e :index)) (try :ok (catch Exception e :never))]
;;;; nz_try_ex_message
[(try (throw (ex-info "order 7 missing" {:id 7})) (catch Exception e (ex-message e)))
 (try (throw (ex-info "boom" {})) (catch clojure.lang.ExceptionInfo e (str "caught: " (ex-message e))))]
;;;; nz_try_finally_value_discarded
(let [r (try (+ 1 2) (finally (println "cleanup")))] r)
;;;; nz_try_nested_rethrow
(try (try (throw (ex-info "inner" {:n 1})) (catch Exception e (throw (ex-info "outer" {:n 2})))) (catch Exception e (:n (ex-data e))))
;;;; nz_try_uncaught_error_inside_finally_only
(try (+ 1 "a") (finally 1))
;;;; nz_type_number_types
[(= (type 1) (type 2)) (= (type 1) (type 1.0)) (= (type "a") (type "b")) (= (type []) (type [1])) (= (type :a) (type :b))]
;;;; nz_type_printed
[(type 1) (type "s") (type :k) (type nil) (type 1.5) (type []) (type 'a) (type \a) (type true)]
;;;; nz_type_of_collections
[(= (type {}) (type {:a 1})) (= (type #{}) (type #{1})) (= (type []) (type '())) (= (type nil) (type nil))]
;;;; nz_update
[(update {:a 1} :a inc) (update {} :a (fnil inc 0)) (update {:a 1} :b identity) (update [1 2] 0 inc) (update {:a [1]} :a conj 2 3) (update nil :a (fnil inc 0)) (update [1 2] 2 (fnil inc 0))]
;;;; nz_update_counts
(reduce (fn [m w] (update m w (fnil inc 0))) {} ["a" "b" "a" "c" "a"])
;;;; nz_update_vector_out_of_range
(update [1] 5 identity)
;;;; nz_update_nil_value_inc
(update {:a nil} :a inc)
;;;; nz_update_in
[(update-in {:a {:b 1}} [:a :b] inc) (update-in {} [:a :b] (fnil inc 0)) (update-in [[1 2] [3]] [1 0] * 10) (update-in {:a {:b [1 2]}} [:a :b 0] - ) (update-in {:a 1} [:b] (fnil conj []) :x)]
;;;; nz_update_in_empty_path
(update-in {:a 1} [] (constantly 5))
;;;; nz_update_in_through_number_is_type_error
(update-in {:a 1} [:a :b] inc)
;;;; nz_update_keys_vals
[(update-keys {:a 1 :b 2} name) (update-keys {} name) (update-keys nil name) (update-keys {:a 1 :b 2} (constantly :k)) (update-vals {:a 1 :b 2} inc) (update-vals {} inc) (update-vals {:a [1 2] :b []} count)]
;;;; nz_update_vals_nil_is_type_error
(update-vals {:a nil} inc)
;;;; nz_val_vals
[(val (first {:a 1})) (vals {}) (vals {:a 1 :b 2}) (vals nil) (map val {:x 1 :y 2}) (reduce + (vals {:a 1 :b 2 :c 3}))]
;;;; nz_vals_vector_is_type_error
(vals [1 2])
;;;; nz_vec
[(vec nil) (vec "ab") (vec {:a 1}) (vec '(1 2)) (vec []) (vec (range 3)) (vec #{1})]
;;;; nz_vector
[(vector) (vector nil) (vector 1 [2]) (vector "a" :b \c) (apply vector (range 3)) (vector? (vector))]
;;;; nz_vector_pred
[(vector? []) (vector? '()) (vector? (first {:a 1})) (vector? nil) (vector? "ab") (vector? (vec '(1)))]
;;;; nz_when
[(when false 1) (when true 1 2) (when nil) (when 0 :zero) (when "" :empty-string) (when [] :empty-vec)]
;;;; nz_when_first
[(when-first [x [1 2]] x) (when-first [x []] x) (when-first [x [nil 2]] :got) (when-first [x nil] :no) (when-first [c "abc"] c)]
;;;; nz_when_let
[(when-let [x nil] 1) (when-let [x 0] x) (when-let [x false] 1) (when-let [[a b] [1 2]] (+ a b)) (when-let [x (seq [])] :never) (when-let [m {:a 1}] (:a m))]
;;;; nz_when_let_two_bindings
(when-let [x 1 y 2] (+ x y))
;;;; nz_when_not_some
[(when-not false 1) (when-not 0 1) (when-not nil :a :b) (when-some [x false] x) (when-some [x nil] 1) (when-some [x 0] (inc x))]
;;;; nz_zero
[(zero? 0) (zero? 0.0) (zero? -0.0) (zero? 1) (zero? -1e-300) (filter zero? [0 1 0.0])]
;;;; nz_zero_nil_is_type_error
(zero? nil)
;;;; nz_zero_string_is_type_error
(zero? "0")
;;;; nz_zipmap
[(zipmap [:a :b] [1 2]) (zipmap [:a :b :c] [1]) (zipmap [] []) (zipmap [:a :a] [1 2]) (zipmap nil nil) (zipmap "ab" (range)) (zipmap [:k] [nil])]
;;;; nz_zipmap_real_headers
(let [rows [["id" "name"] [1 "Ann"] [2 "Bo"]]
      [header & body] rows]
  (mapv #(zipmap (map keyword header) %) body))
