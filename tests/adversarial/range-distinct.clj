;; distinct of 1e10 numbers
;; family: range
;; expect: limit
;; limits: --timeout-ms 300 --max-steps 1000000000000
(count (distinct (range 10000000000)))
