;; an infinite lazy sequence realised by set
;; family: infinite
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(set (repeat 1))
