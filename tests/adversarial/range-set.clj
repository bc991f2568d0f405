;; set of 1e10 numbers
;; family: range
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(count (set (range 10000000000)))
