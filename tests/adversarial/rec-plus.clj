;; non-tail recursion under +
;; family: recursion
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(defn f [n] (+ 1 (f (inc n))))
(f 0)
