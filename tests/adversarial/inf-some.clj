;; an infinite lazy sequence realised by some
;; family: infinite
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(some neg? (range))
