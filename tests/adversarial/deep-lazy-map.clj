;; 100,000 nested lazy map layers realised at once
;; family: deep
;; expect: limit|value
;; limits: --timeout-ms 500 --max-steps 2000000
(first (reduce (fn [s _] (map inc s)) (range 10) (range 100000)))
