;; an infinite lazy sequence realised by dorun
;; family: infinite
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(dorun (range))
