;; an infinite lazy sequence realised by last
;; family: infinite
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(last (cycle [1]))
