;; the program's value is a 2^40-node DAG, only a time limit
;; family: result
;; expect: limit
;; limits: --timeout-ms 300 --max-steps 1000000000000
(reduce (fn [a _] {:l a :r a}) {} (range 40))
