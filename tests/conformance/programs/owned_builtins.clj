;; Builtins that return their first argument changed (conj, assoc, dissoc, disj, merge, into,
;; update, update-in, assoc-in) take it over when the caller gives it up (reduce's accumulator,
;; update's old value, a transducer's result) and change a collection no one else holds in
;; place: results must be the same as Clojure's, and a collection still held elsewhere must not
;; change.
;;;; owned_reduce_shared_start
(let [v [1 2] s #{1} l '(1) m {:a 1}]
  [(reduce conj v [3 4]) v (sort (reduce conj s [2 3])) s (reduce conj l [2 3]) l
   (reduce conj m [[:b 2] {:c 3}]) m])
;;;; owned_reduce_builtins
(let [m {:a 1 :b 2 :c 3} s #{1 2 3} v [0]]
  [(reduce dissoc m [:a :c]) m (reduce disj s [1 2]) (sort s) (reduce merge m [{:d 4} {:a 9} nil]) m
   (reduce into v [[1 2] [] '(3) #{4}]) v (reduce into {} [{:x 1} [[:y 2]]])
   (reduce conj [] (range 40)) (= (reduce conj [] (range 1000)) (vec (range 1000)))
   (count (reduce conj #{} (map #(mod % 7) (range 100)))) (reduce conj nil [1 2])])
;;;; owned_nested_update
(let [m {:a {:b 1} :v [1] :s #{1 2}}]
  [(update m :a update :b inc) (update-in m [:a] assoc :c 3) (update m :a assoc-in [:x :y] 1)
   (update m :a merge {:z 0}) (update m :a dissoc :b) (update m :s disj 1) (update m :v conj 2)
   (update m :v into [2 3]) (update-in m [:a :b] + 10) (update m :a update-in [:b] * 5) m])
;;;; owned_transduce_and_reductions
[(transduce (map inc) conj [] (range 5)) (sort (transduce (filter odd?) conj #{} (range 10)))
 (transduce (map (fn [i] [i (* i i)])) conj {} (range 4)) (into [] (map inc) (range 3))
 (reductions conj [] [1 2 3])]
;;;; owned_conj_onto_map_error
(reduce conj {} [1])
;;;; owned_disj_on_map_error
(reduce disj {:a 1} [:a])
;;;; owned_merge_non_map_error
(reduce merge {} [[1 2 3]])
;;;; stage_transducers_fused
[(into [] (comp (map inc) (filter odd?)) (range 10)) (transduce (comp (filter odd?) (map inc)) + (range 10))
 (transduce (map inc) + 100 [1 2]) (transduce (map inc) conj [1 2]) (sort (into #{} (map :a) [{:a 1} {:a 1} {:a 2}]))
 (transduce (map inc) (fn ([a] (* a 10)) ([a x] (+ a x))) 0 [1 2])
 (transduce (map inc) (fn ([a] a) ([a x] (if (> a 5) (reduced a) (+ a x)))) 0 (range 10))
 (into [0] (remove even?) [1 2 3]) (into {} (map (fn [x] [x (* x x)])) [1 2]) (into nil (map inc) [1])
 (into 5 (map inc) []) (into [] (comp (map inc) (take 2)) (range 10)) (sequence (comp (map inc) (filter odd?)) [1 2 3])
 (into [] (comp (map inc) (comp (filter odd?) (map str))) [1 2 3 4]) (transduce (map :n) + [{:n 1} {:n 2}])
 (into [] (map inc) #{1}) (into [] (comp) [1 2]) (transduce (filter odd?) + 0 (range 5))
 (into [] (map int) "ab")]
;;;; stage_transducers_print_order
(into [] (comp (map (fn [x] (println "m" x) x)) (filter (fn [x] (println "f" x) (odd? x)))) [1 2 3])
;;;; stage_transducers_not_pairs_error
(into {} (map inc) [1])
;;;; stage_transducers_stage_error
(transduce (map inc) + [:a])
;;;; stage_transducers_arity_error
((comp (map inc) (filter odd?)) conj [])
