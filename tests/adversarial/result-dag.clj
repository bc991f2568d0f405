;; the program's value is a 2^40-node DAG: printing it must stay within the run's limits
;; family: result
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(reduce (fn [a _] [a a]) [] (range 40))
