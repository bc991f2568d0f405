;; reduce + over 1e12 numbers
;; family: range
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(reduce + (range 1000000000000))
