;; an infinite lazy sequence realised by println
;; family: infinite
;; expect: limit|value
;; limits: --timeout-ms 500 --max-steps 2000000
(println (range))
