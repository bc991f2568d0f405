;; = of two 200,000-deep vectors (native recursion must not overflow the stack)
;; family: deep
;; expect: limit|value
;; limits: --timeout-ms 500 --max-steps 2000000
(def a (nth (iterate vector []) 200000))
(def b (nth (iterate vector []) 200000))
(= a b)
