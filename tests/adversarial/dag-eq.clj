;; = walks two 2^40-node DAGs (the issue's example)
;; family: dag
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(let [x (reduce (fn [a _] [a a]) [] (range 40))
      y (reduce (fn [a _] [a a]) [] (range 40))]
  (= x y))
