;; return of a DAG of maps
;; family: dag
;; expect: limit
;; limits: --timeout-ms 300 --max-steps 1000000000000
(def x (reduce (fn [a _] {"k" a "j" a}) {} (range 40)))
(return x)
