;; an infinite lazy sequence realised by sort-by
;; family: infinite
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(sort-by - (range))
