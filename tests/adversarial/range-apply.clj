;; apply + over 1e10 numbers
;; family: range
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(apply + (range 10000000000))
