;; an infinite lazy sequence realised by count
;; family: infinite
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(count (flatten (repeat [1])))
