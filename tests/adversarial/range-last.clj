;; last of 1e12 numbers
;; family: range
;; expect: limit|value
;; limits: --timeout-ms 500 --max-steps 2000000
(last (range 1000000000000))
