;; loop whose body is an if with recur in one branch (the evaluator runs these shapes without
;; evaluating the if and the recur as nodes of their own), and its neighbours.
;;;; ls_then_recur
(loop [i 0 acc 0] (if (< i 10) (recur (inc i) (+ acc i)) acc))
;;;; ls_else_recur
(loop [i 0 acc []] (if (>= i 4) acc (recur (inc i) (conj acc (* i i)))))
;;;; ls_if_without_else
(loop [i 0] (if (< i 3) (recur (inc i))))
;;;; ls_when_recur
(loop [i 0] (when (< i 3) (recur (inc i))))
;;;; ls_other_branch_recurs_deeper
(loop [i 0] (if (< i 5) (recur (inc i)) (if (< i 10) (recur (+ i 2)) i)))
;;;; ls_other_branch_let_recur
(loop [i 0 n 0] (if (> i 20) [i n] (let [j (* 2 (inc i))] (if (odd? n) (recur j (inc n)) (recur (inc j) (inc n))))))
;;;; ls_both_branches_recur
(loop [i 0 evens 0] (if (< i 10) (if (even? i) (recur (inc i) (inc evens)) (recur (inc i) evens)) evens))
;;;; ls_destructured_bindings
(loop [[a b] [1 2] n 0] (if (< n 3) (recur [b (+ a b)] (inc n)) [a b n]))
;;;; ls_map_destructured
(loop [{:keys [x y]} {:x 1 :y 1} n 0] (if (< n 5) (recur {:x y :y (+ x y)} (inc n)) [x y]))
;;;; ls_swap_reads_old_values
(loop [a 1 b 2 n 0] (if (< n 3) (recur b a (inc n)) [a b n]))
;;;; ls_one_binding
(loop [xs [1 2 3 4] acc 1] (if (seq xs) (recur (rest xs) (* acc (first xs))) acc))
;;;; ls_three_bindings
(loop [a 0 b 1 k 0] (if (< k 10) (recur b (+ a b) (inc k)) [a b k]))
;;;; ls_four_bindings
(loop [a 0 b 1 c 2 k 0] (if (< k 3) (recur b c a (inc k)) [a b c k]))
;;;; ls_no_bindings
(def limit 0)
[(loop [] (if (neg? limit) (recur) :done)) (loop [] (if (zero? limit) :zero (recur)))]
;;;; ls_nested_loops
(loop [i 0 acc []] (if (< i 3) (recur (inc i) (conj acc (loop [j 0 s 0] (if (< j i) (recur (inc j) (+ s j)) s)))) acc))
;;;; ls_test_is_a_value
(loop [xs '(1 2 nil 3)] (if (first xs) (recur (rest xs)) (count xs)))
;;;; ls_test_throws
(loop [i 3] (if (< (/ 6 i) 10) (recur (dec i)) i))
;;;; ls_recur_argument_throws
(loop [i 0 acc 1] (if (< i 5) (recur (inc i) (/ acc (- 2 i))) acc))
;;;; ls_result_from_fn
(defn sum-to [n] (loop [i 0 s 0] (if (<= i n) (recur (inc i) (+ s i)) s)))
[(sum-to 10) (sum-to 100)]
;;;; ls_closure_in_body
(loop [i 0 fs []] (if (< i 3) (recur (inc i) (conj fs (fn [] (* i 10)))) (mapv #(%) fs)))
;;;; ls_fn_body_then_recur
(defn sum-down [n acc] (if (pos? n) (recur (dec n) (+ acc n)) acc))
[(sum-down 100 0) (map #(sum-down % 0) [1 2 3])]
;;;; ls_fn_body_else_recur
(defn find-first [pred xs] (if (or (empty? xs) (pred (first xs))) (first xs) (recur pred (rest xs))))
[(find-first even? [1 3 4 5]) (find-first neg? [1 2])]
;;;; ls_fn_body_destructured
(defn fib-pair [[a b] n] (if (< n 3) (recur [b (+ a b)] (inc n)) [a b]))
(fib-pair [1 1] 0)
;;;; ls_fn_body_variadic
(defn add-all [x & more] (if (seq more) (recur (+ x (first more)) (next more)) x))
[(add-all 1) (add-all 1 2 3 4)]
;;;; ls_fn_literal_recur
(mapv (fn [n] (if (> n 100) n (recur (* n 3)))) [1 50 200])
;;;; ls_fn_multi_arity_recur
(defn cnt ([xs] (cnt xs 0)) ([xs n] (if (seq xs) (recur (rest xs) (inc n)) n)))
[(cnt [1 2 3]) (cnt [] 5)]
;;;; ls_fn_body_recur_throws
(defn div-down [n] (if (>= n 0) (recur (/ 10 n)) n))
(div-down 0)
