;; descending sort of 8,000,000 integers (the number fast path with >) on the clock
;; family: range
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 1000000000000
(first (sort > (range 8000000)))
