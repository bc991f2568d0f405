;; an infinite lazy sequence realised by take-last
;; family: infinite
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(take-last 1 (range))
