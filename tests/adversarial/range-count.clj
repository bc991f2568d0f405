;; (count (range 1e12)) (a counted range may answer at once)
;; family: range
;; expect: limit|value
;; limits: --timeout-ms 500 --max-steps 2000000
(count (range 1e12))
