;; = on two DAGs with only a time limit
;; family: dag
;; expect: limit
;; limits: --timeout-ms 300 --max-steps 1000000000000
(def x (reduce (fn [a _] [a a]) [] (range 40)))
(def y (reduce (fn [a _] [a a]) [] (range 40)))
(= x y)
