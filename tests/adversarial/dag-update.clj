;; update with a DAG key
;; family: dag
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(def x (reduce (fn [a _] [a a]) [] (range 40)))
(def y (reduce (fn [a _] [a a]) [] (range 40)))
(update {x 1} y inc)
