;; 100,000 nested lazy concats realised at once
;; family: deep
;; expect: limit|value
;; limits: --timeout-ms 500 --max-steps 2000000
(first (reduce (fn [s i] (concat s [i])) [] (range 100000)))
