;; group-by over 1e10 numbers
;; family: range
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(count (group-by even? (range 10000000000)))
