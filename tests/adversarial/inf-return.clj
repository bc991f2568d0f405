;; an infinite lazy sequence realised by return
;; family: infinite
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(return (range))
