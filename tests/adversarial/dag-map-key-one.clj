;; a DAG as the only key of a map: one hash, cached
;; family: dag
;; expect: value
;; limits: --timeout-ms 500 --max-steps 2000000
(def x (reduce (fn [a _] [a a]) [] (range 40)))
(def y (reduce (fn [a _] [a a]) [] (range 40)))
(count {x 1})
