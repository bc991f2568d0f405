;; an infinite lazy sequence realised by apply
;; family: infinite
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(apply + (range))
