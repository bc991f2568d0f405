;; hashing one DAG: cached hashes make it O(distinct nodes)
;; family: dag
;; expect: value
;; limits: --timeout-ms 500 --max-steps 2000000
(def x (reduce (fn [a _] [a a]) [] (range 40)))
(def y (reduce (fn [a _] [a a]) [] (range 40)))
(count (hash-set x))
