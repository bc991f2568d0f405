;; Control flow, truthiness, recursion, comparisons.
;;;; control_truthiness
(mapv #(if % :t :f) [nil false 0 "" [] {} true :k])
;;;; control_nested_if
(defn sign [n] (if (pos? n) 1 (if (neg? n) -1 0)))
(map sign [-5 0 5])
;;;; control_loop_collect
(loop [xs [5 3 8 1] evens [] odds []]
  (if (empty? xs)
    {:evens evens :odds odds}
    (let [x (first xs)]
      (if (even? x) (recur (rest xs) (conj evens x) odds) (recur (rest xs) evens (conj odds x))))))
;;;; control_collatz
(loop [n 27 steps 0] (if (= n 1) steps (recur (if (even? n) (quot n 2) (inc (* 3 n))) (inc steps))))
;;;; control_gcd
(defn gcd [a b] (if (zero? b) a (recur b (mod a b))))
[(gcd 48 18) (gcd 17 5) (gcd 100 75)]
;;;; control_primes
(defn prime? [n] (and (> n 1) (not-any? #(zero? (mod n %)) (range 2 n))))
(filter prime? (range 30))
;;;; control_fizzbuzz
(map (fn [i] (cond (zero? (mod i 15)) "FizzBuzz" (zero? (mod i 3)) "Fizz" (zero? (mod i 5)) "Buzz" :else i)) (range 1 16))
;;;; control_compare_chain
[(< 1 2 3) (< 1 3 2) (<= 1 1 2) (> 3 2 1) (>= 3 3 3) (= 1 1 1) (not= 1 2)]
;;;; control_eq_types
[(= 1 1.0) (== 1 1.0) (= [1 2] '(1 2)) (= {:a 1} {:a 1}) (= "a" "a") (= :a :a) (= nil nil)]
;;;; control_eq_nested
(= {:a [1 {:b #{1 2}}]} {:a [1 {:b #{2 1}}]})
;;;; control_compare_fn
[(compare 1 2) (compare 2 1) (compare 1 1) (compare "a" "c") (compare :b :a) (compare [1 2] [1 3]) (compare nil 1)]
;;;; control_compare_vectors_length
[(compare [1 2 3] [9]) (compare [] [1])]
;;;; control_case_fallthrough_default
(let [f (fn [x] (case x 1 :one 2 :two :default))] (map f [1 2 3 nil]))
;;;; control_cond_arrow_default
(cond-> {:n 1} false (assoc :never true))
;;;; control_forward_reference_unbound
(defn ev? [n] (if (zero? n) true (od? (dec n))))
(defn od? [n] (if (zero? n) false (ev? (dec n))))
(ev? 20)
;;;; control_deep_recursion
(defn depth [n] (if (zero? n) 0 (inc (depth (dec n)))))
(depth 500)
;;;; control_trampoline_like_loop
(loop [i 0 acc []] (if (< i 5) (recur (inc i) (if (odd? i) (conj acc i) acc)) acc))
;;;; control_when_multiple_body
(when (pos? 3) (+ 1 1) (+ 2 2))
;;;; control_and_returns_value
[(and 1 "x" :last) (or false nil :first-truthy :second)]
;;;; control_not
[(not nil) (not false) (not 0) (not [])]
;;;; control_boolean_fn
[(boolean nil) (boolean false) (boolean 0) (boolean "x")]
;;;; control_max_min
[(max 1 5 3) (min 4 2 8) (max 1 2.5) (min 1 2.5) (max -1 -2)]
;;;; control_every_some
[(every? pos? [1 2 3]) (every? pos? []) (some neg? [1 -2 3]) (some neg? [1 2]) (some #{:b} [:a :b])]
;;;; control_not_any_not_every
[(not-any? nil? [1 2]) (not-every? even? [2 4 5]) (not-any? even? [2]) (not-every? even? [])]
;;;; control_identical_values
[(true? true) (true? 1) (false? false) (false? nil)]
;;;; control_nil_punning
[(first nil) (rest nil) (next nil) (seq nil) (count nil) (get nil :a) (conj nil 1)]
;;;; control_loop_string_build
(loop [i 0 s ""] (if (= i 4) s (recur (inc i) (str s i))))
;;;; control_case_vector_keys
(case [1 2] [1 2] :pair [3] :single :none)
;;;; control_condp_no_default_error
(condp = 5 1 :one 2 :two)
;;;; control_case_no_match_error
(case 5 1 :one 2 :two)
