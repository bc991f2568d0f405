;; endless non-tail self-recursion
;; family: recursion
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(defn f [n] (f n))
(f 1)
