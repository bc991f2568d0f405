;; an infinite lazy sequence realised by doall
;; family: infinite
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(doall (repeatedly #(rand-int 10)))
