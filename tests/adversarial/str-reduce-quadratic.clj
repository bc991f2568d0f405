;; building a string by repeated str (quadratic copying)
;; family: string
;; expect: limit
;; limits: --timeout-ms 300 --max-steps 1000000000000
(count (reduce str (range 10000000)))
