;; recursion that grows a value
;; family: recursion
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(defn f [x] (f [x x]))
(f 1)
