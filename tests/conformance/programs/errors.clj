;; Programs that fail, one group per error kind.
;;;; err_parse_unclosed_list
(+ 1 2
;;;; err_parse_unclosed_vector
(let [x 1 (+ x 1))
;;;; err_parse_extra_close
(+ 1 2))
;;;; err_parse_unclosed_string
(str "abc)
;;;; err_parse_unclosed_map
{:a 1
;;;; err_parse_odd_map
{:a 1 :b}
;;;; err_unbound_symbol
(foo 1 2)
;;;; err_unbound_in_fn_body
(defn f [x] (+ x undefined-thing))
(f 1)
;;;; err_unbound_local_out_of_scope
(let [a 1] a)
a
;;;; err_unbound_typo_filter
(filtr even? [1 2 3])
;;;; err_unbound_string_fn
(str/no-such-fn "x")
;;;; err_arity_user_fn
(defn one-arg [x] x)
(one-arg 1 2)
;;;; err_arity_user_fn_too_few
(defn two-args [x y] (+ x y))
(two-args 1)
;;;; err_arity_anon_fn
((fn [a] a))
;;;; err_arity_core_fn
(inc 1 2)
;;;; err_arity_in_map
(map (fn [a b] (+ a b)) [1 2 3])
;;;; err_arity_multi
(defn ma ([] 0) ([a b] 2))
(ma 1)
;;;; err_type_add_string
(+ 1 "a")
;;;; err_type_inc_nil
(inc nil)
;;;; err_type_compare_mixed
(< 1 "2")
;;;; err_type_sort_mixed
(sort [3 "a" 1])
;;;; err_type_count_number
(count 5)
;;;; err_type_nth_on_map
(nth {:a 1} 0)
;;;; err_type_assoc_on_list
(assoc '(1 2) 0 :x)
;;;; err_type_keyword_arith
(* :a 2)
;;;; err_type_conj_map_bad_entry
(conj {} [1 2 3])
;;;; err_type_seq_on_number
(first 42)
;;;; err_type_upper_case_nil
(str/upper-case nil)
;;;; err_type_parse_int
(Integer/parseInt "12x")
;;;; err_type_reduce_nil_fn
(reduce + [1 nil 3])
;;;; err_type_subs_nil
(subs nil 1)
;;;; err_index_nth_vector
(nth [1 2] 5)
;;;; err_index_nth_negative
(nth [1 2 3] -1)
;;;; err_index_nth_list
(nth '(1 2) 2)
;;;; err_index_subs
(subs "abc" 5)
;;;; err_index_subvec
(subvec [1 2 3] 2 5)
;;;; err_index_assoc_vector
(assoc [1 2] 5 :x)
;;;; err_index_vector_as_fn
([1 2 3] 3)
;;;; err_not_callable_number
(1 2)
;;;; err_not_callable_string
("abc" 1)
;;;; err_not_callable_nil
(nil 1)
;;;; err_not_callable_local
(let [x 5] (x 1))
;;;; err_not_callable_in_map
(map 3 [1 2])
;;;; err_arith_div_zero
(/ 1 0)
;;;; err_arith_mod_zero
(mod 5 0)
;;;; err_arith_quot_zero
(quot 5 0)
;;;; err_arith_overflow_mul
(* 9223372036854775807 2)
;;;; err_arith_overflow_add
(+ 9223372036854775807 1)
;;;; err_arith_overflow_inc
(inc 9223372036854775807)
;;;; err_arith_overflow_sub
(- -9223372036854775808 1)
;;;; err_arith_in_reduce
(reduce / [10 5 0])
;;;; err_exception_uncaught
(throw (ex-info "boom" {:a 1}))
;;;; err_exception_from_fn
(defn check [x] (when (neg? x) (throw (ex-info "negative" {:x x}))) x)
(mapv check [1 -1 2])
;;;; err_exception_rethrown
(try (throw (ex-info "inner" {}))
     (catch Exception e (throw (ex-info (str "wrapped: " (ex-message e)) {}))))
;;;; err_analysis_if_too_many
(if 1 2 3 4)
;;;; err_analysis_let_odd_bindings
(let [x] x)
;;;; err_analysis_let_non_vector
(let (x 1) x)
;;;; err_analysis_recur_not_tail
(defn f [x] (inc (recur x)))
;;;; err_analysis_recur_wrong_count
(loop [a 1 b 2] (if (> a 5) a (recur (inc a))))
;;;; err_analysis_fn_params_not_vector
(fn x y)
;;;; err_analysis_def_no_name
(def "x" 1)
;;;; err_analysis_bad_destructure
(let [[a b] 1 {:keys x} {}] a)
;;;; err_analysis_letfn_bad
(letfn [f [x] x] (f 1))
;;;; err_analysis_case_duplicate
(case 1 1 :a 1 :b)
;;;; err_analysis_cond_odd
(cond true)
;;;; err_type_destructure_runtime
(let [[a b] 1] a)
;;;; err_after_catch_finally_error
(try (/ 1 0) (finally (+ 1 1)))
