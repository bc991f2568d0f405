;; an infinite lazy sequence realised by group-by
;; family: infinite
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(group-by even? (range))
