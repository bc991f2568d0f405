;; vec of (repeat 1e10 1)
;; family: range
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(count (vec (repeat 10000000000 1)))
