;; an infinite lazy sequence realised by sort
;; family: infinite
;; expect: limit
;; limits: --timeout-ms 300 --max-steps 1000000000000
(sort (range))
