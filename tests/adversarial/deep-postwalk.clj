;; postwalk over a 200,000-deep vector
;; family: deep
;; expect: limit|value
;; limits: --timeout-ms 500 --max-steps 2000000
(def a (nth (iterate vector []) 200000))
(def b (nth (iterate vector []) 200000))
(= a (clojure.walk/postwalk identity a))
