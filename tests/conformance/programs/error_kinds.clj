;; Error kinds: at least 15 realistic failing programs per kind the generator classifies
;; (parse, unbound, arity, type, index, not_callable, arithmetic, analysis, exception) — the
;; mistakes an LLM typically makes. The kind must match Clojure's (see README's table).
;;;; ek_parse_defn_missing_close
(defn add-tax [price]
  (* price 1.2)
(add-tax 10)
;;;; ek_parse_let_extra_close
(let [a 1] a))
;;;; ek_parse_vector_closed_by_paren
(map inc [1 2 3)
;;;; ek_parse_map_closed_by_bracket
{:a 1]
;;;; ek_parse_unclosed_string_over_lines
(println "hello)
(+ 1 2)
;;;; ek_parse_bad_char_literal
(str \abc)
;;;; ek_parse_invalid_number
(+ 1 2x)
;;;; ek_parse_invalid_number_two_dots
(* 1.2.3 2)
;;;; ek_parse_bad_string_escape
(str "a\qb")
;;;; ek_parse_odd_map_literal_in_call
(get {:x} :x)
;;;; ek_parse_duplicate_map_key
{:a 1 :a 2}
;;;; ek_parse_duplicate_set_item
#{1 2 1}
;;;; ek_parse_stray_close_bracket
(+ 1 2)
]
;;;; ek_parse_cond_missing_close
(let [x 3]
  (cond
    (> x 1) :big
    :else :small)
;;;; ek_parse_unclosed_fn_literal
(map #(+ % 1 [1 2])
;;;; ek_parse_nested_fn_literal
(map #(map #(+ % 1) %) [[1] [2]])
;;;; ek_parse_bad_unicode_escape
(str "\u12")
;;;; ek_parse_lone_colon
{: 1}
;;;; ek_parse_missing_open_paren
defn f [x] x)
;;;; ek_unbound_python_len
(len [1 2 3])
;;;; ek_unbound_length
(length "abc")
;;;; ek_unbound_underscore_name
(select_keys {:a 1} [:a])
;;;; ek_unbound_typo_in_let
(let [total 10] (+ totl 1))
;;;; ek_unbound_undefined_data_name
(filter even? nums)
;;;; ek_unbound_closure_var
(map (fn [x] (* x factor)) [1 2])
;;;; ek_unbound_thread_step
(-> [1 2] (mapp inc))
;;;; ek_unbound_no_such_namespace
(json/parse-string "{}")
;;;; ek_unbound_no_such_string_var
(string/splt "a b" #" ")
;;;; ek_unbound_wrong_defn_name
(defn square [x] (* x x))
(sqr 3)
;;;; ek_unbound_loop_var_typo
(loop [i 0] (if (< i 3) (recur (inc i)) j))
;;;; ek_unbound_java_style
(contains-key? {:a 1} :a)
;;;; ek_unbound_sum
(reduce sum [1 2 3])
;;;; ek_unbound_in_when_let_body
(when-let [x 1] (y x))
;;;; ek_unbound_helper_used_in_defn
(defn process [xs] (map normalize xs))
(process [1])
;;;; ek_unbound_set_fn_typo
(set/unoin #{1} #{2})
;;;; ek_arity_nth_one_arg
(nth [1 2 3])
;;;; ek_arity_get_one_arg
(get {:a 1})
;;;; ek_arity_assoc_missing_value
(assoc {:a 1} :b)
;;;; ek_arity_reduce_no_coll
(reduce +)
;;;; ek_arity_map_no_args
(map)
;;;; ek_arity_subs_too_many
(subs "abcdef" 1 2 3)
;;;; ek_arity_defn_too_many
(defn add [a b] (+ a b))
(add 1 2 3)
;;;; ek_arity_fn_literal_too_few
(#(+ %1 %2) 1)
;;;; ek_arity_fn_literal_too_many
(#(inc %) 1 2)
;;;; ek_arity_variadic_needs_one
((fn [a & more] a))
;;;; ek_arity_str_join_none
(str/join)
;;;; ek_arity_split_one_arg
(str/split "a b")
;;;; ek_arity_update_no_fn
(update {:a 1} :a)
;;;; ek_arity_map_as_fn_no_args
({:a 1})
;;;; ek_arity_map_as_fn_too_many
({:a 1} :a :b :c)
;;;; ek_arity_count_two
(count [1] [2])
;;;; ek_arity_recursive_call_missing_arg
(defn fact [n acc] (if (zero? n) acc (fact (dec n))))
(fact 3 1)
;;;; ek_arity_mapv_transducer_form
(mapv inc)
;;;; ek_arity_reduce_fn_takes_one
(reduce (fn [x] x) [1 2 3])
;;;; ek_arity_letfn
(letfn [(f [x] (* 2 x))] (f))
;;;; ek_type_string_plus_number
(+ "a" 1)
;;;; ek_arity_keyword_with_many_args
(:a 1 2 3)
;;;; ek_type_subtract_string
(- "10" 1)
;;;; ek_type_compare_nil
(> nil 1)
;;;; ek_type_less_strings
(< "a" "b")
;;;; ek_type_get_in_keyword_path
(get-in {:a {:b 1}} :a)
;;;; ek_type_count_keyword
(count :abc)
;;;; ek_type_assoc_vector_keyword_key
(assoc [1 2] :a 1)
;;;; ek_type_apply_last_not_seq
(apply + 1 2)
;;;; ek_type_map_over_number
(map inc 5)
;;;; ek_type_reduce_plus_over_map
(reduce + {:a 1 :b 2})
;;;; ek_type_into_map_numbers
(into {} [1 2])
;;;; ek_type_inc_string
(inc "5")
;;;; ek_type_contains_on_list
(contains? '(1 2) 1)
;;;; ek_type_str_join_number
(str/join ", " 5)
;;;; ek_type_conj_onto_string
(conj "abc" "d")
;;;; ek_type_update_string_count
(update {:count "1"} :count inc)
;;;; ek_type_double_of_string
(double "1.5")
;;;; ek_type_re_find_string_pattern
(re-find "a" "abc")
;;;; ek_type_keys_of_vector
(keys [1 2])
;;;; ek_type_even_double
(even? 1.5)
;;;; ek_type_merge_with_mixed
(merge-with + {:a 1} {:a "x"})
;;;; ek_type_sum_field_with_nil
(reduce + (map :price [{:price 1} {:qty 2}]))
;;;; ek_type_nth_on_set
(nth #{1} 0)
;;;; ek_index_nth_empty
(nth [] 0)
;;;; ek_index_nth_list_far
(nth '(1 2 3) 10)
;;;; ek_index_nth_string
(nth "abc" 5)
;;;; ek_index_nth_range
(nth (range 5) 7)
;;;; ek_index_nth_mapped_seq
(nth (map inc [1 2]) 5)
;;;; ek_index_subs_end_past
(subs "hello" 2 10)
;;;; ek_index_subs_reversed
(subs "hello" 3 1)
;;;; ek_index_subvec_end_past
(subvec [1 2 3] 1 5)
;;;; ek_index_subvec_negative
(subvec [1 2 3] -1)
;;;; ek_index_assoc_vector_gap
(assoc [] 1 :x)
;;;; ek_index_char_at
(.charAt "abc" 10)
;;;; ek_index_substring
(.substring "abc" 5)
;;;; ek_index_vector_fn_negative
([1 2] -1)
;;;; ek_index_split_result
(nth (str/split "a,b" #",") 2)
;;;; ek_index_assoc_in_nested
(assoc-in [[1]] [0 3] 1)
;;;; ek_index_update_vector_past_end
(update [1 2] 3 (fnil inc 0))
;;;; ek_index_nth_in_loop
(loop [i 0 acc 0] (if (<= i 3) (recur (inc i) (+ acc (nth [1 2 3] i))) acc))
;;;; ek_not_callable_number_no_args
(5)
;;;; ek_not_callable_result_called
((+ 1 2) 3)
;;;; ek_not_callable_string_in_map
(map "abc" [1 2])
;;;; ek_not_callable_filter_number
(filter 1 [1 2])
;;;; ek_not_callable_reduce_string
(reduce "+" [1 2])
;;;; ek_not_callable_apply_number
(apply 3 [1])
;;;; ek_not_callable_first_item
((first [1 2]) 1)
;;;; ek_not_callable_string_no_args
("hello")
;;;; ek_not_callable_double
(1.5 2)
;;;; ek_not_callable_boolean
(true 1)
;;;; ek_not_callable_char
(\a)
;;;; ek_not_callable_higher_order_arg
(defn apply-twice [g x] (g (g x)))
(apply-twice 10 1)
;;;; ek_not_callable_thread_number
(-> 5 (10))
;;;; ek_not_callable_update_value
(update {:a 1} :a 5)
;;;; ek_not_callable_comp_number
((comp 1 inc) 1)
;;;; ek_not_callable_some_string
(some "x" ["x"])
;;;; ek_not_callable_keep_number
(keep 1 [1])
;;;; ek_not_callable_fn_literal_arg
(#(% 1) 2)
;;;; ek_not_callable_nil_literal
(nil)
;;;; ek_arith_div_int_zero
(/ 10 0)
;;;; ek_arith_div_zero_zero
(/ 0 0)
;;;; ek_arith_average_of_empty
(let [xs []] (/ (reduce + xs) (count xs)))
;;;; ek_arith_rem_zero
(rem 5 0)
;;;; ek_arith_mod_zero_negative
(mod -5 0)
;;;; ek_arith_quot_double_zero
(quot 1.5 0)
;;;; ek_arith_overflow_add_literal
(+ 1 9223372036854775807)
;;;; ek_arith_overflow_sub_min
(- -9223372036854775808 1)
;;;; ek_arith_overflow_negate_min
(- -9223372036854775808)
;;;; ek_arith_overflow_dec_min
(dec -9223372036854775808)
;;;; ek_arith_overflow_square
(* 3037000500 3037000500)
;;;; ek_arith_overflow_factorial
(reduce * (range 1 30))
;;;; ek_arith_overflow_apply_plus
(apply + [9223372036854775807 1])
;;;; ek_arith_overflow_in_loop
(loop [x 2] (recur (* x x)))
;;;; ek_arith_div_zero_in_map
(mapv #(/ 100 %) [5 2 0])
;;;; ek_arith_overflow_pow_by_mult
(reduce (fn [acc _] (* acc 10)) 1 (range 20))
;;;; ek_arith_div_zero_in_defn
(defn ratio-pct [a b] (* 100 (quot a b)))
(ratio-pct 5 0)
;;;; ek_analysis_let_single
(let [a] a)
;;;; ek_analysis_recur_at_top
(recur 1)
;;;; ek_analysis_recur_as_argument
(+ 1 (recur))
;;;; ek_analysis_let_odd_two
(let [x 1 y] x)
;;;; ek_analysis_fn_number_param
(fn [1] 1)
;;;; ek_analysis_defn_list_params
(defn f (x) x)
;;;; ek_analysis_defn_missing_name
(defn [x] x)
;;;; ek_analysis_recur_mismatched_count
(loop [i 0] (recur))
;;;; ek_analysis_cond_odd_forms
(cond (> 1 0) :a :else)
;;;; ek_analysis_fn_rest_without_name
(fn [x &] x)
;;;; ek_analysis_fn_two_after_rest
(fn [x & y z] x)
;;;; ek_analysis_def_no_args
(def)
;;;; ek_analysis_def_number_name
(def 1 2)
;;;; ek_analysis_let_keyword_binding
(let [:a 1] 1)
;;;; ek_analysis_loop_odd
(loop [x] x)
;;;; ek_analysis_if_let_no_value
(if-let [x] x :no)
;;;; ek_analysis_doseq_odd
(doseq [x] (println x))
;;;; ek_analysis_recur_before_body
(loop [i 0] (if (< i 3) (do (recur (inc i)) (println i)) i))
;;;; ek_analysis_fn_list_params
(map (fn (x) (* x 2)) [1 2])
;;;; ek_analysis_if_too_few
(if true)
;;;; ek_exception_plain
(throw (ex-info "not found" {:id 42}))
;;;; ek_exception_in_defn
(defn find-user [id] (throw (ex-info "user not found" {:id id})))
(find-user 7)
;;;; ek_exception_in_mapv
(mapv (fn [x] (if (> x 1) (throw (ex-info "too big" {:x x})) x)) [1 2 3])
;;;; ek_exception_in_loop
(loop [i 0] (if (= i 3) (throw (ex-info "stop at 3" {:i i})) (recur (inc i))))
;;;; ek_exception_rethrow_from_catch
(try (/ 1 0) (catch Exception e (throw (ex-info "division failed" {}))))
;;;; ek_exception_nested_data
(throw (ex-info "bad order" {:order {:id 1 :items [1 2]} :reason :empty}))
;;;; ek_exception_in_let
(let [x -1 y (if (neg? x) (throw (ex-info "negative" {:x x})) x)] y)
;;;; ek_exception_cond_else
(defn grade [n] (cond (>= n 90) :a (>= n 80) :b :else (throw (ex-info "failing" {:n n}))))
[(grade 95) (grade 10)]
;;;; ek_exception_empty_data
(throw (ex-info "" {}))
;;;; ek_exception_in_reduce
(reduce (fn [acc x] (if (string? x) (throw (ex-info "string in data" {:x x})) (+ acc x))) 0 [1 2 "3"])
;;;; ek_exception_through_finally
(try (throw (ex-info "with finally" {})) (finally (+ 1 1)))
;;;; ek_exception_in_when
(when (empty? []) (throw (ex-info "no items" {:count 0})))
;;;; ek_exception_in_some_thread
(some-> {:a 1} :a (#(throw (ex-info "in thread" {:v %}))))
;;;; ek_exception_in_filter_pred
(filter (fn [m] (if (contains? m :ok) (:ok m) (throw (ex-info "missing :ok" m)))) [{:ok true} {:bad 1}])
;;;; ek_exception_message_from_str
(let [id 9] (throw (ex-info (str "order " id " is closed") {:id id :status "closed"})))
;;;; ek_exception_in_nested_fn
(defn validate [m] (when-not (:name m) (throw (ex-info "name required" {:m m}))) m)
(defn save [ms] (mapv validate ms))
(save [{:name "a"} {}])
