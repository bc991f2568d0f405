;; an infinite lazy sequence realised by vec
;; family: infinite
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(vec (repeat 1))
