;; an infinite lazy sequence realised by filterv
;; family: infinite
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(filterv neg? (range))
