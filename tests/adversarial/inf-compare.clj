;; an infinite lazy sequence realised by compare
;; family: infinite
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(compare (vec (range)) [1])
