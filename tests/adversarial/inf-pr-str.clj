;; an infinite lazy sequence realised by pr-str
;; family: infinite
;; expect: limit
;; limits: --timeout-ms 300 --max-steps 1000000000000
(pr-str (range))
