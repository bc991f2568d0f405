;; an infinite lazy sequence realised by every?
;; family: infinite
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(every? number? (range))
