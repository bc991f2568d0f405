;; an infinite lazy sequence realised by zipmap
;; family: infinite
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(zipmap (range) (range))
