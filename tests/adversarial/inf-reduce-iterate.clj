;; an infinite lazy sequence realised by reduce
;; family: infinite
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(reduce + (iterate inc 0))
