;; an uncaught ex-info carrying a DAG as its data
;; family: dag
;; expect: exception|limit
;; limits: --timeout-ms 500 --max-steps 2000000
(def x (reduce (fn [a _] [a a]) [] (range 40)))
(def y (reduce (fn [a _] [a a]) [] (range 40)))
(throw (ex-info "boom" {:v x}))
