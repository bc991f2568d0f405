;; Second uses of core names, and the less common checklist names.
;;;; more_nan_infinite
(let [xs [1.0 ##NaN ##Inf 2.5]] [(count (remove NaN? xs)) (count (filter infinite? xs))])
;;;; more_abs_distances
(map #(abs (- % 10)) [4 10 17])
;;;; more_array_map_assoc
(assoc (array-map :b 1 :a 2) :c 3)
;;;; more_bits_flags
(let [read 1 write 2 exec 4 perms (bit-or read exec)]
  [(bit-test perms 0) (bit-test perms 1) (bit-and perms write) (bit-xor perms read) (bit-not 0)
   (bit-set perms 1) (bit-clear perms 2) (bit-flip perms 0) (bit-and-not perms read)
   (bit-shift-left perms 2) (bit-shift-right 64 (bit-and perms exec))])
;;;; more_string_predicates
(let [s "report-2024.csv"]
  [(str/blank? s) (str/starts-with? s "report") (str/ends-with? s ".csv") (str/index-of s "-") (str/last-index-of s ".")])
;;;; more_trims
(mapv (juxt str/triml str/trimr str/trim-newline) [" a \n" "\tb"])
;;;; more_escape_replace_first
[(str/escape "1+1=2" {\+ " plus " \= " is "}) (str/replace-first "aXbXc" "X" "-") (str/replace-first "2024-01-02" #"(\d+)-(\d+)" "$2/$1")]
;;;; more_type_predicates
(map (juxt boolean? keyword? int? integer? double? float? fn? ifn? decimal? ratio? rational?) [true :k 1 1.5 inc])
;;;; more_collection_traits
(map (juxt associative? counted? indexed? reversible? sequential? seqable? set? sorted?) [[] {} #{} '() "s"])
;;;; more_int_predicates
(map (juxt pos-int? neg-int? nat-int?) [-1 0 1 1.0])
;;;; more_map_entry_find
(let [e (find {:a 1 :b 2} :b)] [(map-entry? e) (key e) (val e) (find [10 20] 1)])
;;;; more_butlast_drop_last_take_last
(let [v [1 2 3 4 5]] [(butlast v) (drop-last 2 v) (take-last 2 v) (take-while #(< % 3) v) (drop-while #(< % 3) v)])
;;;; more_complement_every_pred_some_fn
(let [small? #(< % 10) big? (complement small?)]
  [(filter big? [1 20 5 30]) ((every-pred small? odd?) 3 5) ((some-fn big? zero?) 4 0)])
;;;; more_concat_cons_interpose
(apply str (concat (cons "<" (interpose "," ["a" "b"])) [">"]))
;;;; more_cond_threads
[(cond->> 5 true (- 10) false (* 100)) (some-> [1 2] seq first inc) (some->> {:k nil} :k (str "x"))]
;;;; more_counted_dedupe_distinct
[(dedupe [:a :a :b :a]) (distinct? :a :b :a) (distinct? 1) (distinct [[1] [1] [2]])]
;;;; more_dec_inc_prime
[(inc' 41) (dec' 43) (+' 1 2) (*' 3 4) (-' 10 4)]
;;;; more_defonce_keeps_first
(defonce limit 10)
(defonce limit 20)
(* limit 2)
;;;; more_do_in_branches
(if (pos? 1) (do (+ 1 1) :pos) (do :neg))
;;;; more_dotimes_result
(dotimes [i 10] i)
;;;; more_empty_same_type
[(empty [1]) (empty #{1}) (empty {:a 1}) (vector? (empty [1]))]
;;;; more_ffirst_fnext_nfirst_nnext
(let [pairs [[1 2 3] [4 5]]] [(ffirst pairs) (fnext pairs) (nfirst pairs) (nnext pairs) (nnext [1 2])])
;;;; more_filterv_flatten
(filterv odd? (flatten [[1 2] [3 [4 5]]]))
;;;; more_float_values
[(float 2.0) (float? (float 1)) (double (float 0.5))]
;;;; more_hash_set_disj
(sort (disj (hash-set 5 1 3) 3))
;;;; more_if_not_if_some
[(if-not (zero? 1) :nonzero :zero) (if-some [v (get {:a false} :a)] [:found v] :missing)]
;;;; more_keep_indexed_interleave
(keep-indexed (fn [i [a b]] (when (odd? i) (+ a b))) (partition 2 (interleave [1 2 3 4] [10 20 30 40])))
;;;; more_not_empty_not_every_not_eq
[(not-empty {:a 1}) (not-every? pos? [1 2]) (not= [1] [1]) (not= 1 1.0)]
;;;; more_nthnext_nthrest_pop
[(nthnext (range 5) 3) (nthrest '(a b c) 1) (pop '(1 2)) (pop [1])]
;;;; more_parse_boolean_pr_str
[(parse-boolean "TRUE") (pr-str (parse-boolean "false")) (pr-str nil) (pr-str "x" :y)]
;;;; more_partition_by_split
(let [xs [1 1 2 3 3 3 1]] [(partition-by identity xs) (split-at 3 xs) (split-with #(= 1 %) xs)])
;;;; more_cycle_repeat_iterate
[(take 4 (cycle [0 1])) (repeat 2 "ab") (take 3 (iterate #(str % "!") "hi")) (count (repeatedly 4 (constantly nil)))]
;;;; more_re_pattern_replace
(let [p (re-pattern "[aeiou]")] [(str/replace "education" p "*") (count (re-seq p "education"))])
;;;; more_replace_vector_update_keys
[(replace {:a :alpha} [:a :b :a]) (update-keys {"x" 1 "y" 2} keyword)]
;;;; more_set_ops_on_maps_rows
(let [a #{"x" "y" "z"} b #{"y" "z" "w"}]
  [(sort (set/union a b)) (sort (set/intersection a b)) (sort (set/difference a b)) (set/subset? #{"y"} a) (set/superset? a b)])
;;;; more_set_relations
(let [rel #{{:k 1 :v "a"} {:k 2 :v "b"} {:k 1 :v "c"}}]
  [(sort (map :v (set/select #(= 1 (:k %)) rel)))
   (sort (map :k (set/project rel [:k])))
   (count (set/index rel [:k]))
   (set/map-invert {:x "a" :y "b"})])
;;;; more_walk_family
[(walk/prewalk #(if (string? %) (str/upper-case %) %) {:a "x" :b ["y"]})
 (walk/walk first vec [[1 2] [3 4]])
 (walk/prewalk-replace {1 :one} [1 [2 1]])
 (walk/postwalk-replace {:a :b} {:a :a})
 (walk/keywordize-keys [{"k" 1}])
 (walk/stringify-keys {:outer {:inner 1}})]
;;;; more_join_set
(map (juxt :dept :name :floor) (sort-by :name (set/join #{{:name "ann" :dept 1} {:name "bob" :dept 2}} #{{:dept 1 :floor 3}})))
;;;; more_when_forms
[(when-first [[k v] {:a 1}] [k v]) (when-let [[x] (seq [7])] x) (when-not (empty? [1]) :non-empty) (when-some [x (first [false])] [x])]
;;;; more_union_chain
(sort (reduce (fn [acc s] (set/union acc s)) #{} [#{1} #{2 3}]))
;;;; more_any
[(any? nil) (any? false) (every? any? [1 nil])]
;;;; more_reduced_early_exit
(reduce (fn [acc x] (if (> acc 10) (reduced acc) (+ acc x))) 0 (range 100))
;;;; more_reduced_pred
[(reduced? (reduced 1)) (reduced? 1) (unreduced (reduced 5)) (unreduced 6)]
;;;; more_sorted_map
(assoc (sorted-map :c 3 :a 1) :b 2)
;;;; more_sorted_map_by
(sorted-map-by > 1 :a 3 :c 2 :b)
;;;; more_sorted_set_by
(sorted-set-by > 1 3 2)
;;;; more_sorted_set_conj
(conj (sorted-set "pear" "apple") "fig")
;;;; more_comparator
(sort (comparator >) [3 1 2])
;;;; more_transduce
[(transduce (map inc) + [1 2 3]) (transduce (filter odd?) + 100 [1 2 3]) (transduce (map :v) conj [] [{:v 1}])]
;;;; more_completing
(transduce (map inc) (completing + str) 0 [1 2])
;;;; more_simple_qualified
[(simple-keyword? :a) (simple-keyword? :a/b) (qualified-keyword? :a/b) (simple-symbol? 'x) (qualified-symbol? 'a/x) (qualified-ident? :x/y)]
;;;; more_symbol_fn
[(symbol "a" "b") (name (symbol "xyz")) (= (symbol "q") 'q)]
;;;; more_math_beyond
[(Math/log 1) (Math/exp 0) (Math/signum -2.0) (Math/hypot 3 4) (Math/cbrt 27.0) (Math/log10 1000) (Math/atan2 0 1)]
;;;; more_math_trig
[(Math/sin 0) (Math/cos 0) (Math/tan 0) (Math/toDegrees 0) (Math/toRadians 0)]
;;;; more_double_constants
[Double/POSITIVE_INFINITY Double/NEGATIVE_INFINITY (NaN? Double/NaN) (Double/isNaN ##NaN) (Double/isInfinite 1.0)]
;;;; more_java_string_methods
[(.isEmpty "") (.charAt "abc" 1) (.equalsIgnoreCase "ABC" "abc") (.toLowerCase "AbC") (.lastIndexOf "a.b.c" ".") (.length "")]
;;;; more_integer_long_methods
[(Integer/valueOf "12") (Integer/toString 255) (Long/valueOf "7") (Long/toString 42) (Double/valueOf "2")]
;;;; more_local_date
(let [d (LocalDate/parse "2024-02-27")]
  [(str (.plusDays d 3)) (str (.minusDays d 60)) (.isBefore d (LocalDate/parse "2024-03-01")) (.isAfter d (LocalDate/parse "2024-03-01")) (.toEpochDay d)])
;;;; more_local_date_of
(str (LocalDate/of 2024 1 31))
;;;; more_println_returns_nil
(println "hello" 1 :k)
;;;; more_println_in_program
(defn log-and-return [x] (println "value:" x) x)
(+ (log-and-return 2) (log-and-return 3))
;;;; more_pmap
(pmap #(* % %) [1 2 3 4])
;;;; more_pcalls
(pcalls (fn [] 1) (fn [] (+ 1 1)) (constantly :three))
;;;; more_delay_record_preds
[(delay? 1) (record? {:a 1})]
;;;; more_format_widths
[(format "%3s|%-3s|" "a" "b") (format "%x" 255) (format "%08.3f" 3.14159) (format "%,d" 1234567) (format "%b" nil)]
;;;; more_primed_arith_in_reduce
(reduce +' 0 (map *' [1 2 3] [4 5 6]))
;;;; more_primed_minus
(-' 100 (+' 1 2) (*' 2 3))
;;;; more_any_pred_filter
(count (filter any? [nil false 1]))
;;;; more_comparator_sort_by
(sort-by :n (comparator #(> %1 %2)) [{:n 1} {:n 5} {:n 3}])
;;;; more_completing_default
(transduce (filter even?) (completing conj) [] (range 7))
;;;; more_reduced_in_reduce_kv
(reduce-kv (fn [acc k v] (if (= k :stop) (reduced acc) (conj acc v))) [] (array-map :a 1 :stop 2 :c 3))
;;;; more_reduced_unreduced_again
[(reduced? (reduce (fn [_ x] (reduced x)) nil [1 2])) (unreduced (reduced [1]))]
;;;; more_sorted_map_ops
(let [m (sorted-map "b" 2 "a" 1)] [(keys m) (vals (dissoc m "a")) (first m)])
;;;; more_sorted_map_by_desc_strings
(keys (sorted-map-by #(compare %2 %1) "x" 1 "z" 2 "y" 3))
;;;; more_sorted_set_by_count
(vec (sorted-set-by #(compare (count %1) (count %2)) "ccc" "a" "bb"))
;;;; more_simple_qualified_filter
[(filter simple-keyword? [:a :b/c :d]) (filter qualified-keyword? [:a :b/c]) (simple-symbol? 'a/b) (qualified-symbol? 'b) (qualified-ident? 'x/y)]
;;;; more_delay_record_in_coll
(map (juxt delay? record?) [nil [] {}])
;;;; more_pmap_multi
(pmap (fn [a b] (str a b)) ["x" "y"] [1 2])
;;;; more_pcalls_count
(count (pcalls #(+ 1 2) #(* 2 3)))
