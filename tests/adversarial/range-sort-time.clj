;; sort of 8,000,000 integers with steps to spare: each comparison is a step, so the clock
;; stops the sort while it sorts (it used to run its 2-3 s whole, past a 500 ms limit)
;; family: range
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 1000000000000
(first (sort (range 8000000)))
