;; a 200,000-deep map compared and printed
;; family: deep
;; expect: limit|value
;; limits: --timeout-ms 500 --max-steps 2000000
(def m (reduce (fn [m _] {:a m}) {} (range 200000)))
(def n (reduce (fn [m _] {:a m}) {} (range 200000)))
[(= m n) (count (str m))]
