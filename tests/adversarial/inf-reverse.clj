;; an infinite lazy sequence realised by reverse
;; family: infinite
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(reverse (range))
