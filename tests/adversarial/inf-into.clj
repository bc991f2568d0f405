;; an infinite lazy sequence realised by into
;; family: infinite
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(into [] (range))
