;; for: list comprehensions with several bindings, :let, :when and :while.
;;
;;   ptc eval examples/programs/for_comprehension.clj --show-output

(def menu {"soup" 4.5 "salad" 6.0 "pasta" 11.0 "steak" 19.5 "cake" 5.0 "coffee" 2.5})
(def mains #{"pasta" "steak" "salad"})

;; Every (main, extra) pair within a budget, cheapest first.
(def combos
  (->> (for [[main main-price] menu
             :when (mains main)
             [extra extra-price] menu
             :when (not (mains extra))
             :let [total (+ main-price extra-price)]
             :when (<= total 15)]
         {:main main :extra extra :total total})
       (sort-by (juxt :total :main :extra))))

(println (count combos) "combinations within budget; cheapest:" (first combos))

;; Pythagorean triples a ≤ b < c; :while ends the inner range once a ≤ b can no longer hold.
(def triples
  (for [c (range 1 30)
        a (range 1 c)
        :while (< (* 2 a a) (* c c))
        :let [b (Math/round (Math/sqrt (- (* c c) (* a a))))]
        :when (= (* c c) (+ (* a a) (* b b)))]
    [a b c]))

(println "triples:" triples)

;; A multiplication table as nested vectors.
{:combos (mapv (juxt :main :extra :total) combos)
 :triples (vec triples)
 :table (vec (for [i (range 1 5)] (vec (for [j (range 1 5)] (* i j)))))}
