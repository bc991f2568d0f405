;; an infinite lazy sequence realised by mapv
;; family: infinite
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(mapv inc (range))
