;; (vec (range 1e10))
;; family: range
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(vec (range 1e10))
