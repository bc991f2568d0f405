;; sort of 1e9 numbers
;; family: range
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(first (sort (range 1000000000)))
