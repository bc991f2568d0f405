;; an infinite lazy sequence realised by hash-set
;; family: infinite
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(hash-set (range))
